import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { MAX_CONSECUTIVE_TRANSPORT_FAILURES } from "../../client/transport-health.js";
import { keyEncodings, redactor } from "../credentials.js";
import { startHostileServer, type HostileKind } from "./hostile-servers.js";

/** The package root, from src/runner/testing/ (sources under vitest) or dist/src/runner/testing/ (built). */
function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++, dir = dirname(dir)) {
    try {
      if (statSync(join(dir, "bin", "tdss.js")).isFile() && statSync(join(dir, "package.json")).isFile()) return dir;
    } catch {
      // not here: one folder up
    }
  }
  throw new Error("cannot find the package root (bin/tdss.js)");
}

/** The keys the benchmark runs with: `/`, `+` and `=` make every encoding of them differ from the key as written. */
const BENCH_KEYS = { primary: "svc_h0st/ile+k3y=t35t_9f8e7d6c5b4a", second: "svc_s3c0nd/k3y+t35t=0a1b2c3d4e5f" };

export interface HostileRunOptions {
  readonly timeoutMs: number;
  readonly concurrency: number;
}

export interface HostileRunResult {
  readonly kind: string;
  readonly exitCode: number | null;
  readonly seconds: number;
  /** The longest a run may take against a hostile server with these options. */
  readonly boundSeconds: number;
  readonly summary?: { passed: number; failed: number; skipped: number; total: number; exitCode: number };
  readonly notRun: number;
  /** Files of the report folder. */
  readonly files: readonly string[];
  /** Where a key was found (file or stream, and the encoding). */
  readonly leaks: readonly string[];
  readonly bystanderHits: number;
  /** What is wrong with the run: a passing verdict, a crash, a hang past the bound, a leak; empty when none. */
  readonly problems: readonly string[];
}

/**
 * The bound on a run's wall time (docs/runner-robustness.md): process start and the suite's own work, reading a
 * capped 16 MiB body included (30 s on a loaded machine), plus the requests that may each wait the whole timeout
 * before the run stops: the consecutive failures that stop it, and the requests already under way at each of
 * `concurrency` workers, twice.
 */
export function boundSeconds(options: HostileRunOptions): number {
  return 30 + (options.timeoutMs / 1000) * (MAX_CONSECUTIVE_TRANSPORT_FAILURES + 2 * options.concurrency);
}

/** Where either key appears in `text`, in a spelling `keyEncodings` lists or one the run's redaction knows. */
function keyFindings(text: string, where: string): string[] {
  const found: string[] = [];
  for (const key of [BENCH_KEYS.primary, BENCH_KEYS.second]) {
    for (const [encoding, spelled] of Object.entries(keyEncodings(key)))
      if (text.includes(spelled)) found.push(`${where}: ${encoding}`);
  }
  const redact = redactor([
    { key: BENCH_KEYS.primary, placeholder: "" },
    { key: BENCH_KEYS.second, placeholder: "" },
  ]);
  if (found.length === 0 && redact(text) !== text) found.push(`${where}: another encoding`);
  return found;
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? listFiles(join(dir, e.name)) : [join(dir, e.name)],
  );
}

interface CliRun {
  readonly exitCode: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** Killed 30 s past the bound. */
  readonly hung: boolean;
  readonly seconds: number;
}

/** `tdss run` as a child process against `url`, with the bench keys, its report in `reportDir`. */
async function runCli(url: string, reportDir: string, options: HostileRunOptions, bound: number): Promise<CliRun> {
  const args = [
    join(packageRoot(), "bin", "tdss.js"),
    "run",
    "--base-url",
    url,
    "--timeout",
    String(options.timeoutMs),
    "--concurrency",
    String(options.concurrency),
    "--max-credits",
    "1000",
    "--report-dir",
    reportDir,
  ];
  const env = {
    ...process.env,
    TDSS_API_KEY: BENCH_KEYS.primary,
    TDSS_SECOND_API_KEY: BENCH_KEYS.second,
    GITHUB_STEP_SUMMARY: "",
  };
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: reportDir, env, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (c: Buffer) => (stdout += c.toString()));
  child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
  let hung = false;
  const killer = setTimeout(
    () => {
      hung = true;
      child.kill("SIGKILL");
    },
    (bound + 30) * 1000,
  );
  const exitCode = await new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  clearTimeout(killer);
  return { exitCode, stdout, stderr, hung, seconds: (performance.now() - started) / 1000 };
}

/** What is wrong with how the run ended; empty when nothing is. */
function problemsOf(
  run: CliRun,
  bound: number,
  hasReport: boolean,
  leaks: readonly string[],
  bystanderHits: number,
): string[] {
  const { exitCode, stderr, seconds } = run;
  const problems: string[] = [];
  if (exitCode === 0) problems.push("a passing verdict");
  if (run.hung) problems.push(`killed after ${bound + 30} s`);
  else if (seconds > bound) problems.push(`took ${seconds.toFixed(1)} s, past the bound of ${bound} s`);
  if (exitCode !== null && exitCode !== 0 && exitCode !== 1 && exitCode !== 2) problems.push(`exit status ${exitCode}`);
  if (/internal error|\n\s+at .+:\d+:\d+\)?\n/.test(stderr))
    problems.push(`a crash: ${stderr.split("\n").find((l) => l.includes("error")) ?? stderr.slice(0, 200)}`);
  if (exitCode !== 2 && !hasReport) problems.push("no report.json");
  if (leaks.length) problems.push(`the key in ${leaks.join(", ")}`);
  if (bystanderHits > 0) problems.push(`${bystanderHits} request(s) reached another origin`);
  return problems;
}

/** Runs `tdss run` (the CLI, as a child process) against one hostile server and judges how it ended. */
export async function runAgainstHostile(kind: HostileKind, options: HostileRunOptions): Promise<HostileRunResult> {
  const server = await startHostileServer(kind, { secondKey: BENCH_KEYS.second });
  const reportDir = mkdtempSync(join(tmpdir(), "tdss-hostile-"));
  const bound = boundSeconds(options);
  try {
    const run = await runCli(server.url, reportDir, options, bound);
    const files = listFiles(reportDir);
    const leaks = [
      ...keyFindings(run.stdout, "console (stdout)"),
      ...keyFindings(run.stderr, "console (stderr)"),
      ...files.flatMap((f) => keyFindings(readFileSync(f, "utf8"), f.slice(reportDir.length + 1))),
    ];
    const reportFile = files.find((f) => f.endsWith("report.json"));
    const report = reportFile
      ? (JSON.parse(readFileSync(reportFile, "utf8")) as {
          summary: HostileRunResult["summary"];
          cases: { reason?: string }[];
        })
      : undefined;
    return {
      kind: kind.id,
      exitCode: run.exitCode,
      seconds: run.seconds,
      boundSeconds: bound,
      ...(report ? { summary: report.summary } : {}),
      notRun: report?.cases.filter((c) => c.reason?.startsWith("not run:")).length ?? 0,
      files: files.map((f) => f.slice(reportDir.length + 1)),
      leaks,
      bystanderHits: server.bystanderHits(),
      problems: problemsOf(run, bound, report !== undefined, leaks, server.bystanderHits()),
    };
  } finally {
    await server.close();
    rmSync(reportDir, { recursive: true, force: true });
  }
}
