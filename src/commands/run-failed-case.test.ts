import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAgainstMutant, type MutantRun } from "./testing/mutant-run.js";

// A mutant that serves a people search without `where` (src/reference/mutants): people-query/where-required expects a
// refusal at no cost, gets a success, and is charged for it, as a success is.
let run: MutantRun;

beforeAll(async () => {
  run = await runAgainstMutant("people-where-optional", "people-query/where-required");
}, 120_000);
afterAll(async () => {
  await run?.server.close();
});

describe("a failure, what it marks and what follows from it", () => {
  it("reports the charge of the request served as a consequence of the refusal owed, not as a second failure", () => {
    expect(run.code, run.out).toBe(1);
    const c = run.report.cases.find((x) => x.id === "people-query/where-required")!;
    expect(c.status).toBe("failed");
    expect(c.failures.map((f) => f.check)).toEqual(["refused"]);
    expect(c.failures[0]!.consequences).toEqual([
      expect.objectContaining({ check: "credits", expected: 0, actual: 1 }),
    ]);
    expect(run.out).toMatch(/^ +1 failed check:$/m);
    expect(run.out).toMatch(/^ +as a consequence \(not a failure of its own\), credits: the balance fell by 1 Credit/m);
    const junit = readFileSync(join(run.runDir, "junit.xml"), "utf8");
    expect(junit).toContain("as a consequence (not a failure of its own), credits:");
    const md = readFileSync(join(run.runDir, "summary.md"), "utf8");
    expect(md).toMatch(/^ {2}- as a consequence \(not a failure of its own\), credits:/m);
  });

  it("marks in coverage only the clause the failure quotes, not every clause of its case", () => {
    expect(run.code, run.out).toBe(1);
    const c = run.report.cases.find((x) => x.id === "people-query/where-required")!;
    expect(c.clauses).toEqual(["s4-2-where-required-people", "s4-3-people-query-request"]);
    expect(c.failures[0]!.clause!.id).toBe("s4-2-where-required-people");
    expect(c.failures[0]!.clauses).toEqual(["s4-2-where-required-people"]);
    const status = (id: string) => run.report.coverage.clauses.find((x) => x.id === id)!.status;
    expect(status("s4-2-where-required-people")).toBe("failed");
    expect(status("s4-3-people-query-request")).not.toBe("failed");
    expect(run.report.coverage.must.failed).toBe(1);
    // The console counts the clauses no case judged, as summary.md and report.html do.
    const must = run.report.coverage.must;
    expect(must.notRun).toBeGreaterThan(100);
    expect(run.out).toContain(
      `Clause coverage: ${must.cited} of ${must.total} must clauses cited; ` +
        `0 passed, 1 failed, ${must.notRun} not run\n`,
    );
  });
});
