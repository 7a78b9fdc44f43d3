/** What the benchmark scripts share: where the CLI is, the demo key, autocannon, and a `tdss` child process. */
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The package root (benchmarks run from dist/bench/). */
export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const TDSS = join(ROOT, "bin", "tdss.js");
/** The reference server's demo active key (docs/serve.md): public, sandbox only. */
export const DEMO_KEY = "svc_demo_active_reference_key";
/** The three demo keys as `tdss run` reads them: the active one, and the auth cases' exhausted and inactive ones. */
export const DEMO_KEYS_ENV = {
  TDSS_API_KEY: DEMO_KEY,
  TDSS_SECOND_API_KEY: "svc_demo_exhausted_reference_key",
  TDSS_INACTIVE_API_KEY: "svc_demo_inactive_reference_key",
};
export const JSON_HEADERS = { authorization: `Bearer ${DEMO_KEY}`, "content-type": "application/json" };

export interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}
export const autocannon = createRequire(import.meta.url)("autocannon") as (
  options: object,
) => Promise<AutocannonResult>;

export interface TdssChild {
  url: string;
  pid: number;
  stop: () => Promise<void>;
}

/** Starts `tdss <args>` and resolves once it prints the address it listens on. */
export async function startTdss(args: string[]): Promise<TdssChild> {
  const proc = spawn(process.execPath, [TDSS, ...args], { stdio: ["ignore", "pipe", "inherit"] });
  const exited = new Promise<void>((resolve) => proc.once("exit", () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    let out = "";
    proc.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (\S+?),?(\s|$)/.exec(out);
      if (match) resolve(match[1]!);
    });
    proc.once("exit", (code) => reject(new Error(`tdss ${args[0]} exited with ${code} before it was ready:\n${out}`)));
  });
  return {
    url,
    pid: proc.pid!,
    stop: async () => {
      proc.kill("SIGTERM");
      await exited;
    },
  };
}

/** A `tdss run` the benchmarks timed: its wall time (the process's), its exit status and its report.json. */
export interface TimedRun<R> {
  readonly seconds: number;
  readonly exitCode: number;
  readonly report: R;
}

/** Runs `tdss run <args>` with the JSON reporter into a folder of its own and reads its report; the folder goes. */
export async function timedRun<R>(args: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<TimedRun<R>> {
  const dir = mkdtempSync(join(tmpdir(), "tdss-bench-run-"));
  const started = performance.now();
  const child = spawn(process.execPath, [TDSS, "run", "--reporter", "json", "--report-dir", dir, ...args], {
    stdio: ["ignore", "ignore", "pipe"],
    env,
  });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exitCode = await new Promise<number>((resolve) => child.once("exit", (code) => resolve(code ?? 1)));
  const seconds = (performance.now() - started) / 1000;
  try {
    const run = readdirSync(dir)[0];
    if (!run) throw new Error(`tdss run exited with ${exitCode} and wrote no report:\n${stderr}`);
    return { seconds, exitCode, report: JSON.parse(readFileSync(join(dir, run, "report.json"), "utf8")) as R };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
