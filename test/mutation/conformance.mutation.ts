import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startReferenceServer, type ReferenceServer } from "../../src/reference/index.js";
import { runConformance } from "../../src/runner/run.js";
import type { CaseDef } from "../../src/runner/types.js";

/**
 * The default suites as one vitest test per case, against the reference server started in-process: what
 * `npm run mutation` (Stryker, stryker.config.json) runs against each mutant of the reference. One test per
 * case lets Stryker's per-test coverage run only the cases that reach a mutant; a case that fails kills it.
 * The dataset is the selftest's small one (src/selftest/plan.ts): every fault a case can see shows on it.
 * How to run it and read the reports: docs/selftest.md ("Stryker").
 */
const DATASET = { people: 300, jobs: 150, companies: 120 } as const;

const all = inject("cases");
/**
 * A case that runs after every other reads what the run fetched (the privacy scan): it runs here after the
 * other cases of its area, which fetch people records for it to read.
 */
const company = (c: CaseDef): CaseDef[] =>
  c.runs === "last" ? all.filter((o) => o.area === c.area && o.runs !== "last").concat(c) : [c];

let server: ReferenceServer | undefined;
/**
 * Why the server did not start, thrown by every case: a mutant that breaks start-up must fail the cases. Thrown
 * from beforeAll, it would leave the cases without a result, which Stryker's vitest runner scores as a survivor.
 */
let startError: unknown;
beforeAll(async () => {
  try {
    server = await startReferenceServer({ port: 0, ...DATASET });
  } catch (error) {
    startError = error;
  }
});
afterAll(async () => {
  await server?.close();
});

async function failuresOf(c: CaseDef): Promise<string[]> {
  if (!server) throw new Error("the reference server did not start", { cause: startError });
  const outcome = await runConformance({
    baseUrl: server.url,
    apiKey: server.keys.active,
    secondKey: server.keys.exhausted,
    inactiveKey: server.keys.inactive,
    cases: company(c),
    maxCredits: 100_000,
    // One case at a time: the test is one case, and Stryker runs one test at a time in each of its workers.
    concurrency: 1,
    timeoutMs: 15_000,
  });
  const stopped = outcome.stopped ? [`run stopped by ${outcome.stopped.by}: ${outcome.stopped.reason}`] : [];
  return outcome.results
    .filter((r) => r.status === "failed" || r.status === "drift")
    .map(
      (r) =>
        `${r.id} ${r.status}: ${r.reason ?? r.failures.map((f) => `${f.step} · ${f.check}: ${f.message}`).join(" | ")}`,
    )
    .concat(stopped);
}

describe("the default suites against the in-process reference", () => {
  for (const c of all) {
    it(c.id, async () => {
      expect(await failuresOf(c)).toEqual([]);
    });
  }
});
