import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bodyOperation, loadContract, routeOf, type BodyOperationId, type Dataset } from "../contract/index.js";
import { lint } from "../linter/lint.js";
import { nodeChain } from "../lint/positions.js";
import { anyBody } from "../validity/arbitrary.js";
import { refuses } from "./body-validation.js";
import { companyFields } from "./records/companies.js";
import { profileFields } from "./records/people.js";
import { createReferenceService } from "./reference-service.js";

/**
 * One definition of validity (docs/validity.md): on random bodies of the seven routes that take one (search
 * bodies of the three datasets with single mistakes at every structural position, natural-language and detail
 * bodies with the forms the spec leaves open), the reference refuses a body exactly when the linter reports a
 * `refused` diagnostic or an `unspecified` one the reference's reading refuses, serves every other body, and
 * returns no ID where a condition the linter calls `empty` must hold (only `all` and scopes above it).
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
/** The fields of the reference's records, which decide a `_source` name outside the published ones. */
const OWN_FIELDS: Readonly<Record<Dataset, readonly string[]>> = {
  people: profileFields(),
  jobs: loadContract().records.jobs,
  companies: companyFields(),
};

/** Throws (an assertion) when the reference and the linter disagree on one body. */
async function agree(route: BodyOperationId, body: unknown): Promise<void> {
  const { kind, dataset } = bodyOperation(route)!;
  const diagnostics = lint(body, { route, now: NOW });
  const refusing = diagnostics.filter((d) => refuses(d, body, kind === "detail" ? OWN_FIELDS[dataset] : []));
  const answer = await service.call(route, body, auth);
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
  if (kind !== "search") return;
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
const REGRESSIONS: readonly [Dataset | BodyOperationId, unknown][] = [
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
  // Natural-language and detail bodies, once checked by hand beside the rules.
  ["searchPeople", { text: "\u{1F600}".repeat(3000) }],
  ["searchPeople", { text: "e\u0301".repeat(3000) }],
  ["searchPeople", { text: "data", size: 0 }],
  ["getProfiles", { profile_ids: ["tdss-a"], _source: ["full_name"], source: ["skills"] }],
  ["getProfiles", { profile_ids: ["tdss-a"], _source: ["summary", "nope"] }],
  ["getProfiles", { profile_ids: ["tdss-a"], _source: { fields: ["full_name"] } }],
  ["getCompanies", { company_ids: ["tdss-a"], _source: ["nope"] }],
  ["getCompanies", { company_ids: ["tdss-a"], _source: ["description"] }],
];

describe("the linter and the reference agree on what is valid", () => {
  for (const [where, body] of REGRESSIONS) {
    const route = bodyOperation(where) ? (where as BodyOperationId) : routeOf(where as Dataset, "search");
    it(`on ${route} ${JSON.stringify(body).slice(0, 120)}`, async () => {
      await agree(route, body);
    });
  }

  const title = "on 10,000 random bodies of the seven routes (fast-check, seeded; counterexamples shrunk and printed)";
  it(
    title,
    async () => {
      await fc.assert(
        fc.asyncProperty(anyBody, async ([route, body]) => {
          await agree(route, body);
        }),
        { seed: 12, numRuns: 10_000 },
      );
    },
    240_000,
  );
});
