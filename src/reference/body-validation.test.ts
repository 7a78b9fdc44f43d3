import { describe, expect, it } from "vitest";
import { RULES } from "../../rules/all.js";
import type { BodyOperationId, Dataset } from "../contract/index.js";
import { Refusal } from "./refusal.js";
import { READINGS, readingOf } from "./readings.js";
import { placeOf, validateBody, type RuleSwitch } from "./body-validation.js";

const now = new Date("2025-03-31T12:00:00Z");
const ROUTE: Readonly<Record<Dataset, BodyOperationId>> = {
  people: "queryPeople",
  jobs: "queryJobs",
  companies: "queryCompanies",
};

function refusal(body: unknown, dataset: Dataset = "people", off?: RuleSwitch[]): string | undefined {
  try {
    validateBody(body, ROUTE[dataset], { dataset, now, ...(off ? { off } : {}) });
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(Refusal);
    expect((error as Refusal).status).toBe(400);
    return (error as Refusal).message;
  }
}

function nest(depth: number): unknown {
  let node: unknown = { field: "city", eq: "Paris" };
  for (let i = 1; i < depth; i++) node = { not: node };
  return node;
}

describe("the reference refuses what the linter's rules refuse, naming the place (§7: refused, costs nothing)", () => {
  const cases: [string, unknown, RegExp, Dataset?][] = [
    [
      "an unknown field",
      { field: "salary", eq: 1 },
      /^where\.field: `salary` is not a queryable people field\. \(unknown-field, s4-2-rule2/,
    ],
    ["a field of another dataset", { field: "hq_city", eq: "Paris" }, /^where\.field: .*companies field/],
    ["a people field on jobs", { field: "skills", eq: "Go" }, /not a queryable jobs field/, "jobs"],
    [
      "two operators in one leaf",
      { field: "experience_months", gte: 1, lte: 5 },
      /^where\.lte: A bounded range is an `all` of two leaves/,
    ],
    ["no operator", { field: "city" }, /^where: The leaf on `city` has no operator/],
    ["an unknown key in a leaf", { field: "city", eq: "Paris", boost: 2 }, /`boost` is not allowed/],
    [
      "an operator outside the §2.2 group",
      { field: "city", match: "Paris" },
      /^where\.match: `match` is not an operator of `city`/,
    ],
    [
      "a scope in jobs",
      { has_experience: { field: "title", eq: "x" } },
      /^where\.has_experience: jobs queries have no scopes/,
      "jobs",
    ],
    [
      "a scope in companies",
      { all: [{ has_language: { field: "name", eq: "x" } }] },
      /^where\.all\[0\]\.has_language: companies queries/,
      "companies",
    ],
    ["a node that is not an object", [], /^where: A node must be an object/],
    ["an empty node", {}, /^where: An empty object is not a node/],
    ["two composite keys", { all: [], any: [] }, /exactly one of a composite, a leaf or a scope/],
    ["all not an array", { all: { field: "city", eq: "x" } }, /^where\.all: `all` takes an array of nodes/],
    ["an operator without a field", { eq: "x" }, /A leaf needs `field`/],
    ["field not a string", { field: 3, eq: "x" }, /^where\.field: `field` must be a string/],
    ["an object as a value", { field: "city", eq: { a: 1 } }, /^where\.eq: `eq` takes a value; got an object/],
    ["an impossible calendar date", { field: "started_at", gte: "2023-02-30" }, /"2023-02-30" is not a calendar date/],
    ["a date in another format", { field: "started_at", gte: "31/01/2023" }, /is not a date for `started_at`/],
    ["a bad date on jobs posted", { field: "posted", gte: "yesterday" }, /is not a date for `posted`/, "jobs"],
    ["nesting deeper than 64 (limits.yaml project bound)", nest(65), /max-depth/],
    // The reference's readings of unspecified forms (readings.ts).
    ["not over an array", { not: [{ field: "city", eq: "x" }] }, /^where\.not: `not` over array.*argument-form/],
    ["in over a scalar", { field: "city", in: "Paris" }, /^where\.in: `in` over string/],
    ["in over an empty array", { field: "city", in: [] }, /^where\.in: `in` over an empty array/],
    ["exists over a string", { field: "city", exists: "yes" }, /`exists: "yes"`/],
    ["match over a number", { field: "title", match: 5 }, /`match` compares words; 5 is a number/],
    ["a number for a text field", { field: "skills", eq: 280 }, /^where\.eq: `skills` holds text; 280 is a number/],
    [
      "a numeric string on a number field",
      { field: "experience_months", gte: "12" },
      /`experience_months` is numeric; "12" is a string/,
    ],
    ["a relative unit other than d and m", { field: "started_at", gte: "now-1y" }, /uses the unit `y`/],
    ["match on role", { field: "role", match: "sales" }, /match-role-company-type/],
    ["match on a number field of jobs", { field: "salary_min", match: "100" }, /operator-type/, "jobs"],
    ["gte on a text field of companies", { field: "name", gte: "A" }, /operator-type/, "companies"],
  ];
  for (const [name, where, message, dataset] of cases) {
    it(`refuses ${name}`, () => {
      expect(refusal({ where, size: 1 }, dataset)).toMatch(message);
    });
  }

  it("names the place of the problem deep in the tree", () => {
    const where = {
      all: [
        { field: "city", eq: "Paris" },
        {
          has_experience: {
            any: [
              { field: "title", match: "x" },
              { field: "nope", eq: 1 },
            ],
          },
        },
      ],
    };
    expect(refusal({ where })).toMatch(/^where\.all\[1\]\.has_experience\.any\[1\]\.field: `nope`/);
  });

  it("refuses the body members the linter refuses or reads as refused", () => {
    expect(refusal({ size: 1 })).toMatch(/where-required/);
    expect(refusal({ where: { field: "city", eq: "x" }, size: 0 })).toMatch(/^size: .*size-range/);
    expect(refusal({ where: { field: "city", eq: "x" }, after: 3 })).toMatch(/^after: .*after-type/);
    expect(refusal({ where: { field: "city", eq: "x" }, sort: "name" })).toMatch(/extra-member/);
    expect(refusal({ field: "city", eq: "x" }, "jobs")).toMatch(/extra-member/);
    expect(refusal([], "jobs")).toMatch(/body-not-object/);
  });

  it("serves what no rule refuses, and the forms its readings serve", () => {
    expect(refusal({ where: { field: "management_level", eq: "senior" }, size: 1 })).toBeUndefined();
    expect(refusal({ where: { field: "language_proficiency", eq: 3 }, size: 1 })).toBeUndefined();
    expect(refusal({ where: { all: [{ field: "headline", exists: false }, { any: [] }] } })).toBeUndefined();
    expect(refusal({ where: { field: "posted", gte: "2024-01-01" } }, "jobs")).toBeUndefined();
    expect(refusal({}, "companies")).toBeUndefined();
  });
});

describe("a rule switched off by a fault", () => {
  const where = { all: [{ field: "nope", eq: "x" }, { not: { field: "nope", eq: "x" } }] };

  it("everywhere lets the form through at every position", () => {
    expect(refusal({ where }, "people", [{ rule: "unknown-field" }])).toBeUndefined();
  });

  it("at one position lets it through there only", () => {
    expect(
      refusal({ where: { not: { field: "nope", eq: "x" } } }, "people", [{ rule: "unknown-field", at: "not" }]),
    ).toBeUndefined();
    expect(refusal({ where }, "people", [{ rule: "unknown-field", at: "not" }])).toMatch(/^where\.all\[0\]\.field/);
    expect(refusal({ where }, "people", [{ rule: "unknown-field", at: "all" }])).toMatch(
      /^where\.all\[1\]\.not\.field/,
    );
  });

  it("on one dataset leaves the others alone", () => {
    expect(
      refusal({ where: { field: "nope", eq: "x" } }, "jobs", [{ rule: "unknown-field", dataset: "people" }]),
    ).toMatch(/unknown-field/);
  });
});

describe("readings", () => {
  it("give every unspecified rule a reading", () => {
    for (const rule of RULES.filter((r) => r.meta.consequence === "unspecified")) {
      const forms = Object.keys(rule.meta.messages).map((m) => readingOf(rule.meta.id, m));
      expect(
        forms.some((r) => r !== undefined),
        rule.meta.id,
      ).toBe(true);
    }
    expect(readingOf("argument-form", "existsFalse")).toBe("serve");
    expect(readingOf("argument-form", "not")).toBe("refuse");
  });

  it("name only unspecified rules and their messages", () => {
    for (const key of Object.keys(READINGS)) {
      const [id, messageId] = key.split("/");
      const rule = RULES.find((r) => r.meta.id === id);
      expect(rule?.meta.consequence, key).toBe("unspecified");
      if (messageId !== undefined) expect(Object.keys(rule!.meta.messages), key).toContain(messageId);
    }
  });
});

describe("placeOf", () => {
  it("turns a JSON Pointer into the place a refusal names", () => {
    expect(placeOf("/where/all/1/has_experience/field")).toBe("where.all[1].has_experience.field");
    expect(placeOf("")).toBe("");
  });
});
