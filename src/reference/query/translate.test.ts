import { describe, expect, it } from "vitest";
import { Refusal } from "../refusal.js";
import { MAX_QUERY_NODES, QueryTranslator } from "./translate.js";
import type { Dataset } from "../../contract/index.js";

const now = new Date("2025-03-31T12:00:00Z");

function translate(where: unknown, dataset: Dataset = "people") {
  return new QueryTranslator({ dataset, now }).translate(where);
}

function refusal(where: unknown, dataset: Dataset = "people"): string {
  try {
    translate(where, dataset);
  } catch (error) {
    expect(error).toBeInstanceOf(Refusal);
    expect((error as Refusal).status).toBe(400);
    return (error as Refusal).message;
  }
  throw new Error(`expected a refusal for ${JSON.stringify(where)}`);
}

function nest(depth: number): unknown {
  let node: unknown = { field: "city", eq: "Paris" };
  for (let i = 1; i < depth; i++) node = { not: node };
  return node;
}

describe("QueryTranslator refusals (§7: refused, costs nothing)", () => {
  const cases: [string, unknown, RegExp, Dataset?][] = [
    ["unknown field (s4-2-rule2-unknown-field-refused)", { field: "salary", eq: 1 }, /where\.field: "salary" is not a queryable people field/],
    ["a field of another dataset (s2-7-datasets-vocabulary-differs)", { field: "hq_city", eq: "Paris" }, /not a queryable people field/],
    ["a people field on jobs", { field: "skills", eq: "Go" }, /not a queryable jobs field/, "jobs"],
    ["two operators in one leaf (§4.2 rule 1)", { field: "experience_months", gte: 1, lte: 5 }, /2 operators \(gte, lte\).*rule 1/],
    ["no operator", { field: "city" }, /has no operator/],
    ["an unknown key in a leaf", { field: "city", eq: "Paris", boost: 2 }, /unknown key "boost" in a leaf/],
    ["an operator outside the §2.2 group", { field: "city", match: "Paris" }, /operator match is not allowed on city; its group "Person location" takes eq, in, exists/],
    ["gte on a role-text field", { field: "title", gte: "a" }, /operator gte is not allowed on title/],
    ["match on role (§2.2 lists eq, in, exists)", { field: "role", match: "sales" }, /operator match is not allowed on role/],
    ["a scope in jobs (§4.2 rule 4)", { has_experience: { field: "title", eq: "x" } }, /has_experience is a scope; jobs have no scopes/, "jobs"],
    ["a scope in companies", { all: [{ has_language: { field: "name", eq: "x" } }] }, /where\.all\[0\]: has_language is a scope; companies have no scopes/, "companies"],
    ["a node that is not an object", [], /where: a node must be an object.*got an array/],
    ["null", null, /got null/],
    ["an empty node", {}, /empty node/],
    ["two composite keys", { all: [], any: [] }, /exactly one of all, any, not, has_experience/],
    ["all not an array", { all: { field: "city", eq: "x" } }, /where\.all: must be an array of nodes/],
    ["any not an array", { any: "x" }, /where\.any: must be an array/],
    ["not over an array (§4.2 rule 6, the reference's choice)", { not: [{ field: "city", eq: "x" }] }, /where\.not: must be one node/],
    ["an unknown composite key", { xor: [] }, /unknown key "xor"/],
    ["an operator without a field", { eq: "x" }, /operator eq without a field/],
    ["field not a string", { field: 3, eq: "x" }, /where\.field: must be a string/],
    ["in over a scalar", { field: "city", in: "Paris" }, /in takes a non-empty array/],
    ["in over an empty array", { field: "city", in: [] }, /in takes a non-empty array/],
    ["exists over a string", { field: "city", exists: "yes" }, /exists takes true or false/],
    ["match over a number", { field: "title", match: 5 }, /match takes a string/],
    ["eq of the wrong kind on a text field", { field: "city", eq: 5 }, /city takes a string, got the number 5/],
    ["a numeric string on a number field (the reference's choice)", { field: "experience_months", gte: "12" }, /experience_months takes a number, got the string "12"/],
    ["eq of the wrong kind on a boolean", { field: "is_working", eq: "true" }, /is_working takes true or false/],
    ["a wrong kind inside in", { field: "city", in: ["Paris", 3] }, /where\.in\[1\]: city takes a string/],
    ["an impossible calendar date", { field: "started_at", gte: "2023-02-30" }, /"2023-02-30" is not a real calendar date/],
    ["a date in another format", { field: "started_at", gte: "31/01/2023" }, /not a real calendar date/],
    ["a date that is a number", { field: "ended_at", lte: 20230101 }, /ended_at is a date/],
    ["a relative unit other than d and m (§4.2 rule 6, the reference's choice)", { field: "started_at", gte: "now-1y" }, /the unit y is not one the reference takes/],
    ["a bad date on jobs posted", { field: "posted", gte: "yesterday" }, /not a real calendar date/, "jobs"],
    ["match on a number field of jobs (the reference's choice)", { field: "salary_min", match: "100" }, /operator match is not allowed on salary_min; the reference takes eq, in, gte, lte, exists/, "jobs"],
    ["gte on a text field of companies", { field: "name", gte: "A" }, /operator gte is not allowed on name/, "companies"],
    ["nesting deeper than 64 (limits.yaml project bound)", nest(65), /nests deeper than 64 levels/],
  ];
  for (const [name, where, message, dataset] of cases) {
    it(`refuses ${name}`, () => {
      expect(refusal(where, dataset)).toMatch(message);
    });
  }

  it("names the place of the problem deep in the tree", () => {
    const where = { all: [{ field: "city", eq: "Paris" }, { has_experience: { any: [{ field: "title", match: "x" }, { field: "nope", eq: 1 }] } }] };
    expect(refusal(where)).toMatch(/^where\.all\[1\]\.has_experience\.any\[1\]\.field: "nope"/);
  });

  it(`refuses a tree of more than ${MAX_QUERY_NODES} nodes`, () => {
    expect(refusal({ any: Array.from({ length: MAX_QUERY_NODES }, () => ({ field: "city", eq: "x" })) })).toMatch(/more than 1000 nodes/);
  });
});

