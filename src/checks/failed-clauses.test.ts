import { describe, expect, it } from "vitest";
import { loadContract } from "../contract/index.js";
import { CHECKS } from "./index.js";
import { CLAUSE_PATTERNS, failedClauses } from "./failed-clauses.js";

describe("failedClauses", () => {
  it("names only checks that exist, and every pattern matches a clause of spec/clauses.yaml", () => {
    const ids = [...loadContract().clauses.keys()];
    for (const [check, patterns] of Object.entries(CLAUSE_PATTERNS)) {
      expect(check === "credits" || Object.hasOwn(CHECKS, check), check).toBe(true);
      for (const p of patterns) {
        const re = new RegExp(`^${p.replaceAll("*", ".*")}$`);
        expect(
          ids.some((id) => re.test(id)),
          `${check}: ${p}`,
        ).toBe(true);
      }
    }
  });

  it("marks only the clauses the failed check rests on, among those the case cites", () => {
    const clauses = [
      "s2-1-search-ids-accepted-by-detail",
      "s2-6-null-never-omitted",
      "s2-6-string-fields",
      "s8-cost-detail",
    ];
    expect(failedClauses("job-record", clauses)).toEqual(["s2-6-null-never-omitted", "s2-6-string-fields"]);
    expect(failedClauses("credits", clauses)).toEqual(["s8-cost-detail"]);
    expect(failedClauses("ids-resolve", clauses)).toEqual(["s2-1-search-ids-accepted-by-detail"]);
  });

  it("marks only the first must clause, which its verdict quotes, for a check serving the case's own assertion", () => {
    const clauses = ["s4-2-size-range", "s8-search-page-size"];
    expect(failedClauses("refused", clauses)).toEqual(["s4-2-size-range"]);
    expect(failedClauses("envelope", clauses)).toEqual(["s4-2-size-range"]);
    // A reading first: the first must clause after it.
    expect(failedClauses("count", ["s4-4-profile-total-meaning", "s8-search-page-size"])).toEqual([
      "s8-search-page-size",
    ]);
    // A case citing no must clause: its failure is a warning on a reading, and marks what the case cites.
    expect(failedClauses("count", ["s4-4-profile-total-meaning"])).toEqual(["s4-4-profile-total-meaning"]);
  });

  it("marks the clauses the verdict rests on: those named that the case cites, else every one named", () => {
    const clauses = ["s2-6-null-never-omitted", "s2-6-string-fields"];
    expect(failedClauses("job-record", clauses, ["s2-6-string-fields", "s9-version-route"])).toEqual([
      "s2-6-string-fields",
    ]);
    expect(failedClauses("job-record", clauses, ["s9-version-route"])).toEqual(["s9-version-route"]);
    expect(failedClauses("job-record", clauses, [])).toEqual(clauses);
  });
});
