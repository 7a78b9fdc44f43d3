import { loadContract } from "../contract/index.js";
import { buildReport } from "../report/report.js";
import { beforeAll, describe, expect, it } from "vitest";
import { runConformance, type RunOutcome } from "./run.js";
import { loadSuites } from "./suites.js";
import { hostileKind, startHostileServer, type HostileServer } from "./testing/hostile-servers.js";

const KEY = "svc_hostile/suite+key=0123456789abcdef";
const SECOND = "svc_hostile/second+key=fedcba9876543210";
const cases = loadSuites();
/** A step whose verdicts rest on a reading (docs/verdicts.md): it warns, and cannot fail a deployment. */
const restsOnReading = (s: (typeof cases)[number]["steps"][number]) =>
  typeof s.clause === "string" &&
  loadContract().clauses.get(s.clause)?.kind !== undefined &&
  loadContract().clauses.get(s.clause)?.kind !== "must";
/**
 * Every case with a step that expects a refusal (of the request, or of the MCP transport) that a must clause compels.
 */
const expectingRefusal = new Set(
  cases
    .filter((c) =>
      c.steps.some(
        (s) => !restsOnReading(s) && s.expect.some((e) => e.name === "refused" || e.name === "mcp-unauthorized"),
      ),
    )
    .map((c) => c.id),
);

/**
 * Cases whose refusal is about the key's balance or rate: for these a 429 is that refusal (docs/design.md,
 * one exception, docs/runner-robustness.md), so a server answering 429 may pass them if it charges nothing.
 */
const aboutQuota = new Set(
  cases
    .filter((c) =>
      c.steps.some((s) => s.expect.some((e) => e.name === "refused" && (e.args as { about?: string } | null)?.about)),
    )
    .map((c) => c.id),
);

/** Servers that answer every request (key status aside) with something that is not a refusal. */
const KINDS = [
  "server-error", // 5xx, key status included
  "service-unavailable-html", // 503 without Retry-After: an answer, judged
  "redirect", // 3xx
  "request-timeout", // 408
  "rate-limited", // 429, Retry-After past the timeout
  "html", // 2xx bodies that are not the envelope
  "array-body",
  "null-body",
  "truncated-json",
  "invalid-json",
  "wrong-envelope-types",
  "envelope-code-500",
  "gzip-garbage",
  "unavailable-retry-after", // 503 with Retry-After past the timeout: no answer
  "reset", // transport errors
  "closed-mid-body",
];

/** Servers whose answers never arrive whole: the tester's transport gives up on each. */
const NO_ANSWER = new Set(["reset", "closed-mid-body"]);

async function runAgainst(id: string): Promise<{ outcome: RunOutcome; server: HostileServer; seconds: number }> {
  const server = await startHostileServer(hostileKind(id), { secondKey: SECOND });
  const started = performance.now();
  try {
    const outcome = await runConformance({
      baseUrl: server.url,
      apiKey: KEY,
      secondKey: SECOND,
      cases,
      maxCredits: 1000,
      concurrency: 4,
      timeoutMs: 1500,
    });
    return { outcome, server, seconds: (performance.now() - started) / 1000 };
  } finally {
    await server.close();
  }
}

