/**
 * Example requests with the linter's classification, for the project's own tests and for the
 * conformance runner, which sends the `refused` ones to a deployment to check that it refuses
 * exactly what the linter says it refuses (at no cost). Every body asks for one ID (size 1) or
 * names made-up IDs, so that even one the deployment wrongly accepts costs at most one Credit
 * (five plus one for a natural-language search).
 */
import type { Consequence, LintableOperationId } from "./types.js";

export interface CorpusEntry {
  /** A short unique name. */
  readonly name: string;
  readonly route: LintableOperationId;
  /** The request body as a value. */
  readonly body: unknown;
  /** When set, send these exact bytes instead of JSON.stringify(body) (invalid JSON, duplicate keys). */
  readonly raw?: string;
  /** The most serious consequence among the diagnostics ("clean": none beyond cost). */
  readonly expected: Consequence | "clean";
  /** The rule ids reported, other than cost, sorted. */
  readonly ruleIds: readonly string[];
}

const ID = "tdss-corpus-nonexistent-id";
const leaf = (field: string, op: string, value: unknown) => ({ field, [op]: value });
/** A condition no record meets, for bodies whose size is not 1: accepted by mistake, they still return nothing. */
export const MATCHES_NOTHING = Object.freeze(leaf("full_name", "eq", "tdss corpus: no such person"));
const q = (where: unknown) => ({ where, size: 1 });

