import { describe, expect, it } from "vitest";
import { loadSuites, selectCases } from "../suites.js";
import { planRun } from "../run.js";
import { suiteCaseOnFake } from "../testing/suite-case-on-fake.js";

/**
 * `observed_if_changed` (src/runner/stages/second-look.ts) on the suite's own case: the pages of a set narrowed from
 * two people's own values, whose checks read those two people once more for the case where one fails. Changed (a
 * refresh, §1), the failure is observed; read the same, it stands.
 */
const CASE = "routes/pagination-edges-people";
const DETAIL = "POST /entity/v1/profiles/detail-by-id";
const run = suiteCaseOnFake(CASE, DETAIL);

describe("a look at the records a request was built from", () => {
  it("asks nothing again where the pages pass", async () => {
    const { result, details, outcome } = await run([]);
    expect(result.status).toBe("passed");
    expect(details).toBe(1);
    expect(outcome.observed["second-look.snapshot-changed.people"]).toBeUndefined();
  });

  it("leaves a failure standing where the records read the same, asking them once for the case", async () => {
    const { result, details } = await run(["next-to-empty-page"]);
    expect(result.status).toBe("failed");
    expect(details).toBe(2);
    expect(result.failures.map((f) => f.check)).toContain("next-leads-to-ids");
    expect(result.failures[0]?.message).toMatch(/\(the records of step "read their values", asked once more, answered/);
  });

  it("observes the failure, never fails it, where the records changed under the comparison", async () => {
    const { result, details, outcome } = await run(["next-to-empty-page", "moved-after-first-detail"]);
    expect(result.failures).toEqual([]);
    expect(result.status).toBe("passed");
    expect(details).toBe(2);
    const seen = outcome.observed["second-look.snapshot-changed.people"];
    expect(seen?.clauses).toEqual(["s1-snapshot-data-lag"]);
    expect(JSON.stringify(seen?.value)).toContain("changed (records) when asked again");
    expect(outcome.credits.spent).toBeLessThanOrEqual(outcome.credits.estimated);
  });

  it("is priced once with the case before anything is sent", () => {
    const plan = planRun(selectCases(loadSuites(), CASE), { maxCredits: 100 });
    const looks = plan.cases[0]!.steps.filter((s) => s.label.includes('second look at the records of "read their'));
    expect(looks.length).toBe(1);
  });
});
