import { afterEach } from "vitest";
import { runConformance } from "../run.js";
import { loadSuites, selectCases } from "../suites.js";
import { startFakeDeployment, type Fault, type FakeDeployment } from "./fake-deployment.js";

/**
 * One case of the suite, run alone (concurrency 1, 5 s timeout, 100 Credits) against the fake deployment with
 * `faults`; `details` counts the requests the deployment received on `detailRoute` (`POST /entity/v1/...`). The
 * deployment of each run is closed after each test of the file that calls this.
 */
export function suiteCaseOnFake(caseId: string, detailRoute: string) {
  let fake: FakeDeployment | undefined;
  afterEach(async () => {
    await fake?.close();
    fake = undefined;
  });
  return async (faults: readonly Fault[]) => {
    fake = await startFakeDeployment({ faults });
    const outcome = await runConformance({
      baseUrl: fake.url,
      apiKey: fake.keys.active,
      cases: selectCases(loadSuites(), caseId),
      maxCredits: 100,
      concurrency: 1,
      timeoutMs: 5000,
    });
    return { outcome, result: outcome.results[0]!, details: fake.hits.get(detailRoute) };
  };
}
