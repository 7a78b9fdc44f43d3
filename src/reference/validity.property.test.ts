import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { routeOf, type Dataset } from "../contract/index.js";
import { lint } from "../linter/lint.js";
import { nodeChain } from "../lint/positions.js";
import { anySearch } from "../validity/arbitrary.js";
import { refuses } from "./query/validate.js";
import { createReferenceService } from "./reference-service.js";

/**
 * One definition of validity (docs/validity.md): on random search bodies of the three datasets, valid forms
 * and single mistakes at every structural position, the reference refuses a body exactly when the linter
 * reports a `refused` diagnostic or an `unspecified` one the reference's reading refuses, serves every other
 * body, and returns no ID where a condition the linter calls `empty` must hold (only `all` and scopes above it).
 */
const NOW = new Date("2025-03-31T12:00:00Z");
const service = createReferenceService({
  people: 300,
  jobs: 60,
  companies: 40,
  seed: 5,
  asOf: "2025-03-31",
  now: () => NOW,
  keys: [{ key: "svc_validity_property", credits: 1e12, rateLimit: { requests: 1e12, perSeconds: 1 } }],
});
const auth = "Bearer svc_validity_property";

const IDS_MEMBER: Readonly<Record<Dataset, string>> = {
  people: "profile_ids",
  jobs: "job_ids",
  companies: "company_ids",
};

/** Throws (an assertion) when the reference and the linter disagree on one body. */
async function agree(dataset: Dataset, body: unknown): Promise<void> {
  const diagnostics = lint(body, { route: routeOf(dataset, "search"), now: NOW });
  const refusing = diagnostics.filter(refuses);
  const answer = await service.call(routeOf(dataset, "search"), body, auth);
  const verdict = { status: answer.status, msg: answer.envelope.msg };
  if (refusing.length > 0) {
    expect(verdict, `linter: ${refusing.map((d) => `${d.ruleId} at ${d.path}`).join("; ")}`).toMatchObject({
      status: 400,
    });
    return;
  }
  expect(verdict, `linter: no refusal (${diagnostics.map((d) => d.ruleId).join(", ")})`).toEqual({
    status: 200,
    msg: "ok",
  });
  const certain = diagnostics.some(
    (d) =>
      d.consequence === "empty" &&
      d.path.startsWith("/where") &&
      nodeChain(d.path, 1).every((k) => k === "all" || k.startsWith("has_")),
  );
  if (certain)
    expect((answer.envelope.data as Record<string, unknown[]>)[IDS_MEMBER[dataset]], "linter: empty").toEqual([]);
}

/** Bodies on which the two disagreed once (kept so that they never do again). */
const REGRESSIONS: readonly [Dataset, unknown][] = [
  ["people", { where: { field: "skills", eq: 280 } }],
  ["people", { where: { field: "first_name", in: [75, true] }, size: 1 }],
  ["people", { where: { field: "company_name", in: ["now-2y", true] }, size: 1 }],
  ["people", { where: { all: [{ all: [{ all: [] }, { field: "workplace_country", exists: null }] }] }, size: 1 }],
  ["people", { where: { has_language: { field: "language_proficiency", eq: 3 } }, size: 1 }],
  ["people", { where: { field: "management_level", in: ["Senior", "senoir"] }, size: 5 }],
  ["people", { where: { field: "city", eq: null }, size: 1 }],
  ["companies", { where: { field: "name", match: 42 }, size: 1 }],
  ["jobs", { where: { field: "salary_currency", match: "EUR" }, size: 1 }],
  ["people", { where: { has_experience: { field: "country_iso3", eq: true } }, size: 1 }],
];

describe("the linter and the reference agree on what is valid", () => {
  for (const [dataset, body] of REGRESSIONS) {
    it(`on ${dataset} ${JSON.stringify(body)}`, async () => {
      await agree(dataset, body);
    });
  }

  it(
    "on 10,000 random bodies of the three datasets " + "(fast-check, seeded; counterexamples shrunk and printed)",
    async () => {
      await fc.assert(
        fc.asyncProperty(anySearch, async ([dataset, body]) => {
          await agree(dataset, body);
        }),
        { seed: 12, numRuns: 10_000 },
      );
    },
    240_000,
  );
});
