import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { lintCorpus } from "../lint/corpus.js";
import { applyFixes, fixOf, fixSource } from "./fix.js";
import { lint } from "./lint.js";

const messy = {
  where: {
    all: [
      { all: [{ field: "experience_months", gte: 24, lte: 120 }] },
      { any: [{ field: "city", in: ["Paris"] }] },
      { not: { not: { field: "country", eq: "France" } } },
      { field: "country", eq: "France" },
      { not: { not: { field: "country", eq: "France" } } },
    ],
  },
  size: 1,
};

describe("fixes", () => {
  it("--fix applies the meaning-preserving fixes until none is left, and the output lints clean of them", () => {
    const text = JSON.stringify(messy, null, 2) + "\n";
    const result = fixSource(text);
    expect(JSON.parse(result.output)).toEqual({
      where: {
        all: [
          { field: "experience_months", gte: 24 },
          { field: "experience_months", lte: 120 },
          { field: "city", eq: "Paris" },
          { field: "country", eq: "France" },
        ],
      },
      size: 1,
    });
    expect(new Set(result.applied.map((d) => d.ruleId))).toEqual(
      new Set([
        "leaf-operator-count",
        "nested-composite",
        "single-child-composite",
        "double-negation",
        "duplicate-sibling",
        "single-value-in",
      ]),
    );
    expect(lint(result.output).filter((d) => d.fix)).toEqual([]);
    expect(result.diagnostics).toEqual(lint(result.output));
    expect(result.output.endsWith("}\n")).toBe(true);
    expect(result.output).toContain('\n  "where": {\n    "all": [');
  });

  it("--fix leaves what only a suggestion can fix, --fix-suggestions fixes it", () => {
    const text =
      '{"where": {"all": [{"field": "management_level", "eq": "senior"}, {"field": "country", "eq": "FR"}, ' +
      '{"field": "title", "match": "cto"}, {"field": "company_name", "eq": "Acme"}]}, "size": 1}';
    expect(fixSource(text).applied).toEqual([]);
    expect(fixSource(text).output).toBe(text);
    const result = fixSource(text, { suggestions: true });
    expect(JSON.parse(result.output)).toEqual({
      where: {
        all: [
          { field: "management_level", eq: "Senior" },
          { field: "country_iso2", eq: "FR" },
          {
            has_experience: {
              all: [
                { field: "title", match: "cto" },
                { field: "company_name", eq: "Acme" },
              ],
            },
          },
        ],
      },
      size: 1,
    });
    expect(result.output.includes("\n")).toBe(false);
    expect(lint(result.output).filter((d) => fixOf(d, { suggestions: true }))).toEqual([]);
    expect(lint(result.output).map((d) => d.ruleId)).toEqual(["cost"]);
  });

  it("applies nothing where the suggestions are ambiguous", () => {
    const text = '{"where": {"has_language": {"field": "language_proficiency", "eq": "fluent"}}}';
    const result = fixSource(text, { suggestions: true });
    expect(result.applied).toEqual([]);
    expect(result.diagnostics.map((d) => d.ruleId)).toContain("fixed-set-value");
  });

  it("does not rewrite text that is not JSON or repeats a name", () => {
    expect(fixSource('{"where": {"all": [{"field": "city", "in": ["a"]}]}').output).toBe(
      '{"where": {"all": [{"field": "city", "in": ["a"]}]}',
    );
    const dup = '{"where": {"all": [{"field": "city", "in": ["a"]}]}, "size": 1, "size": 2}';
    expect(fixSource(dup).output).toBe(dup);
  });

  it(
    "applyFixes works on a parsed value; a fix inside what an unwrap keeps composes with it, one of the kept " +
      "node waits",
    () => {
      const value = { where: { all: [{ all: [{ field: "city", in: ["a"] }] }] } };
      const diagnostics = lint(value);
      const once = applyFixes(value, diagnostics);
      // The outer unwrap keeps /where/all/0; flattening that very node waits, the leaf inside it is fixed.
      expect(once.applied.map((d) => d.ruleId)).toEqual(["single-child-composite", "single-value-in"]);
      expect(diagnostics.map((d) => d.ruleId)).toContain("nested-composite");
      expect(once.value).toEqual({ where: { all: [{ field: "city", eq: "a" }] } });
      expect(value.where.all[0]).toEqual({ all: [{ field: "city", in: ["a"] }] }); // the input is not modified
    },
  );

  it("round-trips every corpus entry: after --fix-suggestions nothing fixable is left", () => {
    for (const entry of lintCorpus) {
      const text = entry.raw ?? JSON.stringify(entry.body);
      const result = fixSource(text, { route: entry.route, suggestions: true });
      if (result.diagnostics.some((d) => ["invalid-json", "duplicate-key", "max-depth"].includes(d.ruleId))) continue;
      expect(
        result.diagnostics.filter((d) => fixOf(d, { suggestions: true })),
        entry.name,
      ).toEqual([]);
    }
  });

  it("round-trips random queries: the fixed output keeps no fixable diagnostic and parses", () => {
    const fields = [
      "city",
      "title",
      "company_name",
      "management_level",
      "experience_months",
      "is_current",
      "languages",
      "language_proficiency",
      "country",
    ];
    const leaf = fc
      .record({
        field: fc.constantFrom(...fields),
        op: fc.constantFrom("eq", "in", "match", "gte", "lte"),
        value: fc.oneof(
          fc.constantFrom("senior", "Senior", "FR", "France", "Paris", "fluent"),
          fc.integer({ min: 0, max: 200 }),
        ),
      })
      .map(({ field, op, value }) => ({ field, [op]: op === "in" ? [value] : value }));
    const node = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: "small", withCrossShrink: true },
        leaf,
        tie("all"),
        tie("any"),
        tie("not"),
        tie("scope"),
      ),
      all: fc.array(tie("node"), { minLength: 1, maxLength: 3 }).map((all) => ({ all })),
      any: fc.array(tie("node"), { minLength: 1, maxLength: 3 }).map((any) => ({ any })),
      not: tie("node").map((not) => ({ not })),
      scope: fc.tuple(fc.constantFrom("has_experience", "has_language"), tie("node")).map(([k, v]) => ({ [k]: v })),
    })).node;
    fc.assert(
      fc.property(node, (where) => {
        const result = fixSource(JSON.stringify({ where, size: 1 }), { suggestions: true });
        expect(() => JSON.parse(result.output)).not.toThrow();
        expect(result.diagnostics.filter((d) => fixOf(d, { suggestions: true }))).toEqual([]);
      }),
      { numRuns: 150, seed: 20251121 },
    );
  });
});
