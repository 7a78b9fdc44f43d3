import { describe, expect, it } from "vitest";
import type { Dataset } from "../../contract/index.js";
import type { PersonInput } from "../inputs.js";
import { company, dataset, experience, job, people, person } from "../testing/fixtures.js";
import { Bitset } from "../store/bitset.js";
import { buildStore } from "../store/store.js";
import { Evaluator } from "./evaluate.js";
import { QueryTranslator } from "./translate.js";

const now = new Date("2025-06-15T00:00:00Z");

/**
 * Hand-built people whose sub-records are arranged so that scoped and unscoped readings of the same
 * conditions select different people (s4-2-scope-same-sub-record).
 */
const store = buildStore(
  dataset({
    people: [
      // 0: a current Engineer at Acme, and earlier a Manager at Globex.
      person({
        first_name: "Zero",
        skills: ["Go", "SQL"],
        experience_months: 120,
        experiences: [
          experience({
            title: "Senior Software Engineer",
            company_name: "Acme",
            level: "Senior",
            is_current: true,
            started_at: "2022-01-01",
            workplace_city: "Berlin",
          }),
          experience({
            title: "Engineering Manager",
            company_name: "Globex",
            level: "Manager",
            is_current: false,
            started_at: "2015-01-01",
            ended_at: "2021-12-31",
            workplace_city: "Paris",
          }),
        ],
        educations: [
          {
            institution_name: "Paris Institute of Technology",
            degree_level: 3,
            graduation_year: 2014,
            is_studying: false,
          },
        ],
        languages: [
          { language: "French", proficiency: "Elementary proficiency" },
          { language: "German", proficiency: "Native or bilingual proficiency" },
        ],
      }),
      // 1: a current Manager at Acme, earlier an Engineer at Globex.
      person({
        first_name: "One",
        city: "Paris",
        country: "France",
        country_iso2: "FR",
        skills: ["Python"],
        experience_months: 30,
        experiences: [
          experience({
            title: "Engineering Manager",
            company_name: "Acme",
            level: "Manager",
            is_current: true,
            started_at: "2025-05-01",
            workplace_city: "Paris",
          }),
          experience({
            title: "Software Engineer",
            company_name: "Globex",
            level: "Specialist",
            is_current: false,
            started_at: "2019-01-01",
            ended_at: "2025-04-30",
            workplace_city: "Berlin",
          }),
        ],
        languages: [{ language: "French", proficiency: "Native or bilingual proficiency" }],
      }),
      // 2: no experiences, no languages.
      person({ first_name: "Two", is_working: false, headline: null, skills: [] }),
    ],
    jobs: [
      job({ title: "Data Engineer", salary: { min: 50_000, max: 70_000, currency: "EUR", unit: "YEAR" } }),
      job({ title: "Nurse", posted_at: "2025-06-10", applicants_count: 12 }),
    ],
    companies: [company({ name: "Acme", is_b2b: true }), company({ name: "Globex", is_b2b: false })],
  }),
);
const evaluator = new Evaluator(store);
const root = { people: "person", jobs: "jobs", companies: "companies" } as const;

function matches(where: unknown, data: Dataset = "people"): number[] {
  const plan = new QueryTranslator({ dataset: data, now }).translate(where);
  return evaluator.evaluate(plan, root[data]).rows(0, 100);
}

describe("Evaluator: scopes bind conditions to one sub-record (s4-2-scope-same-sub-record)", () => {
  it("an engineer at Acme: unscoped, any job of each kind; scoped, the same job", () => {
    const conditions = [
      { field: "title", match: "engineer" },
      { field: "company_name", eq: "Acme" },
    ];
    expect(matches({ all: conditions })).toEqual([0, 1]);
    expect(matches({ has_experience: { all: conditions } })).toEqual([0]);
  });

  it("a current manager: unscoped is_current matches any current job (s2-2-is-current-is-studying-in-scope)", () => {
    const conditions = [
      { field: "level", eq: "Manager" },
      { field: "is_current", eq: true },
    ];
    expect(matches({ all: conditions })).toEqual([0, 1]);
    expect(matches({ has_experience: { all: conditions } })).toEqual([1]);
  });

  it(
    "native French: proficiency outside has_language is satisfied by any language " +
      "(s2-2-language-proficiency-in-has-language)",
    () => {
      const conditions = [
        { field: "languages", eq: "French" },
        { field: "language_proficiency", eq: "Native or bilingual proficiency" },
      ];
      expect(matches({ all: conditions })).toEqual([0, 1]);
      expect(matches({ has_language: { all: conditions } })).toEqual([1]);
    },
  );

  it("worked in Berlin as an engineer, and a date range on one job", () => {
    expect(
      matches({
        has_experience: {
          all: [
            { field: "workplace_city", eq: "Berlin" },
            { field: "title", match: "software engineer" },
          ],
        },
      }),
    ).toEqual([0, 1]);
    expect(
      matches({
        has_experience: {
          all: [
            { field: "workplace_city", eq: "Berlin" },
            { field: "is_current", eq: true },
          ],
        },
      }),
    ).toEqual([0]);
    const range = [
      { field: "started_at", gte: "2019-01-01" },
      { field: "ended_at", lte: "2025-12-31" },
    ];
    expect(matches({ all: range })).toEqual([0, 1]);
    expect(matches({ has_experience: { all: range } })).toEqual([1]);
  });

  it(
    "not inside a scope asks for a sub-record that fails " + "the condition; outside, for no sub-record that meets it",
    () => {
      expect(matches({ has_experience: { not: { field: "company_name", eq: "Acme" } } })).toEqual([0, 1]);
      expect(matches({ not: { field: "company_name", eq: "Acme" } })).toEqual([2]);
    },
  );

  it("a person-level condition inside a scope holds for each of the person's sub-records", () => {
    expect(
      matches({
        has_experience: {
          all: [
            { field: "city", eq: "Paris" },
            { field: "is_current", eq: true },
          ],
        },
      }),
    ).toEqual([1]);
  });

  it("a scope nested in another asks about the person", () => {
    expect(
      matches({
        has_experience: {
          all: [{ field: "is_current", eq: true }, { has_language: { field: "languages", eq: "German" } }],
        },
      }),
    ).toEqual([0]);
  });
});

