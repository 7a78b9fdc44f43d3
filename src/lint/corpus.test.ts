import { describe, expect, it } from "vitest";
import { lintCorpus, MATCHES_NOTHING } from "./corpus.js";
import { classify } from "./engine.js";
import { lint } from "../linter/lint.js";

describe("lintCorpus", () => {
  it("classifies every entry as the linter does, with the rule ids it reports", () => {
    for (const entry of lintCorpus) {
      const found = lint(entry.raw ?? JSON.stringify(entry.body), { route: entry.route });
      expect(classify(found), entry.name).toBe(entry.expected);
      expect(
        [...new Set(found.filter((d) => d.consequence !== "cost").map((d) => d.ruleId))].sort(),
        entry.name,
      ).toEqual(entry.ruleIds);
    }
  });

  it("has at least 30 refused entries across every route and 10 empty or broadened ones, with unique names", () => {
    const refused = lintCorpus.filter((e) => e.expected === "refused");
    expect(refused.length).toBeGreaterThanOrEqual(30);
    expect(new Set(refused.map((e) => e.route))).toEqual(
      new Set(["queryPeople", "queryJobs", "queryCompanies", "searchPeople", "getProfiles", "getJobs", "getCompanies"]),
    );
    expect(
      lintCorpus.filter((e) => e.expected === "empty" || e.expected === "broadened").length,
    ).toBeGreaterThanOrEqual(10);
    expect(new Set(lintCorpus.map((e) => e.name)).size).toBe(lintCorpus.length);
  });

  it("keeps every body cheap if a deployment wrongly accepts it: size 1, or made-up IDs", () => {
    for (const entry of lintCorpus) {
      const body = entry.raw ? safeParse(entry.raw) : entry.body;
      if (body === null || typeof body !== "object" || Array.isArray(body)) continue;
      const b = body as Record<string, unknown>;
      if (entry.route.startsWith("query") && b.size !== 1)
        expect(b.where, `${entry.name} matches nothing`).toEqual(MATCHES_NOTHING);
      // Sizes out of range: never sent as served (a refused or unspecified entry is sent only as a refusal, or not).
      if (entry.route === "searchPeople" && "size" in b && b.size !== 1)
        expect(["refused", "unspecified"], entry.name).toContain(entry.expected);
      for (const key of ["profile_ids", "job_ids", "company_ids"]) {
        const ids = b[key];
        if (Array.isArray(ids))
          for (const id of ids)
            if (typeof id === "string") expect(id, entry.name).toMatch(/^tdss-corpus-nonexistent-id/);
      }
    }
  });
});

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
