/**
 * npm run bench:lint (third part) — how fast the command line starts, side by side with Node's own start in one
 * run: `node -e 0` (the floor), `tdss --help`, `tdss lint` of one query from standard input and of one file, and
 * `import("tdss/lint")` plus a first `lint()`, each spawned RUNS times in interleaved rounds (so load from
 * elsewhere falls on all alike), the median wall time of each and its ratio to the floor. Targets
 * (docs/benchmarks.md, "Start-up"): `--help` within 2x the floor, the lint CLI within 3x, the library within 2x.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const QUERY =
  '{"where":{"all":[{"field":"management_level","eq":"Director"},{"field":"city","eq":"Paris"}]},"size":10}';

const FILE = join(mkdtempSync(join(tmpdir(), "tdss-bench-startup-")), "query.json");
writeFileSync(FILE, QUERY);
const TDSS = join(ROOT, "bin", "tdss.js");

const subjects = [
  { name: "node -e 0 (the floor)", args: ["-e", "0"], input: undefined, target: undefined },
  { name: "tdss --help", args: [TDSS, "--help"], input: undefined, target: 2 },
  { name: "tdss lint, one query from stdin", args: [TDSS, "lint"], input: QUERY, target: 3 },
  { name: "tdss lint FILE, one query", args: [TDSS, "lint", FILE], input: undefined, target: 3 },
  {
    name: 'import("tdss/lint") + first lint()',
    args: ["--input-type=module", "-e", `const { lint } = await import("tdss/lint"); lint(${JSON.stringify(QUERY)});`],
    input: undefined,
    target: 2,
  },
] as const;

function once(args: readonly string[], input: string | undefined): number {
  const started = performance.now();
  const r = spawnSync(process.execPath, args, { cwd: ROOT, input, encoding: "utf8" });
  const ms = performance.now() - started;
  if (r.status !== 0 && r.status !== 1) throw new Error(`${args.join(" ")} exited with ${r.status}: ${r.stderr}`);
  return ms;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const times: number[][] = subjects.map(() => []);
for (const s of subjects) once(s.args, s.input); // warm the file cache
for (let round = 0; round < RUNS; round++) subjects.forEach((s, i) => times[i]!.push(once(s.args, s.input)));
const floor = median(times[0]!);
console.log(
  `bench:lint start-up — ${RUNS} interleaved runs each, median wall time; load ` +
    `average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores\n`,
);
let ok = true;
subjects.forEach((s, i) => {
  const m = median(times[i]!);
  const ratio = m / floor;
  const verdict = s.target === undefined ? "" : ratio <= s.target ? `<= ${s.target}x  PASS` : `<= ${s.target}x  FAIL`;
  if (s.target !== undefined && ratio > s.target) ok = false;
  console.log(`${s.name.padEnd(38)} ${m.toFixed(0).padStart(6)} ms  ${ratio.toFixed(2).padStart(5)}x  ${verdict}`);
});
rmSync(dirname(FILE), { recursive: true, force: true });
process.exit(ok ? 0 : 1);
