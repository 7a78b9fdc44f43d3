import { describe, expect, it } from "vitest";
import type { RunOutcome } from "../runner/run.js";
import type { CaseFailure, CaseResult } from "../runner/types.js";
import { verdictOf } from "../runner/verdict.js";
import { formatProgress } from "./console.js";
import { buildReport, renderJunit, renderMarkdown } from "./index.js";

const reading: CaseFailure = {
  step: "step 1 [entry=people-match-on-city]",
  check: "refused",
  message: "the request was served, not refused",
  clause: verdictOf(["s2-2-operator-not-allowed"], []).clause,
};
const must: CaseFailure = {
  step: "step 2",
  check: "refused",
  message: "served",
  clause: verdictOf(["s8-detail-max-ids"], []).clause,
};

const result = (
  id: string,
  status: CaseResult["status"],
  failures: CaseFailure[],
  warnings: CaseFailure[],
): CaseResult => ({
  id,
  area: id.split("/")[0]!,
  title: id,
  clauses: ["s2-2-operator-not-allowed"],
  tags: [],
  status,
  durationMs: 1,
  requests: 1,
  credits: 0,
  failures,
  warnings,
});
const outcome = (results: CaseResult[]): RunOutcome => ({
  runId: "r",
  startedAt: "2025-01-01T00:00:00.000Z",
  durationMs: 1,
  baseUrl: "http://127.0.0.1:1/",
  dryRun: false,
  plan: { cases: [], worstCase: 0, maxCredits: 300 },
  results,
  observed: {},
  credits: { estimated: 0, limit: 300, spent: 0 },
  warnings: [],
});

describe("readings in the reports", () => {
  const report = buildReport(
    outcome([result("query-spec/a", "passed", [], [reading]), result("detail/b", "failed", [must], [])]),
    [],
  );

  it("count warnings in the summary and list each with its clause, reading and what the deployment did", () => {
    expect(report.summary.warnings).toBe(1);
    expect(report.summary.exitCode).toBe(1); // from the must failure alone
    expect(report.readings).toEqual([
      expect.objectContaining({
        case: "query-spec/a",
        clause: "s2-2-operator-not-allowed",
        kind: "ambiguous",
        reading: expect.stringContaining("exhaustive"),
        observed: reading.message,
      }),
    ]);
  });

  it("show warnings in summary.md, as system-out of a passing JUnit case, and under the console line", () => {
    const md = renderMarkdown(report);
    expect(md).toContain("## Readings");
    expect(md).toContain("`s2-2-operator-not-allowed` (ambiguous)");
    expect(md).toMatch(/breaks `s8-detail-max-ids` \(must\): “IDs per detail request/);
    const junit = renderJunit(report);
    const passing = junit.slice(
      junit.indexOf('name="query-spec/a'),
      junit.indexOf("</testcase>", junit.indexOf('name="query-spec/a')),
    );
    expect(passing).toContain("<system-out>warning: step 1");
    expect(passing).not.toContain("<failure");
    expect(junit).toMatch(/<failure type="refused" message="refused: served \(breaks s8-detail-max-ids \(must\)/);
    expect(formatProgress(report.cases[0]!, 1, 2)).toMatch(
      /\(1 warning\)\n {8}warning: .*\n {10}reading of s2-2-operator-not-allowed/,
    );
  });

  it("say a failure under --strict is a reading", () => {
    const strict = buildReport(
      outcome([result("query-spec/a", "failed", [{ ...reading, reading: true }], [reading])]),
      [],
      {},
      true,
    );
    expect(renderMarkdown(strict)).toContain("(a reading, failed under --strict)");
    expect(strict.run.strict).toBe(true);
  });
});
