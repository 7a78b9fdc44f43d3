import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MUTANTS } from "../reference/mutants/index.js";
import { loadSuites } from "../runner/suites.js";
import type { SelftestReport } from "./matrix.js";
import { casesFor } from "./plan.js";
import { runSelftest, writeSelftestReport } from "./selftest.js";

/**
 * The project's own quality gate: every mutant of the reference server is killed by the suites, and the
 * correct reference passes every case. From the sources the pool runs on the build's worker script when the
 * build is up to date (`npm test` builds first), else in this thread.
 */
describe("tdss selftest over every mutant", () => {
  let report: SelftestReport;
  const rows: string[] = [];
  beforeAll(async () => {
    // About 40 s of two cores when quiet; the machine this runs on may be shared and loaded several times over.
    // Variants run in src/selftest/variants.test.ts. Each mutant's run stops at its first failing case (bail): the
    // gate needs each kill, `npm run selftest` writes the whole matrix.
    report = await runSelftest({ variants: false, bail: true, onMutantDone: (row) => rows.push(row.id) });
  }, 600_000);

  it("passes every case against the correct reference server, with no warning either", () => {
    expect(report.correct.map((r) => r.profile).sort()).toEqual(["large", "small"]);
    expect(
      report.correct.flatMap((r) => r.failures.map((f) => `${r.profile}: ${f.case}: ${f.message ?? f.status}`)),
    ).toEqual([]);
    expect(report.correct.flatMap((r) => r.warnings.map((w) => `${r.profile}: ${w}`))).toEqual([]);
    expect(report.correct.find((r) => r.profile === "small")!.casesRun).toBe(loadSuites().length);
  });

  it("kills every mutant", () => {
    const notKilled = report.mutants
      .filter((m) => m.status !== "killed")
      .map((m) => `${m.id} ${m.status}${m.error ? `: ${m.error}` : ` (ran ${m.casesRun} cases)`}`);
    expect(notKilled).toEqual([]);
    expect(report.summary).toMatchObject({
      mutants: MUTANTS.length,
      killed: MUTANTS.length,
      survived: 0,
      errors: 0,
      correctFailures: 0,
      exitCode: 0,
    });
    expect(report.mutants.length).toBeGreaterThanOrEqual(40);
  });

  it("stops a mutant's run at its first failing case, and counts only the cases that ran", () => {
    const cases = loadSuites();
    const selected = (id: string) =>
      casesFor(
        MUTANTS.find((m) => m.id === id)!,
        cases,
      ).length;
    const cut = report.mutants.filter((m) => m.casesRun < selected(m.id));
    expect(report.selection.bail).toBe(true);
    expect(cut.length).toBeGreaterThan(report.mutants.length / 10);
    for (const m of cut) expect(m.killedBy.length, m.id).toBeGreaterThan(0);
  });

  it("reports each mutant once as it finishes, and each kill on both sides of the matrix", () => {
    expect([...rows].sort()).toEqual(MUTANTS.map((m) => m.id).sort());
    for (const m of report.mutants) {
      for (const k of m.killedBy)
        expect(report.cases.find((c) => c.id === k.case)!.kills, `${k.case} kills ${m.id}`).toContain(m.id);
    }
    expect(report.summary.killingCases).toBe(report.cases.filter((c) => c.kills.length > 0).length);
  });

  describe("its reports", () => {
    const dir = mkdtempSync(join(tmpdir(), "tdss-selftest-"));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it("writes report.json and matrix.md, and nothing else", () => {
      const files = writeSelftestReport(report, dir);
      expect(files).toEqual([join(dir, "report.json"), join(dir, "matrix.md")]);
      expect(readdirSync(dir).sort()).toEqual(["matrix.md", "report.json"]);
      expect(JSON.parse(readFileSync(files[0]!, "utf8"))).toEqual(report);
      const markdown = readFileSync(files[1]!, "utf8");
      for (const m of report.mutants) expect(markdown).toContain(`| \`${m.id}\` | \`${m.clause}\` |`);
      expect(markdown).toContain(
        `| ${report.summary.mutants} | ${report.summary.killed} | 0 | 0 | ${report.summary.cases} |`,
      );
    });
  });
});
