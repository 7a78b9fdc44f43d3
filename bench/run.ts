/**
 * npm run bench:run — the targets of the conformance runner (docs/benchmarks.md), measured side by side in one run:
 * the wall time of `tdss run` over the full default suite against the embedded reference server, including
 * the server's start (the real CLI, as a child process), at the default concurrency and at concurrency 1,
 * and the Credits the run spent, read from its report.json.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { TDSS } from "./support.js";

const TARGETS = { seconds: 20, credits: 250 };

interface Measured {
  seconds: number;
  exitCode: number;
  summary: {
    total: number;
    passed: number;
    failed: number;
    skipped: number;
    creditsSpent: number;
    creditsEstimated: number;
    creditsLimit: number;
  };
}

async function timedRun(concurrency: number): Promise<Measured> {
  const dir = mkdtempSync(join(tmpdir(), "tdss-bench-run-"));
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [TDSS, "run", "--reporter", "json", "--report-dir", dir, "--concurrency", String(concurrency)],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exitCode = await new Promise<number>((resolve) => child.once("exit", (code) => resolve(code ?? 1)));
  const seconds = (performance.now() - started) / 1000;
  try {
    const run = readdirSync(dir)[0];
    if (!run) throw new Error(`tdss run exited with ${exitCode} and wrote no report:\n${stderr}`);
    const report = JSON.parse(readFileSync(join(dir, run, "report.json"), "utf8")) as { summary: Measured["summary"] };
    return { seconds, exitCode, summary: report.summary };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const verdict = (ok: boolean) => (ok ? "ok" : "MISSED");

const parallel = await timedRun(4);
const serial = await timedRun(1);
const s = parallel.summary;
const lines = [
  "tdss run: the full default suite against the embedded reference server (wall time includes the server's start)",
  `  concurrency 4 (default)  ${parallel.seconds.toFixed(1).padStart(5)} s   target < ${TARGETS.seconds} s   ${verdict(parallel.seconds < TARGETS.seconds)}`,
  `  concurrency 1            ${serial.seconds.toFixed(1).padStart(5)} s   the default is ${(serial.seconds / parallel.seconds).toFixed(2)}x as fast`,
  `  Credits spent            ${String(s.creditsSpent).padStart(5)}     target < ${TARGETS.credits}      ${verdict(s.creditsSpent < TARGETS.credits)}   (worst case predicted ${s.creditsEstimated}, limit ${s.creditsLimit}; ${(s.creditsSpent / s.creditsEstimated).toFixed(2)} of the prediction)`,
  `  cases                    ${String(s.total).padStart(5)}     ${s.passed} passed, ${s.failed} failed, ${s.skipped} skipped (exit ${parallel.exitCode})`,
];
process.stdout.write(`${lines.join("\n")}\n`);
process.exitCode = parallel.seconds < TARGETS.seconds && s.creditsSpent < TARGETS.credits ? 0 : 1;
