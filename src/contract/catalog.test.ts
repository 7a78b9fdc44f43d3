import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { loadContract } from "./load.js";
import { specPath } from "./root.js";
import { schemaValidator } from "./validators.js";

const spec = readFileSync(specPath("interface-spec.md"), "utf8");
const section = (heading: string) => {
  const start = spec.indexOf(heading);
  const end = spec.indexOf("\n#", start + heading.length);
  return spec.slice(start, end === -1 ? undefined : end);
};
const tableRows = (text: string) =>
  text
    .split("\n")
    .filter((l) => l.startsWith("| ") && !l.startsWith("| ---"))
    .slice(1)
    .map((l) => l.split(" | ").map((c) => c.replace(/^\| ?| ?\|$/g, "").trim()));
const commaList = (heading: string) =>
  section(heading)
    .split("\n")
    .find((l) => /^[a-z_0-9]+, /.test(l))!
    .replace(/\.$/, "")
    .split(", ");

const { datasets, openapi, limits } = loadContract();
const names = (d: keyof typeof datasets) => [...datasets[d].fields.keys()];

describe("spec/catalog", () => {
  it("has 47 people, 22 jobs and 23 companies fields", () => {
    expect(names("people")).toHaveLength(47);
    expect(names("jobs")).toHaveLength(22);
    expect(names("companies")).toHaveLength(23);
  });

  it("gives each people field the group and operators of its §2.2 row", () => {
    const rows = tableRows(section("### 2.2"));
    expect(rows).toHaveLength(13);
    const seen: string[] = [];
    for (const [label, fields, operators] of rows) {
      for (const name of fields!.split(", ")) {
        const field = datasets.people.fields.get(name);
        expect(field, name).toBeDefined();
        expect(field!.groupLabel).toBe(label);
        expect(field!.operators.join(", ")).toBe(operators);
        seen.push(name);
      }
    }
    expect(seen.sort()).toEqual(names("people").sort());
  });

  it("lists the jobs fields of §2.5 and the companies fields of §2.7", () => {
    expect(names("jobs")).toEqual(commaList("### 2.5"));
    expect(names("companies")).toEqual(commaList("### 2.7"));
  });

  it("copies every fixed value set of §2.3 letter for letter, in the spec's order", () => {
    const rows = tableRows(section("### 2.3"));
    expect(rows).toHaveLength(4);
    for (const [fieldCell, valuesCell] of rows) {
      const values = valuesCell!.replace(/ \([^)]*\)$/, "").split("; ");
      const fieldNames = fieldCell!.replace(/ \(.*\)$/, "").split(", ");
      for (const name of fieldNames) expect(datasets.people.fields.get(name)?.values, name).toEqual(values);
    }
    expect(datasets.people.fields.get("language_proficiency")!.ordered).toBe(true);
    const withValues = names("people").filter((n) => datasets.people.fields.get(n)!.values);
    expect(withValues.sort()).toEqual([
      "active_department",
      "industry",
      "language_proficiency",
      "level",
      "management_level",
    ]);
  });

  it("puts people fields in the sub-records of the design's scope table and nowhere else", () => {
    const bySubRecord = (s: string) => names("people").filter((n) => datasets.people.fields.get(n)!.scope === s);
    expect(bySubRecord("experience")).toEqual(
      expect.arrayContaining([
        "title",
        "company_name",
        "workplace_city",
        "workplace_state",
        "workplace_country",
        "level",
        "is_current",
        "duration_months",
        "started_at",
        "ended_at",
        "company_employees_count",
        "company_size_range",
        "industry",
        "company_type",
        "role",
      ]),
    );
    expect(bySubRecord("experience")).toHaveLength(15);
    expect(bySubRecord("education").sort()).toEqual([
      "degree_level",
      "graduation_year",
      "institution_name",
      "institution_ranking",
      "is_studying",
      "major",
      "study_start_year",
    ]);
    expect(bySubRecord("language").sort()).toEqual(["language_proficiency", "languages"]);
    expect(datasets.people.scopes).toEqual({
      has_experience: "experience",
      has_education: "education",
      has_language: "language",
    });
    expect(datasets.jobs.scopes).toEqual({});
    expect(datasets.companies.scopes).toEqual({});
  });

  it("holds the limits of §8", () => {
    expect(limits.search.size).toEqual({ min: 1, max: 10000, default: 100 });
    expect(limits.search.total).toEqual({ exactBelow: 100000, capped: "100000+" });
    expect(limits.naturalLanguage.text).toEqual({ minLength: 1, maxLength: 5000 });
  });
});

