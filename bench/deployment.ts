/**
 * npm run bench:deployment [runs] — the suite against the reference under every condition of a real deployment at
 * once (docs/variants.md, "Combinations"): `tdss serve --variant deployment-realistic`, alone and with production-sized
 * data (`data-production-sized`, whose sizes the server is started with), and `deployment-other-stack`, each `runs`
 * times (default 1). For each run: the wall time of `tdss run` (the CLI, a child process; the server's start not
 * counted), its verdicts, the cases not run and why, and the Credits spent. A run with a failed case or a case not run
 * is a false verdict of the suite: the combinations are legal, and the script exits 1.
 */
import { DEMO_KEYS_ENV, startTdss, timedRun } from "./support.js";

/** Each combination and the sizes its server is started with (data-production-sized's, src/reference/variants). */
const COMBINATIONS = [
  { variant: "deployment-realistic", sizes: ["--people", "300", "--jobs", "150", "--companies", "120"] },
  { variant: "deployment-other-stack", sizes: ["--people", "300", "--jobs", "150", "--companies", "120"] },
  {
    variant: "deployment-realistic,data-production-sized",
    sizes: ["--people", "150000", "--jobs", "20000", "--companies", "10000"],
  },
] as const;

interface Summary {
  readonly passed: number;
  readonly failed: number;
  readonly skipped: number;
  readonly creditsSpent: number;
  readonly notRun?: Readonly<Record<string, number>>;
}

interface Report {
  readonly summary: Summary;
  readonly cases: readonly { readonly id: string; readonly status: string; readonly reason?: string }[];
}

const runs = Number(process.argv[2] ?? 1);
if (!Number.isInteger(runs) || runs < 1) {
  console.error(`npm run bench:deployment [runs]: runs must be a whole number from 1, got ${process.argv[2]}`);
  process.exit(2);
}
let clean = true;
for (const { variant, sizes } of COMBINATIONS) {
  const server = await startTdss(["serve", "--port", "0", "--variant", variant, ...sizes]);
  try {
    for (let i = 1; i <= runs; i++) {
      const { seconds, exitCode, report } = await timedRun<Report>(["--base-url", server.url], {
        ...process.env,
        ...DEMO_KEYS_ENV,
      });
      const s = report.summary;
      const notRun = report.cases.filter((c) => c.status === "skipped").map((c) => `${c.id}: ${c.reason ?? "?"}`);
      const failed = report.cases.filter((c) => c.status === "failed").map((c) => c.id);
      clean &&= exitCode === 0 && s.failed === 0 && s.skipped === 0;
      console.log(
        `${variant} run ${i}: ${seconds.toFixed(1)} s, exit ${exitCode}, ${s.passed} passed, ${s.failed} failed, ` +
          `${s.skipped} not run, ${s.creditsSpent} Credits`,
      );
      for (const line of [...failed.map((id) => `failed ${id}`), ...notRun.map((r) => `not run ${r}`)])
        console.log(`  ${line}`);
    }
  } finally {
    await server.stop();
  }
}
process.exitCode = clean ? 0 : 1;
