import { describe, expect, it } from "vitest";
import type { Mutant } from "../reference/mutants/index.js";
import type { CaseDef } from "../runner/types.js";
import { findVariant } from "../reference/variants/index.js";
import { casesFor, DATASET_PROFILES, jobSizes, planJobs, selectMutants } from "./plan.js";
import { planVariantJobs } from "./variants.js";

function testCase(id: string, clauses: string[], runs?: "last"): CaseDef {
  return {
    id,
    area: id.split("/")[0]!,
    title: id,
    clauses,
    tags: [],
    requires: [],
    steps: [],
    file: "suites/x.yaml",
    ...(runs ? { runs } : {}),
  };
}

function mutant(id: string, area: Mutant["area"], clause: string, needsDefaultDataset = false): Mutant {
  return {
    id,
    area,
    clause,
    description: `the fault of ${id}`,
    faults: {},
    ...(needsDefaultDataset ? { needsDefaultDataset } : {}),
  };
}

const CASES = [
  testCase("envelope/every-route", ["s4-envelope-code-200-msg-ok"]),
  testCase("people-query/total", ["s4-3-total-exact-or-string", "s8-people-total"]),
  testCase("people-query/default-size", ["s4-2-size-default-100"]),
  testCase("credits/search-cost", ["s8-cost-query-search"]),
  testCase("privacy/scan-everything", ["s1-people-prose-no-contact"], "last"),
];

describe("casesFor", () => {
  it(
    "takes only the named cases of its area for a mutant that names them, and other areas' cases citing its " +
      "clause",
    () => {
      const cases = [
        testCase("search-semantics/people", ["s4-2-not-negates"]),
        testCase("search-semantics/jobs", ["s4-2-not-negates"]),
        testCase("people-query/scope", ["s4-2-not-negates"]),
      ];
      const m: Mutant = {
        ...mutant("semantics-jobs-not-ignored", "search-semantics", "s4-2-not-negates"),
        cases: ["search-semantics/jobs"],
      };
      expect(casesFor(m, cases).map((c) => c.id)).toEqual(["search-semantics/jobs", "people-query/scope"]);
    },
  );

  it("takes the cases of the mutant's area and the cases citing its clause, in suite order", () => {
    const m = mutant("query-size-default-50", "query-spec", "s4-2-size-default-100");
    expect(casesFor(m, CASES).map((c) => c.id)).toEqual(["people-query/default-size"]);
    const total = mutant("people-total-x", "people-query", "s8-cost-query-search");
    expect(casesFor(total, CASES).map((c) => c.id)).toEqual([
      "people-query/total",
      "people-query/default-size",
      "credits/search-cost",
    ]);
  });

  it("takes the whole suite when a chosen case runs last (it reads what every other case fetched)", () => {
    expect(casesFor(mutant("privacy-x", "privacy", "s1-people-prose-no-contact"), CASES)).toHaveLength(CASES.length);
  });

  it("takes every case with allCases", () => {
    expect(casesFor(mutant("version-x", "version", "s9-version-route"), CASES, true)).toHaveLength(CASES.length);
    expect(casesFor(mutant("version-x", "version", "s9-version-route"), CASES)).toEqual([]);
  });
});

describe("selectMutants", () => {
  const all = [
    mutant("envelope-a", "envelope", "c"),
    mutant("credits-b", "credits", "c"),
    mutant("credits-c", "credits", "c"),
    mutant("auth-d", "auth", "c"),
  ];

  it("matches ids and areas by glob, several patterns comma-separated", () => {
    expect(selectMutants(all).length).toBe(4);
    expect(selectMutants(all, "credits").map((m) => m.id)).toEqual(["credits-b", "credits-c"]);
    expect(selectMutants(all, "*-c, envelope-*").map((m) => m.id)).toEqual(["envelope-a", "credits-c"]);
    expect(selectMutants(all, "credits-b.")).toEqual([]);
    expect(selectMutants(all, "nothing-*")).toEqual([]);
  });
});

describe("planJobs", () => {
  it(
    "runs the correct server on every dataset a mutant " + "needs, with every case a mutant there runs, longest first",
    () => {
      const mutants = [mutant("envelope-a", "envelope", "x"), mutant("people-total-b", "people-query", "x", true)];
      const jobs = planJobs(mutants, CASES, { asOf: "2026-01-02" });
      expect(jobs.map((j) => [j.key, j.profile, j.caseIds.length])).toEqual([
        ["correct:large", "large", 2],
        ["people-total-b", "large", 2],
        ["correct:small", "small", 5],
        ["envelope-a", "small", 1],
      ]);
      expect(jobs.find((j) => j.key === "correct:large")!.caseIds).toEqual([
        "people-query/total",
        "people-query/default-size",
      ]);
      expect(jobs.every((j) => j.asOf === "2026-01-02")).toBe(true);
      expect(jobs.find((j) => j.key === "correct:small")!.mutant).toBeUndefined();
    },
  );

  it("runs the correct server on the small dataset with every case even when no mutant needs it", () => {
    const jobs = planJobs([mutant("people-total-b", "people-query", "x", true)], CASES, { asOf: "2026-01-02" });
    expect(jobs.find((j) => j.key === "correct:small")!.caseIds).toHaveLength(CASES.length);
  });

  it("gives a variant with its own dataset sizes a server of those sizes, started first", () => {
    const production = findVariant("data-production-sized")!;
    const other = findVariant("detail-default-record-unnamed-fields")!;
    const jobs = planVariantJobs([other, production], CASES, "2026-01-02");
    expect(jobs.map((j) => j.variant)).toEqual([production.id, other.id]);
    expect(jobSizes(jobs[0]!)).toEqual({ people: 150_000, jobs: 20_000, companies: 10_000 });
    expect(jobSizes(jobs[1]!)).toEqual(DATASET_PROFILES.small);
    expect(jobs.every((j) => j.caseIds.length === CASES.length)).toBe(true);
  });

  it("starts the variants whose server makes a run wait (a rate limit, then latency) before the others", () => {
    const ids = ["detail-default-record-unnamed-fields", "service-latency-40ms", "deployment-realistic"];
    const jobs = planVariantJobs(
      ids.map((id) => findVariant(id)!),
      CASES,
      "2026-01-02",
    );
    expect(jobs.map((j) => j.variant)).toEqual(["deployment-realistic", "service-latency-40ms", ids[0]]);
  });
});