describe("Evaluator: operators (§4.2)", () => {
  it(
    "eq compares the whole stored value exactly; a misspelt fixed value matches nothing " +
      "(s7-misspelt-fixed-value-empty)",
    () => {
      expect(matches({ field: "title", eq: "Engineering Manager" })).toEqual([0, 1]);
      expect(matches({ field: "title", eq: "engineering manager" })).toEqual([]);
      expect(matches({ field: "title", eq: "Manager" })).toEqual([]);
      expect(matches({ field: "management_level", eq: "manager" })).toEqual([]);
      expect(matches({ field: "language_proficiency", eq: "fluent" })).toEqual([]);
    },
  );

  it("eq and in on a list field match when one element is equal (s2-2-eq-whole-value)", () => {
    expect(matches({ field: "skills", eq: "Go" })).toEqual([0]);
    expect(matches({ field: "skills", in: ["Python", "Go"] })).toEqual([0, 1]);
  });

  it("match is a case-insensitive match of every word (s4-2-match-semantics)", () => {
    expect(matches({ field: "title", match: "ENGINEERING" })).toEqual([0, 1]);
    expect(matches({ field: "title", match: "senior engineer" })).toEqual([0]);
    expect(matches({ field: "title", match: "engine" })).toEqual([]);
    expect(matches({ field: "institution_name", match: "paris technology" })).toEqual([0]);
  });

  it("gte and lte compare numbers, ordinals and dates, absolute and relative", () => {
    expect(matches({ field: "experience_months", gte: 30 })).toEqual([0, 1]);
    expect(matches({ field: "experience_months", lte: 30 })).toEqual([1]);
    expect(matches({ has_education: { field: "degree_level", gte: 3 } })).toEqual([0]);
    expect(matches({ field: "started_at", gte: "now-2m" })).toEqual([1]);
    expect(matches({ field: "started_at", gte: "now-30d" })).toEqual([]);
    expect(matches({ field: "started_at", lte: "2015-01-01" })).toEqual([0]);
  });

  it("exists true and false on values and lists", () => {
    expect(matches({ field: "title", exists: true })).toEqual([0, 1]);
    expect(matches({ field: "title", exists: false })).toEqual([2]);
    expect(matches({ field: "skills", exists: false })).toEqual([2]);
    expect(matches({ field: "headline", exists: true })).toEqual([]);
    expect(matches({ field: "ended_at", exists: true })).toEqual([0, 1]);
  });

  it("booleans, any, not and an empty all", () => {
    expect(matches({ field: "is_working", eq: false })).toEqual([2]);
    expect(matches({ field: "is_working", in: [true, false] })).toEqual([0, 1, 2]);
    expect(
      matches({
        any: [
          { field: "city", eq: "Paris" },
          { field: "skills", eq: "Go" },
        ],
      }),
    ).toEqual([0, 1]);
    expect(
      matches({
        not: {
          any: [
            { field: "city", eq: "Paris" },
            { field: "skills", eq: "Go" },
          ],
        },
      }),
    ).toEqual([2]);
    expect(matches({ all: [] })).toEqual([0, 1, 2]);
    expect(matches({ any: [] })).toEqual([]);
  });

  it("evaluates jobs and companies without scopes", () => {
    expect(matches({ field: "title", match: "engineer" }, "jobs")).toEqual([0]);
    expect(matches({ field: "salary_min", gte: 40_000 }, "jobs")).toEqual([0]);
    expect(matches({ field: "salary_currency", eq: "EUR" }, "jobs")).toEqual([0]);
    expect(matches({ field: "posted", gte: "now-7d" }, "jobs")).toEqual([1]);
    expect(matches({ field: "applicants_count", exists: true }, "jobs")).toEqual([1]);
    expect(matches({ field: "is_b2b", eq: true }, "companies")).toEqual([0]);
    expect(matches({ field: "name", in: ["Globex"] }, "companies")).toEqual([1]);
  });

  it("matches every row for an absent where (jobs and companies)", () => {
    expect(evaluator.evaluate(null, "jobs").rows(0, 10)).toEqual([0, 1]);
  });
});

