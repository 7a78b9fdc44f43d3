import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadSuites, suitesRoot } from "../../runner/suites.js";
import type { CaseDef } from "../../runner/types.js";
import { coverageMatrix, MATRIX_END, MATRIX_START } from "./coverage-matrix.js";

const DOC = join(suitesRoot(), "..", "docs", "coverage.md");

const step = (operation: string) => ({ kind: "call", spec: { operation } });
const caseOf = (id: string, clauses: string[], operations: string[]): CaseDef =>
  ({ id, area: "routes", title: id, clauses, tags: [], requires: [], steps: operations.map(step), file: "x" }) as never;

describe("coverage matrix rule × route", () => {
  it("counts per route the cases citing a must clause, for clauses cited on more than one route", () => {
    const text = coverageMatrix([
      caseOf("a", ["s4-2-size-default-100"], ["queryPeople"]),
      caseOf("b", ["s4-2-size-default-100"], ["queryJobs"]),
      caseOf("c", ["s4-2-size-default-100", "s8-cost-query-search"], ["queryJobs"]),
      caseOf("d", ["s4-2-size-default-100"], ["{{ captured.op }}"]),
    ]);
    const row = text.split("\n").find((l) => l.startsWith("| `s4-2-size-default-100`"))!;
    const cells = row.split("|").map((c) => c.trim());
    expect(cells.filter((c) => c === "1")).toHaveLength(1);
    expect(cells.filter((c) => c === "2")).toHaveLength(1);
    // Cited on one route only: not a family rule.
    expect(text).not.toContain("`s8-cost-query-search`");
    expect(text).toMatch(/1 rules cited on more than one route/);
  });

  it("is current in docs/coverage.md (npm run docs:coverage writes it)", () => {
    const doc = readFileSync(DOC, "utf8");
    const start = doc.indexOf(MATRIX_START);
    const end = doc.indexOf(MATRIX_END);
    const generated = coverageMatrix(loadSuites());
    if (process.env.TDSS_WRITE_COVERAGE && start >= 0 && end > start) {
      writeFileSync(DOC, doc.slice(0, start) + generated + doc.slice(end + MATRIX_END.length));
      return;
    }
    expect(start, "docs/coverage.md has no generated matrix").toBeGreaterThanOrEqual(0);
    expect(doc.slice(start, end + MATRIX_END.length), "docs/coverage.md is stale: run npm run docs:coverage").toBe(
      generated,
    );
  });
});
