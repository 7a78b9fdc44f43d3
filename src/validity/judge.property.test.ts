import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { lintCorpus } from "../lint/corpus.js";
import { anyBody } from "./arbitrary.js";
import { generatedQueries } from "./generated.js";
import { judge } from "./judge.js";
import { schemaRefuses } from "./schema-verdict.js";

/**
 * The two definitions of an owed refusal agree (docs/validity.md, "The judge"): every body the linter's rules
 * refuse breaks the JSON Schemas too, on 10,000 random bodies of the seven routes, on the corpus and on the
 * generated queries a run sends. A disagreement is a body left unjudged on a deployment; here it fails.
 */
describe("the linter and the JSON Schemas agree on the refusals a deployment owes", () => {
  it("on every corpus entry (the hand-written label stands in for the schemas on raw bytes)", () => {
    for (const e of lintCorpus) {
      const judged = judge({
        route: e.route,
        body: e.body,
        ...(e.raw !== undefined ? { raw: e.raw } : {}),
        label: e.expected,
      });
      expect(judged.verdict, e.name).not.toBe("disagreement");
    }
  });

  it("on the generated queries of the default run", () => {
    for (const q of generatedQueries()) expect(judge(q).verdict, q.name).not.toBe("disagreement");
  });

  it("on 10,000 random bodies of the seven routes (fast-check, seeded; counterexamples shrunk and printed)", () => {
    fc.assert(
      fc.property(anyBody, ([route, body]) => {
        const judged = judge({ route, body });
        expect(judged, JSON.stringify(body).slice(0, 200)).not.toMatchObject({ verdict: "disagreement" });
      }),
      { seed: 12, numRuns: 10_000 },
    );
  });

  it("find a disagreement when one definition is wrong (the test above would not pass vacuously)", () => {
    // A leaf the linter refuses (two operators) that a schema with no `maxProperties` would take: the schemas
    // refuse it, and the judge owes the refusal; an object the linter takes is never owed one.
    const twoOperators = { where: { field: "experience_months", gte: 1, lte: 2 }, size: 1 };
    expect(schemaRefuses("queryPeople", twoOperators)).toBe(true);
    expect(judge({ route: "queryPeople", body: twoOperators })).toMatchObject({ verdict: "owed" });
    expect(judge({ route: "queryPeople", body: { where: { field: "city", eq: "Paris" }, size: 1 } })).toEqual({
      verdict: "not-owed",
    });
    // Raw bytes the linter refuses, labelled otherwise by hand: a disagreement.
    expect(judge({ route: "queryPeople", body: null, raw: "{", label: "clean" })).toMatchObject({
      verdict: "disagreement",
      rules: ["invalid-json"],
    });
  });
});