describe("catalog and OpenAPI agree", () => {
  const schemas = openapi.components!.schemas as Record<
    string,
    { properties: { field: { enum: string[] } } & Record<string, unknown> }
  >;
  const enumOf = (schema: string) => schemas[schema]!.properties.field.enum;
  const operatorsOf = (schema: string) =>
    Object.keys(schemas[schema]!.properties)
      .filter((k) => k !== "field")
      .sort();

  it("people leaf schemas hold exactly the fields of each operator profile", () => {
    for (const leaf of ["PeopleMatchLeaf", "PeopleExactLeaf", "PeopleRangeLeaf"]) {
      const ops = operatorsOf(leaf);
      const expected = names("people").filter(
        (n) => [...datasets.people.fields.get(n)!.operators].sort().join() === ops.join(),
      );
      expect(enumOf(leaf), leaf).toEqual(expected);
    }
    expect(["PeopleMatchLeaf", "PeopleExactLeaf", "PeopleRangeLeaf"].flatMap(enumOf).sort()).toEqual(
      names("people").sort(),
    );
  });

  it("jobs and companies leaf schemas hold exactly the catalog's fields and operators", () => {
    expect(enumOf("JobsLeaf")).toEqual(names("jobs"));
    expect(enumOf("CompaniesLeaf")).toEqual(names("companies"));
    for (const d of ["jobs", "companies"] as const) {
      const ops = [...datasets[d].fields.values()][0]!.operators;
      expect(operatorsOf(d === "jobs" ? "JobsLeaf" : "CompaniesLeaf")).toEqual([...ops].sort());
    }
  });

  it("the size schema carries the §8 page limits", () => {
    expect(schemas.Size).toMatchObject({
      minimum: limits.search.size.min,
      maximum: limits.search.size.max,
      default: limits.search.size.default,
    });
    expect((schemas.NaturalLanguageBody as any).properties.text).toMatchObject({ minLength: 1, maxLength: 5000 });
    expect((schemas.ProfilesDetailBody as any).properties.profile_ids).toMatchObject({ minItems: 1, maxItems: 100 });
  });
});