describe("QueryTranslator accepts the §4.2 grammar", () => {
  it("accepts 64 levels of nesting", () => {
    expect(() => translate(nest(64))).not.toThrow();
  });

  it("accepts every operator its group allows, with the natural argument forms", () => {
    const where = {
      all: [
        { field: "title", match: "software engineer" },
        { field: "city", in: ["Paris", "Lyon"] },
        { field: "skills", eq: "Go" },
        { field: "headline", exists: true },
        { field: "patents", exists: false },
        { field: "is_working", eq: true },
        { field: "experience_months", gte: 12 },
        { field: "started_at", gte: "2020-01-31" },
        { field: "ended_at", lte: "now-6m" },
        { field: "language_proficiency", eq: "Native or bilingual proficiency" },
        { not: { has_education: { field: "degree_level", gte: 3 } } },
        { any: [] },
      ],
    };
    const plan = translate(where);
    expect(plan.kind).toBe("all");
  });

  it("accepts a misspelt fixed-set value: not refused, it just matches nothing (s7-misspelt-fixed-value-empty)", () => {
    expect(() => translate({ field: "management_level", eq: "director" })).not.toThrow();
    expect(() => translate({ field: "language_proficiency", eq: "fluent" })).not.toThrow();
  });

  it("resolves relative dates against the clock: d are days, m are calendar months (s4-2-relative-offset-unit)", () => {
    const day = (iso: string) => Math.floor(Date.parse(iso) / 86_400_000);
    const plan = translate({ all: [{ field: "started_at", gte: "now-30d" }, { field: "started_at", gte: "now-1m" }, { field: "started_at", lte: "2024-02-29" }] });
    expect(plan).toMatchObject({
      nodes: [{ arg: { op: "gte", bound: day("2025-03-01") } }, { arg: { op: "gte", bound: day("2025-02-28") } }, { arg: { op: "lte", bound: day("2024-02-29") } }],
    });
  });

  it("reads the match argument as words", () => {
    expect(translate({ field: "title", match: "Senior  Node.js" })).toMatchObject({ arg: { op: "match", words: ["senior", "node", "js"] } });
  });

  it("binds scoped leaves to their sub-record table and unscoped ones to theirs", () => {
    expect(translate({ has_language: { field: "languages", eq: "French" } })).toMatchObject({ kind: "scope", sub: "language", node: { table: "language" } });
    expect(translate({ field: "title", eq: "CTO" })).toMatchObject({ kind: "leaf", table: "experience" });
    expect(translate({ field: "city", eq: "Paris" })).toMatchObject({ kind: "leaf", table: "person" });
    expect(translate({ field: "title", match: "cto" }, "jobs")).toMatchObject({ kind: "leaf", table: "jobs" });
  });

  it("lets a fault switch a validation step off (mutants only)", () => {
    const lax = new QueryTranslator({ dataset: "people", now, skip: new Set(["unknown-field"]) });
    expect(lax.translate({ field: "salary", eq: 1 })).toEqual({ kind: "nothing" });
  });
});
