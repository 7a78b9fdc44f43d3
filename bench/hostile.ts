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
const print = (line: string) => process.stdout.write(`${line}\n`);
const cell = (value: unknown, width: number) => String(value).padStart(width);

const flags = `--timeout ${options.timeoutMs} --concurrency ${options.concurrency}`;
print(`tdss run against ${kinds.length} hostile servers (${flags}; bound ${boundSeconds(options)} s each)\n`);
const header = `${"server".padEnd(26)} exit   wall    failed passed skipped not-run  key in output     verdict`;
print(`${header}\n${"-".repeat(header.length + 10)}`);
const results: HostileRunResult[] = [];
const started = performance.now();
for (const kind of kinds) {
  const r = await runAgainstHostile(kind, options);
  results.push(r);
  const s = r.summary;
  const figures = s ? [s.failed, s.passed, s.skipped, r.notRun] : ["-", "-", "-", "-"];
  const counts = figures.map((v, i) => cell(v, [6, 6, 7, 7][i]!));
  const leaked = (r.leaks.length ? "LEAKED" : "none").padEnd(16);
  const verdict = r.problems.length ? `PROBLEM: ${r.problems.join("; ")}` : "ok";
  const wall = `${cell(r.seconds.toFixed(1), 6)} s`;
  print(`${r.kind.padEnd(26)} ${cell(r.exitCode, 4)} ${wall} ${counts.join(" ")}  ${leaked}  ${verdict}`);
}
const total = (performance.now() - started) / 1000;
const bad = results.filter((r) => r.problems.length);
const slowest = results.reduce((a, b) => (b.seconds > a.seconds ? b : a));
const outcome = bad.length
  ? `${bad.length} with problems: ${bad.map((r) => r.kind).join(", ")}`
  : "every server ended in failed cases (or exit 2) within the bound, no key in any output";
print(`\n${results.length} servers in ${total.toFixed(1)} s; slowest ${slowest.kind} ${slowest.seconds.toFixed(1)} s`);
print(`(bound ${slowest.boundSeconds} s); ${outcome}`);
process.exitCode = bad.length ? 1 : 0;