describe("request schemas", () => {
  const people = schemaValidator("PeopleQueryBody");
  const jobs = schemaValidator("JobsQueryBody");
  it.each([
    [{ where: { field: "title", match: "engineer" } }],
    [
      {
        where: {
          all: [
            { field: "experience_months", gte: 12 },
            { field: "experience_months", lte: 60 },
          ],
        },
        size: 10,
      },
    ],
    [
      {
        where: {
          has_experience: {
            all: [
              { field: "title", match: "cto" },
              { field: "is_current", eq: true },
            ],
          },
        },
        size: 10000,
      },
    ],
    [
      {
        where: { has_language: { field: "language_proficiency", eq: "Native or bilingual proficiency" } },
        after: "c1",
      },
    ],
  ])("accepts a valid people body %#", (body) => {
    expect(people(body), JSON.stringify(people.errors)).toBe(true);
  });
  it.each([
    ["no where", { size: 10 }],
    ["unknown field", { where: { field: "salary", eq: 1 } }],
    ["two operators", { where: { field: "experience_months", gte: 1, lte: 5 } }],
    ["no operator", { where: { field: "title" } }],
    ["operator outside the group", { where: { field: "city", match: "Paris" } }],
    ["gte on a list field", { where: { field: "skills", gte: 3 } }],
    ["size 0", { where: { field: "title", eq: "x" }, size: 0 }],
    ["size 10001", { where: { field: "title", eq: "x" }, size: 10001 }],
    ["size not an integer", { where: { field: "title", eq: "x" }, size: 2.5 }],
    ["all not an array", { where: { all: { field: "title", eq: "x" } } }],
    ["two shape keys", { where: { all: [], any: [] } }],
  ])("refuses a people body with %s", (_, body) => {
    expect(people(body)).toBe(false);
  });
  it("refuses a scope in jobs (§4.2 rule 4) and accepts a jobs leaf", () => {
    expect(jobs({ where: { has_experience: { field: "title", match: "x" } } })).toBe(false);
    expect(jobs({ where: { field: "posted", gte: "now-30d" } })).toBe(true);
  });
  it("natural-language body accepts text and size only, 1 to 5000 characters", () => {
    const nl = schemaValidator("NaturalLanguageBody");
    expect(nl({ text: "a", size: 5 })).toBe(true);
    expect(nl({ text: "x".repeat(5000) })).toBe(true);
    expect(nl({ text: "" })).toBe(false);
    expect(nl({ text: "x".repeat(5001) })).toBe(false);
    expect(nl({ text: "a", filters: {} })).toBe(false);
  });
  it("profiles detail takes 1 to 100 IDs", () => {
    const detail = schemaValidator("ProfilesDetailBody");
    expect(detail({ profile_ids: ["a"] })).toBe(true);
    expect(detail({ profile_ids: Array(100).fill("a"), _source: ["skills"] })).toBe(true);
    expect(detail({ profile_ids: [] })).toBe(false);
    expect(detail({ profile_ids: Array(101).fill("a") })).toBe(false);
  });
});

describe("record fields (spec/catalog/records.yaml)", () => {
  const { records } = loadContract();
  it("the job record fields match the JobFieldName enum of the OpenAPI document", () => {
    const jobEnum = (openapi.components!.schemas as any).JobFieldName.enum as string[];
    expect([...records.jobs].sort()).toEqual([...jobEnum].sort());
  });
  it("the default job record is every §2.6 field but company_id", () => {
    expect(records.jobsDefault).not.toContain("company_id");
    expect(records.jobsDefault).toHaveLength(24);
    const required = (openapi.components!.schemas as any).JobRecord.required as string[];
    expect([...required].sort()).toEqual(records.jobsDefault.filter((f) => !records.jobsOptional.includes(f)).sort());
  });
  it("people record fields hold the four shown in §2.4 and every queryable name", () => {
    expect(records.people.slice(0, 4)).toEqual(["profile_id", "full_name", "active_experience_title", "skills"]);
    // full_name and skills are both shown and queryable
    expect(records.people).toHaveLength(4 + 47 - 2);
  });
});

describe("response schemas", () => {
  it("compile for every operation", async () => {
    const { responseValidator } = await import("./validators.js");
    const { OPERATION_IDS } = await import("./types.js");
    for (const op of OPERATION_IDS) expect(typeof responseValidator(op), op).toBe("function");
  });
  it("a jobs search with a match count is refused by the schema (§4.3: no match count)", async () => {
    const { responseValidator } = await import("./validators.js");
    const validate = responseValidator("queryJobs");
    expect(validate({ code: 200, msg: "ok", data: { job_ids: ["a"], next: "c" } })).toBe(true);
    expect(validate({ code: 200, msg: "ok", data: { job_ids: ["a"], total: 1 } })).toBe(false);
  });
  it("people search total is an integer below 100000 or exactly the string 100000+", async () => {
    const { responseValidator } = await import("./validators.js");
    const validate = responseValidator("queryPeople");
    const body = (total: unknown) => ({ code: 200, msg: "ok", data: { profile_ids: [], total } });
    expect(validate(body(99999))).toBe(true);
    expect(validate(body("100000+"))).toBe(true);
    expect(validate(body(100000))).toBe(false);
    expect(validate(body("100000"))).toBe(false);
    expect(validate({ code: "200", msg: "ok", data: { profile_ids: [], total: 1 } })).toBe(false);
    expect(validate({ code: 200, msg: "OK", data: { profile_ids: [], total: 1 } })).toBe(false);
  });
});
