import { describe, expect, it } from "vitest";
import { loadContract } from "../../contract/index.js";
import { dateBound, Judge } from "./judge.js";

const people = loadContract().datasets.people;
const jobs = loadContract().datasets.jobs;
const record = {
  profile_id: "p1",
  full_name: "Ada Lovelace",
  city: "London",
  skills: ["Mathematics", "Analytical Engines"],
  patents: [],
  is_working: null,
  experience_months: 120,
  title: ["Engineer", "Analyst"],
  is_current: [true, false],
  started_at: ["2020-01-10", "2015-03-01"],
};
const judge = (node: Record<string, unknown>, r: Record<string, unknown> = record) =>
  new Judge(people, r, "2026-01-01").mayMatch(node);

describe("Judge: a record is outside a query only when every reading the spec leaves open agrees", () => {
  it("holds values the record has, on any element of a list or sub-record field", () => {
    expect(judge({ field: "skills", eq: "Analytical Engines" })).toBe(true);
    expect(judge({ field: "title", match: "Analyst" })).toBe(true);
    expect(judge({ field: "experience_months", gte: 120 })).toBe(true);
    expect(judge({ field: "experience_months", gte: 121 })).toBe(false);
  });

  it("fails a prefix of a value, a word no reading of match finds, the wrong case on a field matched exactly", () => {
    expect(judge({ field: "city", eq: "Lond" })).toBe(false);
    expect(judge({ field: "skills", match: "Botany" })).toBe(false);
    expect(judge({ field: "skills", match: "Botany Zoology" })).toBe(false);
    expect(judge({ field: "full_name", eq: "ada lovelace" })).toBe(false);
  });

  it("leaves open what the spec leaves open: case on free text, fields not returned, and how match reads", () => {
    expect(judge({ field: "city", eq: "london" })).toBe(true);
    expect(judge({ field: "country", eq: "France" })).toBe(true);
    // Stems, a run of letters inside a word (a database's ILIKE), fuzziness, and any one word of several.
    expect(judge({ field: "skills", match: "mathematical" })).toBe(true);
    expect(judge({ field: "skills", match: "nalyti" })).toBe(true);
    expect(judge({ field: "skills", match: "Mathematcs" })).toBe(true);
    expect(judge({ field: "skills", match: "Botany Engines" })).toBe(true);
  });

  it("holds a record out of not match only where every reading of match finds it", () => {
    // Two words side by side, as stored: all words, any word, a phrase and a substring all find them.
    expect(judge({ not: { field: "skills", match: "Analytical Engines" } })).toBe(false);
    expect(judge({ not: { field: "skills", match: "Engines" } })).toBe(false);
    // The same words out of their order (a phrase reading misses them) or in another case (a case-sensitive one).
    expect(judge({ not: { field: "skills", match: "Engines Analytical" } })).toBe(true);
    expect(judge({ not: { field: "skills", match: "analytical engines" } })).toBe(true);
    // A run of letters inside a word: a whole-word reading misses it.
    expect(judge({ not: { field: "skills", match: "Engine" } })).toBe(true);
  });

  it("accepts either reading of not on a missing value, and no reading of A and not A", () => {
    expect(judge({ not: { field: "is_working", eq: true } })).toBe(true);
    expect(judge({ all: [{ field: "city", eq: "London" }, { not: { field: "city", eq: "London" } }] })).toBe(false);
    expect(judge({ all: [{ field: "is_working", eq: true }, { not: { field: "is_working", eq: true } }] })).toBe(false);
  });

  it("reads null and a posting's empty list as no value for exists, and a value condition as needing one", () => {
    expect(judge({ field: "is_working", exists: true })).toBe(false);
    expect(judge({ field: "is_working", eq: false })).toBe(false);
    const posting = { id: "j1", functions: [] };
    expect(new Judge(jobs, posting).mayMatch({ field: "functions", exists: true })).toBe(false);
    expect(new Judge(jobs, posting).mayMatch({ field: "functions", exists: false })).toBe(true);
    // A person's own empty list may be a value to a store that keeps [] (s4-2-exists-empty-list).
    expect(judge({ field: "patents", exists: false })).toBe(true);
    expect(judge({ field: "patents", exists: true })).toBe(true);
    expect(judge({ field: "patents", eq: "x" })).toBe(false);
  });

  it("binds a scope's conditions to one sub-record", () => {
    expect(
      judge({
        has_experience: {
          all: [
            { field: "title", eq: "Engineer" },
            { field: "is_current", eq: true },
          ],
        },
      }),
    ).toBe(true);
    expect(
      judge({
        has_experience: {
          all: [
            { field: "title", eq: "Engineer" },
            { field: "is_current", eq: false },
          ],
        },
      }),
    ).toBe(false);
    expect(
      judge({
        all: [
          { field: "title", eq: "Engineer" },
          { field: "is_current", eq: false },
        ],
      }),
    ).toBe(true);
    const ragged = { ...record, is_current: [true] };
    expect(
      judge(
        {
          has_experience: {
            all: [
              { field: "title", eq: "Engineer" },
              { field: "is_current", eq: false },
            ],
          },
        },
        ragged,
      ),
    ).toBe(true);
  });

  it("gives relative dates the slack of a deployment's clock and month arithmetic, and no more", () => {
    // Four days, and the drift of six months of a fixed 30 or 31 days (s4-2-relative-month-length).
    expect(dateBound("now-6m", "2026-01-01")).toEqual({ lo: "2025-06-23", hi: "2025-07-09" });
    expect(dateBound("now-30d", "2026-01-01")).toEqual({ lo: "2025-11-30", hi: "2025-12-04" });
    // now-24m read as 720 days is 2024-01-12, eleven days after the calendar's 2024-01-01: within the slack.
    expect(dateBound("now-24m", "2026-01-01")!.hi >= "2024-01-12").toBe(true);
    expect(judge({ field: "started_at", gte: "now-2183d" })).toBe(true);
    expect(judge({ field: "started_at", lte: "now-133m" })).toBe(false);
    expect(judge({ field: "started_at", lte: "now-132m" })).toBe(true);
  });

  it("leaves values in objects (jobs' regions[].region) and numbers returned as text undecided, though present", () => {
    const job = { id: "j1", applicants_count: "552", regions: [{ region: "Europe" }, { region: "EMEA" }] };
    expect(new Judge(jobs, job).mayMatch({ field: "applicants_count", gte: 553 })).toBe(true);
    expect(new Judge(jobs, job).mayMatch({ field: "regions", eq: "Nowhere" })).toBe(true);
    expect(new Judge(jobs, job).mayMatch({ field: "regions", exists: false })).toBe(false);
  });
});