const entries: CorpusEntry[] = [
  // ------------------------------------------------------------------ refused: people Query Spec
  {
    name: "people-invalid-json",
    route: "queryPeople",
    body: null,
    raw: '{"where": {"field": "city", "eq": "Paris"}, "size": 1',
    expected: "refused",
    ruleIds: ["invalid-json"],
  },
  {
    name: "people-body-array",
    route: "queryPeople",
    body: [q(leaf("city", "eq", "Paris"))],
    expected: "refused",
    ruleIds: ["body-not-object"],
  },
  {
    name: "people-missing-where",
    route: "queryPeople",
    body: { size: 1 },
    expected: "refused",
    ruleIds: ["where-required"],
  },
  {
    name: "people-size-zero",
    route: "queryPeople",
    body: { where: MATCHES_NOTHING, size: 0 },
    expected: "refused",
    ruleIds: ["size-range"],
  },
  {
    name: "people-size-too-large",
    route: "queryPeople",
    body: { where: MATCHES_NOTHING, size: 10001 },
    expected: "refused",
    ruleIds: ["size-range"],
  },
  {
    name: "people-size-fraction",
    route: "queryPeople",
    body: { where: MATCHES_NOTHING, size: 1.5 },
    expected: "refused",
    ruleIds: ["size-range"],
  },
  {
    name: "people-size-string",
    route: "queryPeople",
    body: { where: MATCHES_NOTHING, size: "1" },
    expected: "refused",
    ruleIds: ["size-range"],
  },
  {
    name: "people-after-number",
    route: "queryPeople",
    body: { where: leaf("city", "eq", "Paris"), size: 1, after: 100 },
    expected: "refused",
    ruleIds: ["after-type"],
  },
  {
    name: "people-unknown-field",
    route: "queryPeople",
    body: q(leaf("job_title", "match", "engineer")),
    expected: "refused",
    ruleIds: ["unknown-field"],
  },
  {
    name: "people-jobs-field-name",
    route: "queryPeople",
    body: q(leaf("country_iso_2", "eq", "FR")),
    expected: "refused",
    ruleIds: ["unknown-field"],
  },
  {
    name: "people-returnable-not-queryable",
    route: "queryPeople",
    body: q(leaf("active_experience_title", "match", "engineer")),
    expected: "refused",
    ruleIds: ["unknown-field"],
  },
  {
    name: "people-field-not-string",
    route: "queryPeople",
    body: q({ field: 7, eq: "Paris" }),
    expected: "refused",
    ruleIds: ["unknown-field"],
  },
  {
    name: "people-leaf-no-operator",
    route: "queryPeople",
    body: q({ field: "city" }),
    expected: "refused",
    ruleIds: ["leaf-operator-count"],
  },
  {
    name: "people-leaf-gte-and-lte",
    route: "queryPeople",
    body: q({ field: "experience_months", gte: 12, lte: 60 }),
    expected: "refused",
    ruleIds: ["leaf-operator-count"],
  },
  {
    name: "people-leaf-eq-and-in",
    route: "queryPeople",
    body: q({ field: "city", eq: "Paris", in: ["Lyon"] }),
    expected: "refused",
    ruleIds: ["leaf-operator-count"],
  },
  {
    name: "people-match-on-city",
    route: "queryPeople",
    body: q(leaf("city", "match", "Paris")),
    expected: "unspecified",
    ruleIds: ["operator-not-allowed"],
  },
  {
    name: "people-gte-on-skills",
    route: "queryPeople",
    body: q(leaf("skills", "gte", "python")),
    expected: "unspecified",
    ruleIds: ["operator-not-allowed"],
  },
  {
    name: "people-match-on-management-level",
    route: "queryPeople",
    body: q(leaf("management_level", "match", "Director")),
    expected: "unspecified",
    ruleIds: ["operator-not-allowed"],
  },
  {
    name: "people-node-not-object",
    route: "queryPeople",
    body: q("city = Paris"),
    expected: "refused",
    ruleIds: ["node-shape"],
  },
  { name: "people-node-empty-object", route: "queryPeople", body: q({}), expected: "refused", ruleIds: ["node-shape"] },
  {
    name: "people-node-all-and-any",
    route: "queryPeople",
    body: q({ all: [leaf("city", "eq", "Paris")], any: [leaf("city", "eq", "Lyon")] }),
    expected: "refused",
    ruleIds: ["node-shape"],
  },
  {
    name: "people-node-leaf-and-all",
    route: "queryPeople",
    body: q({ field: "city", eq: "Paris", all: [leaf("city", "eq", "Lyon")] }),
    expected: "refused",
    ruleIds: ["node-shape"],
  },
  {
    name: "people-node-unknown-key",
    route: "queryPeople",
    body: q({ field: "city", eq: "Paris", boost: 2 }),
    expected: "refused",
    ruleIds: ["node-shape"],
  },
  {
    name: "people-all-not-array",
    route: "queryPeople",
    body: q({ all: leaf("city", "eq", "Paris") }),
    expected: "refused",
    ruleIds: ["node-shape"],
  },
  {
    name: "people-leaf-without-field",
    route: "queryPeople",
    body: q({ eq: "Paris" }),
    expected: "refused",
    ruleIds: ["node-shape"],
  },
  {
    name: "people-date-not-calendar",
    route: "queryPeople",
    body: q({ has_experience: leaf("started_at", "gte", "2025-02-30") }),
    expected: "refused",
    ruleIds: ["date-format"],
  },
  {
    name: "people-date-not-a-date",
    route: "queryPeople",
    body: q({ has_experience: leaf("ended_at", "lte", "last year") }),
    expected: "refused",
    ruleIds: ["date-format"],
  },
  {
    name: "people-eq-object",
    route: "queryPeople",
    body: q(leaf("city", "eq", { name: "Paris" })),
    expected: "refused",
    ruleIds: ["operator-value-kind"],
  },
  {
    name: "people-in-with-array-item",
    route: "queryPeople",
    body: q(leaf("city", "in", ["Paris", ["Lyon"]])),
    expected: "refused",
    ruleIds: ["operator-value-kind"],
  },
  {
    name: "people-too-deep",
    route: "queryPeople",
    body: q(nest(100)),
    expected: "refused",
    ruleIds: ["double-negation", "max-depth"],
  },
  // ------------------------------------------------------------------ refused: jobs and companies
  {
    name: "jobs-scope",
    route: "queryJobs",
    body: q({ has_experience: leaf("title", "match", "engineer") }),
    expected: "refused",
    ruleIds: ["scope-not-allowed"],
  },
  {
    name: "jobs-people-field",
    route: "queryJobs",
    body: q(leaf("country_iso2", "eq", "FR")),
    expected: "refused",
    ruleIds: ["unknown-field"],
  },
  {
    name: "jobs-date-not-calendar",
    route: "queryJobs",
    body: q(leaf("created_at", "gte", "2024-13-01")),
    expected: "refused",
    ruleIds: ["date-format"],
  },
  {
    name: "jobs-posted-not-a-date",
    route: "queryJobs",
    body: q(leaf("posted", "gte", "yesterday")),
    expected: "refused",
    ruleIds: ["date-format"],
  },
  {
    name: "companies-scope",
    route: "queryCompanies",
    body: q({ has_education: leaf("name", "eq", "Acme") }),
    expected: "refused",
    ruleIds: ["scope-not-allowed"],
  },
  {
    name: "companies-people-field",
    route: "queryCompanies",
    body: q(leaf("country", "eq", "France")),
    expected: "refused",
    ruleIds: ["unknown-field"],
  },
  // ------------------------------------------------------------------ refused: natural language and detail
  { name: "nl-text-missing", route: "searchPeople", body: { size: 1 }, expected: "refused", ruleIds: ["nl-body"] },
  {
    name: "nl-text-empty",
    route: "searchPeople",
    body: { text: "", size: 1 },
    expected: "refused",
    ruleIds: ["nl-body"],
  },
  {
    name: "nl-text-too-long",
    route: "searchPeople",
    body: { text: "a".repeat(5001), size: 1 },
    expected: "refused",
    ruleIds: ["nl-body"],
  },
  {
    name: "nl-extra-member",
    route: "searchPeople",
    body: { text: "engineers in Paris", size: 1, where: leaf("city", "eq", "Paris") },
    expected: "refused",
    ruleIds: ["nl-body"],
  },
  {
    name: "nl-size-zero",
    route: "searchPeople",
    body: { text: "engineers in Paris", size: 0 },
    expected: "unspecified",
    ruleIds: ["nl-unspecified"],
  },
  {
    name: "nl-text-emoji-utf16",
    route: "searchPeople",
    body: { text: "\u{1F600}".repeat(3000), size: 1 },
    expected: "unspecified",
    ruleIds: ["nl-unspecified"],
  },
  {
    name: "profiles-no-ids",
    route: "getProfiles",
    body: { profile_ids: [] },
    expected: "refused",
    ruleIds: ["detail-ids"],
  },
  {
    name: "profiles-101-ids",
    route: "getProfiles",
    body: { profile_ids: Array.from({ length: 101 }, (_, i) => `${ID}-${i}`) },
    expected: "refused",
    ruleIds: ["detail-ids"],
  },
  {
    name: "profiles-ids-not-strings",
    route: "getProfiles",
    body: { profile_ids: [1] },
    expected: "refused",
    ruleIds: ["detail-ids"],
  },
  {
    name: "jobs-detail-101-ids",
    route: "getJobs",
    body: { job_ids: Array.from({ length: 101 }, (_, i) => `${ID}-${i}`) },
    expected: "refused",
    ruleIds: ["detail-ids"],
  },
  {
    name: "profiles-detail-source-and-alias",
    route: "getProfiles",
    body: { profile_ids: [ID], _source: ["full_name"], source: ["skills"] },
    expected: "unspecified",
    ruleIds: ["source-unspecified"],
  },
  {
    name: "jobs-detail-unknown-source",
    route: "getJobs",
    body: { job_ids: [ID], _source: ["title", "salary_range"] },
    expected: "refused",
    ruleIds: ["detail-source"],
  },
  {
    name: "jobs-detail-source-object",
    route: "getJobs",
    body: { job_ids: [ID], _source: { title: true } },
    expected: "refused",
    ruleIds: ["detail-source"],
  },
  {
    name: "companies-detail-101-ids",
    route: "getCompanies",
    body: { company_ids: Array.from({ length: 101 }, (_, i) => `${ID}-${i}`) },
    expected: "refused",
    ruleIds: ["detail-ids"],
  },
  // ------------------------------------------------------------------ empty
  {
    name: "empty-management-level-case",
    route: "queryPeople",
    body: q(leaf("management_level", "eq", "senior")),
    expected: "empty",
    ruleIds: ["fixed-set-value"],
  },
  {
    name: "empty-language-proficiency-word",
    route: "queryPeople",
    body: q({
      has_language: { all: [leaf("languages", "eq", "French"), leaf("language_proficiency", "eq", "fluent")] },
    }),
    expected: "empty",
    ruleIds: ["fixed-set-value"],
  },
  {
    name: "empty-department-in",
    route: "queryPeople",
    body: q(leaf("active_department", "in", ["Engineering", "sales"])),
    expected: "empty",
    ruleIds: ["fixed-set-value"],
  },
  {
    name: "empty-industry-misspelt",
    route: "queryPeople",
    body: q({ has_experience: leaf("industry", "eq", "Financial Service") }),
    expected: "empty",
    ruleIds: ["fixed-set-value"],
  },
  {
    name: "empty-country-code-people",
    route: "queryPeople",
    body: q(leaf("country", "eq", "FR")),
    expected: "empty",
    ruleIds: ["country-code"],
  },
  {
    name: "empty-country-code-jobs",
    route: "queryJobs",
    body: q(leaf("country", "eq", "USA")),
    expected: "empty",
    ruleIds: ["country-code"],
  },
  {
    name: "empty-hq-country-code",
    route: "queryCompanies",
    body: q(leaf("hq_country", "eq", "DE")),
    expected: "empty",
    ruleIds: ["country-code"],
  },
  {
    name: "empty-range-contradiction",
    route: "queryPeople",
    body: q({ all: [leaf("experience_months", "gte", 60), leaf("experience_months", "lte", 12)] }),
    expected: "empty",
    ruleIds: ["contradiction"],
  },
  // ------------------------------------------------------------------ broadened
  {
    name: "broadened-proficiency-outside-scope",
    route: "queryPeople",
    body: q({
      all: [leaf("languages", "eq", "French"), leaf("language_proficiency", "eq", "Native or bilingual proficiency")],
    }),
    expected: "broadened",
    ruleIds: ["scope-siblings"],
  },
  {
    name: "broadened-is-current-outside-scope",
    route: "queryPeople",
    body: q(leaf("is_current", "eq", true)),
    expected: "broadened",
    ruleIds: ["field-outside-scope"],
  },
  {
    name: "broadened-level-outside-scope",
    route: "queryPeople",
    body: q(leaf("level", "eq", "Director")),
    expected: "broadened",
    ruleIds: ["field-outside-scope"],
  },
  {
    name: "broadened-workplace-outside-scope",
    route: "queryPeople",
    body: q(leaf("workplace_city", "eq", "Berlin")),
    expected: "broadened",
    ruleIds: ["field-outside-scope"],
  },
  {
    name: "broadened-title-and-company",
    route: "queryPeople",
    body: q({ all: [leaf("title", "match", "engineer"), leaf("company_name", "eq", "Acme")] }),
    expected: "broadened",
    ruleIds: ["scope-siblings"],
  },
  // ------------------------------------------------------------------ unspecified
  {
    name: "unspecified-match-role",
    route: "queryPeople",
    body: q({ has_experience: leaf("role", "match", "engineering") }),
    expected: "unspecified",
    ruleIds: ["match-role-company-type"],
  },
  {
    name: "unspecified-exists-false",
    route: "queryPeople",
    body: q(leaf("headline", "exists", false)),
    expected: "unspecified",
    ruleIds: ["argument-form"],
  },
  {
    name: "unspecified-relative-week",
    route: "queryJobs",
    body: q(leaf("posted", "gte", "now-2w")),
    expected: "unspecified",
    ruleIds: ["relative-date-unit"],
  },
  {
    name: "unspecified-numeric-string",
    route: "queryJobs",
    body: q(leaf("salary_min", "gte", "50000")),
    expected: "unspecified",
    ruleIds: ["value-type"],
  },
  {
    name: "unspecified-extra-member",
    route: "queryPeople",
    body: { where: leaf("city", "eq", "Paris"), size: 1, sort: "name" },
    expected: "unspecified",
    ruleIds: ["extra-member"],
  },
  {
    name: "unspecified-duplicate-key",
    route: "queryPeople",
    body: q(leaf("city", "eq", "Lyon")),
    raw: '{"where": {"field": "city", "eq": "Paris", "eq": "Lyon"}, "size": 1}',
    expected: "unspecified",
    ruleIds: ["duplicate-key"],
  },
  {
    name: "unspecified-eq-null",
    route: "queryPeople",
    body: q(leaf("city", "eq", null)),
    expected: "unspecified",
    ruleIds: ["value-type"],
  },
  {
    name: "unspecified-match-number",
    route: "queryCompanies",
    body: q(leaf("name", "match", 42)),
    expected: "unspecified",
    ruleIds: ["value-type"],
  },
  {
    name: "unspecified-number-for-text",
    route: "queryPeople",
    body: q(leaf("skills", "eq", 280)),
    expected: "unspecified",
    ruleIds: ["value-type"],
  },
  {
    name: "unspecified-match-on-salary",
    route: "queryJobs",
    body: q(leaf("salary_max", "match", "100000")),
    expected: "unspecified",
    ruleIds: ["operator-type"],
  },
  // ------------------------------------------------------------------ clean
  {
    name: "clean-people",
    route: "queryPeople",
    body: q({
      all: [
        leaf("country", "eq", "France"),
        { has_experience: { all: [leaf("title", "match", "engineer"), leaf("is_current", "eq", true)] } },
      ],
    }),
    expected: "clean",
    ruleIds: [],
  },
  {
    name: "clean-jobs",
    route: "queryJobs",
    body: q({ all: [leaf("title", "match", "engineer"), leaf("posted", "gte", "now-30d")] }),
    expected: "clean",
    ruleIds: [],
  },
  {
    name: "clean-companies",
    route: "queryCompanies",
    body: q(leaf("hq_country_iso2", "eq", "FR")),
    expected: "clean",
    ruleIds: [],
  },
  {
    name: "clean-nl",
    route: "searchPeople",
    body: { text: "data engineers in Paris", size: 1 },
    expected: "clean",
    ruleIds: [],
  },
];

/** `not` nested `depth` times around a leaf: a tree `depth + 1` nodes deep. */
function nest(depth: number): unknown {
  let node: unknown = leaf("city", "eq", "Paris");
  for (let i = 0; i < depth; i++) node = { not: node };
  return node;
}

export const lintCorpus: readonly CorpusEntry[] = Object.freeze(entries.map((e) => Object.freeze(e)));