describe("Evaluator: leaves kept between queries", () => {
  const plan = (where: unknown) => new QueryTranslator({ dataset: "people", now }).translate(where);
  // One leaf in its own table, one lifted from sub-records to people, one absent outside its scope, one person
  // leaf lifted into a scope's sub-records.
  const wheres = [
    { field: "skills", eq: "Go" },
    { field: "title", match: "engineer" },
    { field: "ended_at", exists: false },
    {
      has_experience: {
        all: [
          { field: "city", eq: "Paris" },
          { field: "is_current", eq: true },
        ],
      },
    },
  ];

  it("a query's rows do not change when a caller combines an earlier answer in place", () => {
    const kept = new Evaluator(store);
    for (const where of wheres) {
      const first = kept.evaluate(plan(where), "person");
      const expected = first.rows(0, 100);
      first.not();
      expect(kept.evaluate(plan(where), "person").rows(0, 100)).toEqual(expected);
      expect(kept.evaluate(plan({ not: where }), "person").rows(0, 100)).toEqual(
        [0, 1, 2].filter((r) => !expected.includes(r)),
      );
      expect(kept.evaluate(plan(where), "person").rows(0, 100)).toEqual(expected);
      expect(new Evaluator(store).evaluate(plan(where), "person").rows(0, 100)).toEqual(expected);
    }
  });

  it("a leaf fault sees the correct rows on every query, and its own rows are never kept", () => {
    // A leaf in its own table and one lifted from experiences (rows 0 and 2, of people 0 and 1) to people.
    for (const [where, own, correct] of [
      [{ field: "skills", eq: "Go" }, "person", [0]],
      [{ field: "company_name", eq: "Acme" }, "experience", [0, 1]],
    ] as const) {
      const ownRows = new Evaluator(store).evaluate(plan(where), own).rows(0, 100);
      const seen: number[][] = [];
      const faulty = new Evaluator(store, {
        leaf: (ctx) => {
          seen.push(ctx.correct.rows(0, 100));
          expect(ctx.evaluate(ctx.arg).rows(0, 100)).toEqual(ownRows);
          // A fault that empties the rows it was given in place, on every other query.
          return seen.length % 2 === 1 ? ctx.correct.and(new Bitset(ctx.correct.size)) : ctx.correct;
        },
      });
      expect(faulty.evaluate(plan(where), "person").rows(0, 100)).toEqual([]);
      expect(faulty.evaluate(plan(where), "person").rows(0, 100)).toEqual(correct);
      expect(faulty.evaluate(plan(where), "person").rows(0, 100)).toEqual([]);
      expect(seen).toEqual([ownRows, ownRows, ownRows]);
    }
  });
});

describe("Evaluator: whole-column scans, 32 rows to a word", () => {
  // Values cycle at other periods than 32, so that each word boundary and the last, partial word hold both kinds.
  const each = (i: number): PersonInput => ({
    experience_months: i % 5 === 0 ? null : (i * 7) % 40,
    is_working: i % 3 === 0 ? null : i % 2 === 0,
    headline: i % 4 === 0 ? null : `headline ${i % 3}`,
    skills: i % 3 === 1 ? [] : ["Go"],
  });
  const tests: readonly [where: unknown, holds: (p: PersonInput) => boolean][] = [
    [{ field: "experience_months", gte: 20 }, (p) => p.experience_months != null && p.experience_months >= 20],
    [{ field: "experience_months", lte: 20 }, (p) => p.experience_months != null && p.experience_months <= 20],
    [{ field: "experience_months", eq: 14 }, (p) => p.experience_months === 14],
    [{ field: "experience_months", exists: true }, (p) => p.experience_months != null],
    [{ field: "experience_months", exists: false }, (p) => p.experience_months == null],
    [{ field: "is_working", eq: true }, (p) => p.is_working === true],
    [{ field: "is_working", eq: false }, (p) => p.is_working === false],
    [{ field: "is_working", exists: true }, (p) => p.is_working != null],
    [{ field: "is_working", exists: false }, (p) => p.is_working == null],
    [{ field: "headline", exists: true }, (p) => p.headline != null],
    [{ field: "headline", exists: false }, (p) => p.headline == null],
    [{ field: "skills", exists: true }, (p) => (p.skills ?? []).length > 0],
    [{ field: "skills", exists: false }, (p) => (p.skills ?? []).length === 0],
  ];

  it.each([1, 31, 32, 33, 64, 70])("finds the rows a row-by-row reading finds, over %i people", (n) => {
    const input = people(n, each);
    const scanned = new Evaluator(buildStore(dataset({ people: input })));
    for (const [where, holds] of tests) {
      const plan = new QueryTranslator({ dataset: "people", now }).translate(where);
      const expected = input.flatMap((p, row) => (holds(p) ? [row] : []));
      expect(scanned.evaluate(plan, "person").rows(0, n + 32), JSON.stringify(where)).toEqual(expected);
    }
  });
});
