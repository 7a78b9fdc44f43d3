import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { RunOutcome } from "../runner/run.js";
import type { CaseDef, CaseResult } from "../runner/types.js";
import { buildReport, renderJunit, renderMarkdown, writeFileAtomic, writeReports } from "./index.js";

const result = (id: string, status: CaseResult["status"], extra: Partial<CaseResult> = {}): CaseResult => ({
  id,
  area: id.split("/")[0]!,
  title: `title of ${id} <&>`,
  clauses: ["s8-cost-detail"],
  tags: [],
  status,
  durationMs: 12,
  requests: 2,
  credits: 1,
  failures: [],
  warnings: [],
  ...extra,
});
const caseDef = (id: string, clauses: string[]): CaseDef => ({
  id,
  area: id.split("/")[0]!,
  title: id,
  clauses,
  tags: [],
  requires: [],
  steps: [],
  file: "suites/detail/profiles.yaml",
});

const outcome = (results: CaseResult[]): RunOutcome => ({
  runId: "run-1",
  startedAt: "2025-01-01T00:00:00.000Z",
  durationMs: 1234,
  baseUrl: "http://127.0.0.1:1/",
  dryRun: false,
  plan: { cases: [], worstCase: 9, maxCredits: 300 },
  results,
  observed: { "credits.getVersion": { value: 0, clauses: ["s8-cost-version-not-shown"] } },
  credits: { estimated: 9, limit: 300, spent: 3, balanceBefore: 10, balanceAfter: 7 },
  warnings: [],
});

const failing = result("detail/a", "failed", {
  failures: [
    {
      step: "step 2",
      check: "credits",
      message: 'balance fell by 3 "Credits" \u0001',
      expected: 2,
      actual: 3,
      curl: `curl -sS -X POST 'http://x/y' -H "authorization: Bearer $TDSS_API_KEY"`,
    },
  ],
});

