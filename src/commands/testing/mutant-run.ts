/** `tdss run` in-process against the reference serving one hand-written mutant (for tests of what a run keeps). */
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startReferenceServer } from "../../reference/index.js";
import type { Report } from "../../report/index.js";
import { executeRun } from "../run.js";

export interface MutantRun {
  readonly server: Awaited<ReturnType<typeof startReferenceServer>>;
  readonly code: number;
  /** What the run printed, standard output and error together. */
  readonly out: string;
  /** The run's report folder and the files in it. */
  readonly runDir: string;
  readonly files: readonly string[];
  readonly report: Report;
}

/** Runs the cases `only` selects against a small reference serving `mutant`; the caller closes `server`. */
export async function runAgainstMutant(mutant: string, only: string): Promise<MutantRun> {
  const server = await startReferenceServer({ port: 0, people: 300, jobs: 60, companies: 40, mutant });
  const dir = mkdtempSync(join(tmpdir(), "tdss-mutant-run-"));
  const env = { TDSS_API_KEY: server.keys.active, TDSS_SECOND_API_KEY: server.keys.exhausted };
  let out = "";
  const code = await executeRun(
    { baseUrl: server.url, only, reportDir: join(dir, "reports") },
    { out: (t) => (out += t), err: (t) => (out += t), env, cwd: dir },
  );
  const runDir = join(dir, "reports", readdirSync(join(dir, "reports"))[0]!);
  const files = readdirSync(runDir).map((f) => join(runDir, f));
  const report = JSON.parse(readFileSync(join(runDir, "report.json"), "utf8")) as Report;
  return { server, code, out, runDir, files, report };
}
