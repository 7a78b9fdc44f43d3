import { describe, expect, it } from "vitest";
import { Refusal } from "../refusal.js";
import { MAX_QUERY_NODES, QueryTranslator } from "./translate.js";
import type { Dataset } from "../../contract/index.js";

const now = new Date("2025-03-31T12:00:00Z");

function translate(where: unknown, dataset: Dataset = "people") {
  return new QueryTranslator({ dataset, now }).translate(where);
}

function nest(depth: number): unknown {
  let node: unknown = { field: "city", eq: "Paris" };
  for (let i = 1; i < depth; i++) node = { not: node };
  return node;
}

describe("QueryTranslator reads what a fault lets through as a lax server would (mutants only)", () => {
  const cases: [string, unknown, unknown][] = [
    ["an unknown field matches nothing", { field: "salary", eq: 1 }, { kind: "nothing" }],
    ["a node that is not an object matches nothing", "x", { kind: "nothing" }],
    ["an all that is not an array matches nothing", { all: { field: "city", eq: "x" } }, { kind: "nothing" }],
    ["of two keys, the first is read", { any: [], all: [] }, { kind: "any", nodes: [] }],
    [
      "of two operators, the first is read",
      { field: "experience_months", gte: 1, lte: 5 },
      { kind: "leaf", arg: { op: "gte", bound: 1 } },
    ],
    [
      "an unreadable date is no day",
      { field: "started_at", gte: "2023-02-30" },
      { kind: "leaf", arg: { op: "gte", bound: NaN } },
    ],
  ];
  for (const [name, where, plan] of cases) {
    it(name, () => {
      expect(translate(where)).toMatchObject(plan as object);
    });
  }

  it("unwraps a scope on jobs", () => {
    expect(translate({ has_experience: { field: "title", eq: "x" } }, "jobs")).toMatchObject({
      kind: "leaf",
      table: "jobs",
    });
  });

  it(`refuses a tree of more than ${MAX_QUERY_NODES} nodes (the reference's bound)`, () => {
    expect(() =>
      translate({ any: Array.from({ length: MAX_QUERY_NODES }, () => ({ field: "city", eq: "x" })) }),
    ).toThrow(Refusal);
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
    const plan = translate({
      all: [
        { field: "started_at", gte: "now-30d" },
        { field: "started_at", gte: "now-1m" },
        { field: "started_at", lte: "2024-02-29" },
      ],
    });
    expect(plan).toMatchObject({
      nodes: [
        { arg: { op: "gte", bound: day("2025-03-01") } },
        { arg: { op: "gte", bound: day("2025-02-28") } },
        { arg: { op: "lte", bound: day("2024-02-29") } },
      ],
    });
  });

  it("reads the match argument as words", () => {
    expect(translate({ field: "title", match: "Senior  Node.js" })).toMatchObject({
      arg: { op: "match", words: ["senior", "node", "js"] },
    });
  });

  it("binds scoped leaves to their sub-record table and unscoped ones to theirs", () => {
    expect(translate({ has_language: { field: "languages", eq: "French" } })).toMatchObject({
      kind: "scope",
      sub: "language",
      node: { table: "language" },
    });
    expect(translate({ field: "title", eq: "CTO" })).toMatchObject({ kind: "leaf", table: "experience" });
    expect(translate({ field: "city", eq: "Paris" })).toMatchObject({ kind: "leaf", table: "person" });
    expect(translate({ field: "title", match: "cto" }, "jobs")).toMatchObject({ kind: "leaf", table: "jobs" });
  });
});