describe("reports", () => {
  it("summarise statuses, Credits, exit code and clause coverage", () => {
    const report = buildReport(
      outcome([
        result("credits/a", "passed"),
        failing,
        result("auth/b", "skipped", { reason: "no second key" }),
        result("version/c", "drift"),
      ]),
      [
        caseDef("credits/a", ["s8-cost-detail"]),
        caseDef("detail/a", ["s8-cost-detail", "s8-detail-max-ids"]),
        caseDef("auth/b", ["s5-bearer-header"]),
      ],
    );
    expect(report.summary).toMatchObject({
      total: 4,
      passed: 1,
      failed: 1,
      skipped: 1,
      drift: 1,
      creditsSpent: 3,
      creditsEstimated: 9,
      exitCode: 1,
    });
    const status = (id: string) => report.coverage.clauses.find((c) => c.id === id)!.status;
    expect(status("s8-cost-detail")).toBe("failed");
    expect(status("s5-bearer-header")).toBe("not-run");
    expect(status("s1-nine-routes-total")).toBe("not-covered");
    expect(status("s8-cost-version-not-shown")).toBe("observed");
    expect(report.coverage.clauses.some((c) => c.kind === "lint")).toBe(false);
  });

  it("exit 0 when the only failures are expected", () => {
    expect(
      buildReport(outcome([result("a/x", "expected-failure"), result("a/y", "unexpected-pass")]), []).summary.exitCode,
    ).toBe(0);
  });

  it("render valid, escaped JUnit XML with failures, skips and expected failures", () => {
    const xml = renderJunit(
      buildReport(
        outcome([
          failing,
          result("auth/b", "skipped", { reason: "needs <key>" }),
          result("auth/c", "expected-failure", { reason: "vendor bug" }),
        ]),
        [],
      ),
    );
    expect(xml).toMatch(
      new RegExp(
        /^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="tdss" tests="3" /.source +
          /failures="1" errors="0" skipped="2"/.source,
      ),
    );
    expect(xml).toContain(
      '<testcase classname="tdss.detail" name="detail/a: title of detail/a &lt;&amp;&gt;" time="0.012">',
    );
    expect(xml).toContain('<failure type="credits" message="credits: balance fell by 3 &quot;Credits&quot; ">');
    expect(xml).toContain('<skipped message="needs &lt;key&gt;"/>');
    expect(xml).toContain('<skipped message="expected failure: vendor bug"/>');
    expect(xml).not.toContain("\u0001");
  });

  it("render a Markdown summary with the verdict, areas, failures and observed choices", () => {
    const md = renderMarkdown(buildReport(outcome([failing, result("credits/a", "passed")]), []));
    expect(md).toMatch(/^# tdss conformance: FAIL/);
    expect(md).toContain("| detail | 0 | 1 | 0 | 0 | 0 | 0 |");
    expect(md).toContain("#### step 2\n\n- **credits**: balance fell by 3");
    expect(md).toContain('-H "authorization: Bearer $TDSS_API_KEY"');
    expect(md).toContain(
      "| Cost of GET /version (`credits.getVersion`) | §8 `s8-cost-version-not-shown`: The cost of GET /version is " +
        "not shown. | 0 Credits |",
    );
  });

  it("show in Markdown the exchange a failure kept, then those it is read against, each once", () => {
    const exchange = (size: number, total: number) => ({
      request: { method: "POST", url: "http://x/v1/people/query", headers: {}, auth: "primary" },
      response: { status: 200, body: { text: `{"data":{"total":${total}}}`, bytes: 20 } },
      durationMs: 1,
      curl: `curl -sS --data-raw '{"size":${size}}'`,
    });
    const md = renderMarkdown(
      buildReport(
        outcome([
          result("search-semantics/people", "failed", {
            exchanges: [exchange(25, 25), exchange(1, 1)],
            failures: [
              { step: "step 1", check: "partition", message: "one total", exchange: 0, related: [1] },
              { step: "step 1", check: "partition", message: "the same", exchange: 0, related: [1] },
            ],
          }),
        ]),
        [],
      ),
    );
    const shown = md.indexOf(`'{"size":25}'`);
    const against = md.indexOf("Read against:");
    expect(shown).toBeGreaterThan(0);
    expect(against).toBeGreaterThan(shown);
    expect(md.indexOf(`'{"size":1}'`)).toBeGreaterThan(against);
    expect(md.split(`'{"size":1}'`)).toHaveLength(2);
    expect(md.split("Read against:")).toHaveLength(2);
  });

  it("write every file atomically and append the summary to $GITHUB_STEP_SUMMARY", () => {
    const dir = mkdtempSync(join(tmpdir(), "tdss-report-"));
    const summary = join(dir, "gh.md");
    writeFileSync(summary, "earlier\n");
    const files = writeReports(
      buildReport(outcome([result("credits/a", "passed")]), []),
      join(dir, "run"),
      ["console", "json", "junit", "markdown"],
      { GITHUB_STEP_SUMMARY: summary },
    );
    expect(files.map((f) => f.slice(dir.length))).toEqual(["/run/report.json", "/run/junit.xml", "/run/summary.md"]);
    expect(readdirSync(join(dir, "run")).sort()).toEqual(["junit.xml", "report.json", "summary.md"]);
    expect(readFileSync(summary, "utf8")).toMatch(/^earlier\n# tdss conformance: PASS/);
    expect(JSON.parse(readFileSync(files[0]!, "utf8")).summary.exitCode).toBe(0);
  });

  it("leave no partial file behind when a write fails", () => {
    const dir = mkdtempSync(join(tmpdir(), "tdss-report-"));
    const target = join(dir, "taken");
    writeFileSync(target, "a file where a folder should be");
    expect(() => writeFileAtomic(join(target, "report.json"), "{}")).toThrow();
    const dirAsFile = join(dir, "dir");
    writeFileAtomic(join(dirAsFile, "x.json"), "{}");
    expect(() => writeFileAtomic(dirAsFile, "{}")).toThrow();
    expect(readdirSync(dir).sort()).toEqual(["dir", "taken"]);
    expect(existsSync(join(dirAsFile, "x.json"))).toBe(true);
  });
});
