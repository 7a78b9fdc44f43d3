import { describe, expect, it } from "vitest";
import { jobRecord } from "./job-record.js";
import { context, ok } from "./testing/context.js";

const job = {
  id: "j1",
  title: "Engineer",
  description: "Build",
  url: null,
  external_url: null,
  posted: "2 days ago",
  application_active: 1,
  applicants_count: "12",
  created_at: "2024-01-02",
  updated_at: "2024-02-03",
  seniority: "Internship",
  employment_type: "Full-time",
  functions: [],
  industries: ["Software"],
  required_months_of_experience: null,
  company_name: "Acme",
  company: { name: "Acme", url: null, logo_url: null },
  city: null,
  state: null,
  country: "Germany",
  country_iso_2: "DE",
  location: "Germany",
  regions: [],
};
const judge = (record: object, args = {}) =>
  [jobRecord.run(context("getJobs", [ok({ results: [record], not_found: [] })]), args)].flat();

describe("job-record (§2.6)", () => {
  it("accepts a §2.6 default record, with or without a stated salary", () => {
    expect(judge(job)[0]!.status).toBe("pass");
    expect(
      judge({
        ...job,
        salary: { min_value: "50000", max_value: null, currency: "EUR", unit: "year", string: "€50k" },
      })[0]!.status,
    ).toBe("pass");
  });

  it(
    "fails an omitted field, a wrong type, company_id by " + "default, a figureless salary, a bad date or country code",
    () => {
      const { city: _, ...withoutCity } = job;
      const failures = (r: object) =>
        judge(r)
          .filter((o) => o.status === "fail")
          .map((o) => o.message);
      expect(failures(withoutCity)).toEqual([expect.stringMatching(/shape: the member city is missing$/)]);
      expect(failures({ ...job, applicants_count: 12 })).toEqual([
        expect.stringMatching(/shape: \/applicants_count: expected string or null$/),
      ]);
      expect(failures({ ...job, company_id: "c1" })).toEqual([
        expect.stringMatching(/carries company_id without naming it/),
      ]);
      expect(failures({ ...job, salary: { currency: "EUR", min_value: null, max_value: null } })).toEqual([
        expect.stringMatching(/salary block without a figure/),
      ]);
      expect(failures({ ...job, created_at: "02/01/2024" })[0]).toMatch(/created_at: must match pattern/);
      expect(failures({ ...job, country_iso_2: "DEU" })).toEqual([expect.stringMatching(/not a two-letter code/)]);
    },
  );

  it("with _source, wants exactly the named fields", () => {
    expect(judge({ id: "j1", title: "x", company_id: "c" }, { source: ["id", "title", "company_id"] })[0]!.status).toBe(
      "pass",
    );
    expect(judge({ id: "j1", title: "x" }, { source: ["id", "title", "company_id"] })[0]!.message).toMatch(
      /missing company_id/,
    );
    expect(judge({ id: "j1", title: "x", url: null }, { source: ["id", "title"] })[0]!.message).toMatch(/extra url/);
  });

  it("cites the clause each failure rests on, not the case's first", () => {
    const { external_url: _gone, ...missing } = job;
    const clauseOf = (record: object) => judge(record).map((o) => o.clause);
    expect(clauseOf(missing)).toEqual([["s2-6-null-never-omitted"]]);
    expect(clauseOf({ ...job, application_active: "1" })).toEqual([["s2-6-application-active-integer"]]);
    expect(clauseOf({ ...job, title: 7 })).toEqual([["s2-6-string-fields"]]);
    expect(clauseOf({ ...job, company_id: "c1" })).toContainEqual("s2-6-company-id-source-only");
    expect(clauseOf({ ...job, salary: { min_value: null, max_value: null, currency: "EUR" } })).toContainEqual(
      "s2-6-salary-block-only-where-stated",
    );
    expect(clauseOf({ ...job, country_iso_2: "DEU" })).toContainEqual("s2-6-country-iso-2-underscore");
    expect(clauseOf({ ...job, seniority: 3 })).toEqual([["s2-6-seniority-seven-levels"]]);
    expect(clauseOf({ ...job, employment_type: ["Full-time"] })).toEqual([["s2-6-employment-type-seven-values"]]);
  });

  it("fails more than seven distinct seniority or employment_type values, never one between the endpoints", () => {
    const levels = (n: number) => Array.from({ length: n }, (_, i) => ({ ...job, seniority: `Level ${i}` }));
    const judgeAll = (records: object[]) =>
      [jobRecord.run(context("getJobs", [ok({ results: records, not_found: [] })]), {})].flat();
    expect(judgeAll(levels(7)).map((o) => o.status)).toEqual(["pass"]);
    expect(judgeAll(levels(8)).map((o) => o.clause)).toEqual(["s2-6-seniority-seven-levels"]);
    expect(judgeAll([...levels(7), { ...job, seniority: "" }]).map((o) => o.status)).toEqual(["pass"]);
    const types = Array.from({ length: 8 }, (_, i) => ({ ...job, employment_type: `Type ${i}` }));
    expect(judgeAll(types).map((o) => o.clause)).toEqual(["s2-6-employment-type-seven-values"]);
  });
});
