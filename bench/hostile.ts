/**
 * npm run bench:hostile — `tdss run` (the CLI, as a child process, with a short --timeout) against each hostile
 * server of src/runner/testing/hostile-servers.ts, one after another on loopback. Per server it prints the exit
 * status, the wall time against its bound, the cases failed / passed / skipped and not run, and whether a key
 * appears in any output or report file. It exits 1 when a server gets a passing verdict, a crash, a run past the
 * bound, a leaked key or a request to another origin (docs/runner-robustness.md).
 */
import { HOSTILE_KINDS } from "../src/runner/testing/hostile-servers.js";
import { boundSeconds, runAgainstHostile, type HostileRunResult } from "../src/runner/testing/hostile-bench.js";

const options = { timeoutMs: 2000, concurrency: 4 };
const only = process.argv.slice(2);
const kinds = only.length ? HOSTILE_KINDS.filter((k) => only.includes(k.id)) : HOSTILE_KINDS;

process.stdout.write(`tdss run against ${kinds.length} hostile servers (--timeout ${options.timeoutMs} --concurrency ${options.concurrency}; bound ${boundSeconds(options)} s each)\n\n`);
const header = `${"server".padEnd(26)} exit   wall    failed passed skipped not-run  key in output     verdict`;
process.stdout.write(`${header}\n${"-".repeat(header.length + 10)}\n`);
const results: HostileRunResult[] = [];
const started = performance.now();
for (const kind of kinds) {
  const r = await runAgainstHostile(kind, options);
  results.push(r);
  const s = r.summary;
  const counts = s ? `${String(s.failed).padStart(6)} ${String(s.passed).padStart(6)} ${String(s.skipped).padStart(7)} ${String(r.notRun).padStart(7)}` : `${"-".padStart(6)} ${"-".padStart(6)} ${"-".padStart(7)} ${"-".padStart(7)}`;
  const line = `${r.kind.padEnd(26)} ${String(r.exitCode).padStart(4)} ${r.seconds.toFixed(1).padStart(6)} s ${counts}  ${(r.leaks.length ? "LEAKED" : "none").padEnd(16)}  ${r.problems.length ? `PROBLEM: ${r.problems.join("; ")}` : "ok"}`;
  process.stdout.write(`${line}\n`);
}
const total = (performance.now() - started) / 1000;
const bad = results.filter((r) => r.problems.length);
const slowest = results.reduce((a, b) => (b.seconds > a.seconds ? b : a));
process.stdout.write(
  `\n${results.length} servers in ${total.toFixed(1)} s; slowest ${slowest.kind} ${slowest.seconds.toFixed(1)} s (bound ${slowest.boundSeconds} s); ` +
    `${bad.length ? `${bad.length} with problems: ${bad.map((r) => r.kind).join(", ")}` : "every server ended in failed cases (or exit 2) within the bound, no key in any output"}\n`,
);
process.exitCode = bad.length ? 1 : 0;
