import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadSuiteFile, loadSuites, selectCases } from "./suites.js";
import { BudgetError, planRun, runConformance } from "./run.js";
import type { RunOptions } from "./run-options.js";
import { startFakeDeployment, type Fault, type FakeDeployment } from "./testing/fake-deployment.js";
import { DEFAULT_MAX_CREDITS } from "../commands/run.js";

const allCases = loadSuites().filter((c) => c.area !== "mcp");
let fake: FakeDeployment | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function run(faults: Fault[], only?: string, extra: Partial<RunOptions> = {}) {
  fake = await startFakeDeployment({ faults });
  const cases = only ? selectCases(allCases, only) : allCases;
  return runConformance({
    baseUrl: fake.url,
    apiKey: fake.keys.active,
    secondKey: fake.keys.exhausted,
    inactiveKey: fake.keys.inactive,
    cases,
    // The product's default budget: the whole suite's worst case must fit in what `tdss run` allows by default.
    maxCredits: DEFAULT_MAX_CREDITS,
    concurrency: 4,
    timeoutMs: 5000,
    ...extra,
  });
}

describe("runConformance against a conformant deployment", () => {
  it("passes every case, within the predicted worst case, and books what the balance shows", async () => {
    const outcome = await run([]);
    const notPassed = outcome.results
      .filter((r) => r.status !== "passed")
      .map((r) => ({ id: r.id, failures: r.failures, reason: r.reason }));
    expect(notPassed).toEqual([]);
    expect(outcome.credits.spent).toBe(100_000 - fake!.balance(fake!.keys.active));
    expect(outcome.credits.spent).toBeGreaterThan(0);
    expect(outcome.credits.spent).toBeLessThanOrEqual(outcome.credits.estimated);
    expect(outcome.observed["members.key_status"]?.value).toMatchObject({
      remaining: { pointer: "/data/credits_remaining", source: "detected" },
    });
    expect(outcome.observed["credits.getVersion"]?.value).toBe(0);
    expect(outcome.observed["rate_limit.pacing"]?.value).toEqual({ requests_per_second: 9000 });
  });

  it("leaves the Credits unjudged, never failed, when key status shows no balance it can read", async () => {
    // A pin to a member key status does not have: the tester's configuration, which the key-status check reports.
    const only = "credits/key-status-free,routes/detail-cost-and-not-found-people";
    const outcome = await run([], only, { implementation: { keyStatus: { remaining: "/data/wallet/left" } } });
    expect(outcome.results.map((r) => [r.status, r.notRun])).toEqual([
      ["skipped", "configuration"],
      ["skipped", "configuration"],
    ]);
    expect(outcome.results[0]!.reason).toMatch(/cannot be measured: remaining Credits at \/data\/wallet\/left/);
  });

  it("sends nothing but free key status calls on a dry run", async () => {
    const outcome = await run([], undefined, { dryRun: true });
    expect(outcome.results).toEqual([]);
    expect([...fake!.hits.keys()]).toEqual(["GET /auth/key/status"]);
    expect(outcome.plan.worstCase).toBeGreaterThan(0);
    expect(fake!.balance(fake!.keys.active)).toBe(100_000);
  });

  it("refuses to start when the worst case is above the budget, before sending anything", async () => {
    fake = await startFakeDeployment();
    const cases = allCases;
    const worst = planRun(cases, { maxCredits: 0 }).worstCase;
    await expect(
      runConformance({
        baseUrl: fake.url,
        apiKey: fake.keys.active,
        cases,
        maxCredits: worst - 1,
        concurrency: 2,
        timeoutMs: 2000,
      }),
    ).rejects.toThrow(BudgetError);
    expect(fake.hits.size).toBe(0);
  });

  it(
    "skips a step whose worst case no longer fits, so an " + "overcharging deployment never takes the run over budget",
    async () => {
      const cases = selectCases(allCases, "routes/detail-cost-and-not-found-people");
      const worst = planRun(cases, { maxCredits: 0 }).worstCase;
      const outcome = await run(["overcharge-detail"], "routes/detail-cost-and-not-found-people", {
        maxCredits: worst,
      });
      expect(outcome.results[0]!.status).toBe("failed");
      expect(100_000 - fake!.balance(fake!.keys.active)).toBeLessThanOrEqual(worst);
    },
  );

  it("refuses to start when a case cannot be priced, naming the case", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "tdss-run-")), "odd.yaml");
    writeFileSync(
      file,
      `cases:
  - id: unknown-operation
    title: a step naming no route of the contract
    clauses: [s4-1-nine-routes]
    steps:
      - let: { op: deletePeople }
        request: { operation: "{{ op }}" }
  - id: fine
    title: key status
    clauses: [s8-cost-key-status]
    steps:
      - request: { operation: getKeyStatus }
        expect: [envelope]
`,
    );
    fake = await startFakeDeployment();
    await expect(
      runConformance({
        baseUrl: fake.url,
        apiKey: fake.keys.active,
        cases: loadSuiteFile(file, "odd"),
        maxCredits: 10,
        concurrency: 2,
        timeoutMs: 2000,
      }),
    ).rejects.toThrow(
      /odd.yaml: case odd\/unknown-operation cannot be priced before the run: unknown operation "deletePeople"/,
    );
    expect(fake.hits.size).toBe(0);
  });

  it(
    "follows the balance: after unmeasured overcharges, the next measured step books the true spend and stops " +
      "at the limit",
    async () => {
      // jobs-id-reusable sends two unmeasured detail calls, each overcharged by one Credit; the measured
      // detail of profiles-resolve-search-ids then reads the balance and no longer fits.
      const only = "detail/jobs-id-reusable,detail/profiles-resolve-search-ids";
      const worst = planRun(selectCases(allCases, only), { maxCredits: 0 }).worstCase;
      const outcome = await run(["overcharge-detail"], only, { maxCredits: worst, concurrency: 1 });
      expect(outcome.results.map((r) => r.status)).toEqual(["passed", "skipped"]);
      expect(outcome.results[1]!.reason).toContain(
        `step 2 (detail) may cost up to 1 Credits and only 0 of the ${worst} budgeted remain`,
      );
      expect(outcome.credits.spent).toBe(100_000 - fake!.balance(fake!.keys.active));
    },
  );

  it("skips cases that need a second key when none is configured", async () => {
    const outcome = await run([], "auth/exhausted-*", { secondKey: undefined });
    expect(outcome.results.map((r) => r.status)).toEqual(["skipped", "skipped"]);
    expect(outcome.results[0]!.reason).toMatch(/second \(exhausted\) key/);
  });

  it("leaves the run-wide privacy scan not run, never failed, when no case fetched a record to scan", async () => {
    const outcome = await run([], "privacy/every-fetched-record");
    expect(outcome.results.map((r) => [r.status, r.notRun, r.failures.length])).toEqual([["skipped", "data", 0]]);
    expect(outcome.results[0]!.reason).toMatch(/fetched no people record to scan/);
  });
});

