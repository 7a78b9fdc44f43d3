import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadSuiteFile, loadSuites, selectCases } from "../suites.js";
import { planRun } from "../run.js";
import { suiteCaseOnFake } from "../testing/suite-case-on-fake.js";

/**
 * The second look (src/runner/stages/second-look.ts) on the suite's own case: a profile read by ID, then by its
 * LinkedIn URL, compared with `same-record`, which asks the read by ID again where the two differ. A refresh between
 * the reads is the deployment's right (§1, s1-snapshot-data-lag); a record that differs on every read matches neither
 * look.
 */
const CASE = "detail/profiles-by-linkedin-url";
const DETAIL = "POST /entity/v1/profiles/detail-by-id";
const run = suiteCaseOnFake(CASE, DETAIL);

describe("a check's second look at an earlier step", () => {
  it("asks nothing again where the answers agree", async () => {
    const { result, outcome, details } = await run([]);
    expect(result.status).toBe("passed");
    expect(details).toBe(2);
    expect(outcome.observed["second-look.snapshot-changed.people"]).toBeUndefined();
  });

  it("passes, and observes the refresh, when the data was refreshed between the two reads", async () => {
    const { result, outcome, details } = await run(["refreshed-after-first-detail"]);
    expect(result.failures).toEqual([]);
    expect(result.status).toBe("passed");
    // The read by ID asked once more, after the read by URL, and booked with the case.
    expect(details).toBe(3);
    expect(result.requests).toBe(4);
    const seen = outcome.observed["second-look.snapshot-changed.people"];
    expect(seen?.clauses).toEqual(["s1-snapshot-data-lag"]);
    expect(JSON.stringify(seen?.value)).toContain("by ID answered otherwise (record)");
    expect(outcome.credits.spent).toBeLessThanOrEqual(outcome.credits.estimated);
  });

  it("fails when the record matches neither read, and shows the second answer beside the first", async () => {
    const { result, details } = await run(["skills-differ-on-every-read"]);
    expect(result.status).toBe("failed");
    expect(details).toBe(3);
    const [failure] = result.failures;
    expect(failure?.check).toBe("same-record");
    expect(failure?.message).toMatch(/the records differ in skills \(and again against step "by ID" asked once more/);
    expect(failure?.related?.length).toBe(1);
  });

  it("is priced with the case before anything is sent", () => {
    const cases = selectCases(loadSuites(), CASE);
    const plan = planRun(cases, { maxCredits: 100 });
    const steps = plan.cases[0]!.steps.map((s) => s.label);
    expect(steps).toContain('step 3 (by URL), second look at "by ID"');
  });

  it("refuses a second look that names no earlier request sent once", () => {
    const dir = mkdtempSync(join(tmpdir(), "tdss-second-look-"));
    const file = join(dir, "odd.yaml");
    writeFileSync(
      file,
      [
        "cases:",
        "  - id: odd",
        "    title: odd",
        "    clauses: [s2-1-profile-linkedin-urls]",
        "    steps:",
        "      - name: search",
        "        request: { operation: queryPeople, body: { where: { field: full_name, exists: true }, size: 1 } }",
        "        captures: { ids: ids }",
        "      - request: { operation: getProfiles, body: { profile_ids: '{{ ids }}' } }",
        "        expect: [{ equals: { actual: 1, expected: 1 }, second_look: nowhere }]",
      ].join("\n"),
    );
    expect(() => loadSuiteFile(file, "odd")).toThrow(/second_look: names no earlier step "nowhere"/);
  });
});

describe("a second look at a deployment issuing IDs afresh on every call (s2-1-id-stability-not-shown)", () => {
  const reread = suiteCaseOnFake("detail/jobs-id-reusable", "POST /entity/v1/jobs/detail-by-id");

  it("sets aside the members the earlier read answered with other strings, and observes it", async () => {
    const { result, outcome, details } = await reread(["ids-issued-afresh"]);
    expect(result.failures).toEqual([]);
    expect(result.status).toBe("passed");
    expect(details).toBe(3);
    const seen = outcome.observed["ids.issued-afresh.getJobs"];
    expect(seen?.clauses).toEqual(["s2-1-id-stability-not-shown"]);
    expect(JSON.stringify(seen?.value)).toContain("/id answered with other strings by two reads of the same record");
    expect(outcome.observed["second-look.snapshot-changed.jobs"]).toBeUndefined();
  });

  it("asks nothing again, and observes nothing, where IDs are stable", async () => {
    const { result, outcome, details } = await reread([]);
    expect(result.status).toBe("passed");
    expect(details).toBe(2);
    expect(outcome.observed["ids.issued-afresh.getJobs"]).toBeUndefined();
  });
});