describe("the whole suite against servers that never refuse", () => {
  beforeAll(() => {
    expect([...aboutQuota]).toEqual(["auth/exhausted-key-refused-free"]);
    expect(expectingRefusal.size).toBeGreaterThanOrEqual(20);
    expect(expectingRefusal).toContain("query-spec/lint-corpus-refused");
    expect(expectingRefusal).toContain("auth/exhausted-key-refused-free");
    expect(expectingRefusal).toContain("people-query/unknown-field-refused");
  });

  for (const id of KINDS) {
    it(`passes no case that expects a refusal against ${id}`, async () => {
      const { outcome, server } = await runAgainst(id);
      const passed = outcome.results
        .filter((r) => r.status === "passed" || r.status === "unexpected-pass")
        .map((r) => r.id);
      const exempt = (caseId: string) => id === "rate-limited" && aboutQuota.has(caseId);
      expect(passed.filter((caseId) => expectingRefusal.has(caseId) && !exempt(caseId))).toEqual([]);
      if (NO_ANSWER.has(id)) {
        // No answer is nothing to judge (docs/verdicts.md, "Not run"): no case fails, and the run is incomplete.
        expect(outcome.results.filter((r) => r.status === "failed").map((r) => r.id)).toEqual([]);
        const unjudged = outcome.results.filter((r) => r.notRun === "no answer" || r.notRun === "unreachable");
        expect(unjudged.length).toBeGreaterThan(cases.length / 2);
        expect(buildReport(outcome, cases).summary).toMatchObject({ failed: 0, exitCode: 2 });
      } else if (id === "unavailable-retry-after") {
        // Only for now unavailable (RFC 9110 §15.6.4) is no answer either. Key status, answered sanely here, serves
        // any key: the one case that asks it to refuse an unknown key fails on that answer, rightly, and no other.
        expect(outcome.results.filter((r) => r.status === "failed").map((r) => r.id)).toEqual([
          "auth/exhausted-versus-rejected",
        ]);
        expect(outcome.results.filter((r) => r.notRun === "no answer").length).toBeGreaterThan(cases.length / 2);
        // Not re-sent past the deadline, and its 29 s hold keeps the key's later requests unsent: no answer, never
        // the rate limit, and no failure says 503.
        expect(outcome.results.filter((r) => r.notRun === "rate limit").map((r) => r.id)).toEqual([]);
        const failures = outcome.results.flatMap((r) => r.failures.map((f) => f.message));
        expect(failures.filter((m) => /503|unavailable/i.test(m))).toEqual([]);
      } else expect(outcome.results.some((r) => r.status === "failed")).toBe(true);
      expect(server.bystanderHits()).toBe(0);
      // The refusal check says why an answer is not a refusal (or that key status, answered sanely, served it).
      const reasons = outcome.results.flatMap((r) =>
        r.failures.filter((f) => f.check === "refused").map((f) => f.message),
      );
      for (const reason of reasons) expect(reason).toMatch(/^(not a refusal: |the request was served, not refused$)/);
      if (id === "rate-limited") {
        // The first 429 asks for 29 s, which holds every later request of the run (src/client/rate-policy.ts):
        // they are not sent, and their cases are not run for the rate limit, never failed for it.
        const limited = outcome.results.filter((r) => r.notRun === "rate limit");
        expect(limited.length).toBeGreaterThan(cases.length / 2);
        const failures = outcome.results.flatMap((r) => r.failures.map((f) => f.message));
        expect(failures.filter((m) => /429|rate limit/i.test(m))).toEqual([]);
        expect(buildReport(outcome, cases).summary.exitCode).toBe(2);
      } else if (![...NO_ANSWER, "unavailable-retry-after"].includes(id))
        expect(reasons.filter((r) => r.startsWith("not a refusal: ")).length).toBeGreaterThan(10);
      expect(JSON.stringify(outcome)).not.toContain(KEY);
    });
  }
});

describe("a deployment that stops answering", () => {
  let outcome: RunOutcome;
  let seconds: number;
  beforeAll(async () => {
    ({ outcome, seconds } = await runAgainst("never-answers"));
  });

  it("stops after consecutive transport failures, says why and which cases did not run", () => {
    expect(outcome.stopped?.reason).toMatch(
      /^the deployment was unreachable: the run stopped after 5 requests in a row got no answer \(the last: /,
    );
    const notRun = outcome.results.filter((r) => r.notRun === "unreachable").map((r) => r.id);
    expect(notRun.length).toBeGreaterThan(cases.length / 2);
    expect(outcome.stopped?.notRun).toEqual(notRun);
    expect(outcome.warnings[0]).toMatch(
      new RegExp(`^the deployment was unreachable: .*; ${notRun.length} of ${cases.length} cases did not run \\(`),
    );
    expect(outcome.results.filter((r) => r.status === "passed" && expectingRefusal.has(r.id))).toEqual([]);
    // The cases judged before the run stopped got no answer either: not run, never failed.
    expect(outcome.results.filter((r) => r.status === "failed").map((r) => r.id)).toEqual([]);
    // Five timeouts of 1.5 s, four at a time, and the cases under way when the run stopped: far below one per case.
    expect(seconds).toBeLessThan(30);
  });
});