/** For each area, a deployment broken in one way, and a case of that area that must catch it. */
const WRONG: [area: string, fault: Fault, caseId: string, check: string][] = [
  ["envelope", "envelope-msg", "envelope/every-route-success", "envelope"],
  ["people-query", "total-as-text", "people-query/ids-total-next", "total-format"],
  ["people-query", "next-on-last-page", "routes/pagination-edges-jobs", "paginate"],
  ["people-query", "records-in-search", "people-query/ids-total-next", "ids-only"],
  ["jobs-companies-query", "jobs-total", "jobs-companies-query/ids-and-next", "no-total"],
  ["nl-search", "nl-extra-members", "nl-search/only-text-and-size", "refused"],
  ["detail", "job-nulls-omitted", "detail/jobs-records", "job-record"],
  ["detail", "detail-101", "routes/detail-id-limits-people", "refused"],
  ["limits", "size-unchecked", "routes/size-bounds-jobs", "refused"],
  ["query-spec", "unknown-field-accepted", "query-spec/lint-corpus-refused", "refused"],
  ["credits", "overcharge-detail", "routes/detail-cost-and-not-found-companies", "credits"],
  ["credits", "refusal-charged", "people-query/where-required", "credits"],
  ["auth", "no-auth", "auth/refused-without-valid-key", "refused"],
  ["version", "unstable-version", "version/version-and-fingerprint", "version-info"],
  ["privacy", "email-in-headline", "privacy/every-fetched-record", "privacy-scan"],
];

describe("each area catches a deliberately wrong deployment", () => {
  it.each(WRONG)("%s: %s fails %s", async (_area, fault, caseId, check) => {
    const only = caseId === "privacy/every-fetched-record" ? "detail/profiles-resolve-search-ids,privacy/*" : caseId;
    const outcome = await run([fault], only);
    const result = outcome.results.find((r) => r.id === caseId)!;
    expect(result.status).toBe("failed");
    const failure = result.failures.find((f) => f.check === check);
    expect(failure, JSON.stringify(result.failures, null, 1)).toBeDefined();
    expect(failure!.message.length).toBeGreaterThan(10);
    if (check !== "privacy-scan")
      expect(failure!.curl).toMatch(
        fault === "no-auth"
          ? /^curl -sS -X POST 'http:\/\/127\.0\.0\.1:\d+\//
          : /"authorization: Bearer \$TDSS_API_KEY"/,
      );
    expect(JSON.stringify(outcome)).not.toContain(fake!.keys.active);
  });

  it("reports a fingerprint other than the pinned one as drift, not as a failure", async () => {
    const outcome = await run([], "version/*", { fingerprint: "sha256:pinned-elsewhere" });
    const result = outcome.results[0]!;
    expect(result.status).toBe("drift");
    expect(result.failures[0]).toMatchObject({
      check: "version-info",
      expected: "sha256:pinned-elsewhere",
      actual: "sha256:fake",
    });
  });

  it("marks a listed failure as expected and a listed pass as unexpected", async () => {
    const expectations = new Map([
      ["version/version-and-fingerprint", "known: the fingerprint changes on every deploy"],
      ["credits/key-status-free", "listed by mistake"],
    ]);
    const outcome = await run(["unstable-version"], "version/*,credits/key-status-free", { expectations });
    expect(Object.fromEntries(outcome.results.map((r) => [r.id, r.status]))).toEqual({
      "credits/key-status-free": "unexpected-pass",
      "version/version-and-fingerprint": "expected-failure",
    });
  });
});
