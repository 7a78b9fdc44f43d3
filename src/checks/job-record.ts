import { loadContract } from "../contract/index.js";
import type { ErrorObject } from "ajv";
import { describeErrors, schemaValidator } from "../contract/validators.js";
import { excerpt, fail, failOn, firstOf, pass, type Check, type CheckContext, type CheckOutcome } from "./check.js";
import { withEnvelopeClauses } from "./envelope.js";

interface Args {
  /** The `_source` list sent: records then hold exactly these fields (§4.4). */
  source?: string[];
}

const FIGURES = ["min_value", "max_value"];

/** The §2.6 row a member's type rests on; a member not listed here is one of the plain string fields. */
const TYPE_CLAUSE: Readonly<Record<string, string>> = {
  application_active: "s2-6-application-active-integer",
  applicants_count: "s2-6-applicants-count-string",
  created_at: "s2-6-dates-yyyy-mm-dd",
  updated_at: "s2-6-dates-yyyy-mm-dd",
  functions: "s2-6-functions-industries-arrays",
  industries: "s2-6-functions-industries-arrays",
  required_months_of_experience: "s2-6-required-months-integer",
  "salary/min_value": "s2-6-salary-values-strings",
  "salary/max_value": "s2-6-salary-values-strings",
  country_iso_2: "s2-6-country-iso-2-underscore",
  seniority: "s2-6-seniority-seven-levels",
  employment_type: "s2-6-employment-type-seven-values",
};

/**
 * §2.6: seniority is "one of seven levels" and employment_type "one of seven values". Which values lie between the
 * endpoints is not shown, so one value is never judged; more than seven distinct values in one run's records are.
 */
const SEVEN: readonly { member: string; topic: string; clause: string }[] = [
  { member: "seniority", topic: "jobs.seniority_values", clause: "s2-6-seniority-seven-levels" },
  { member: "employment_type", topic: "jobs.employment_type_values", clause: "s2-6-employment-type-seven-values" },
];

/** A failure for each of seniority and employment_type seen with more than seven distinct values in this run. */
function beyondSeven(observed: CheckContext["run"]["observed"]): CheckOutcome[] {
  return SEVEN.flatMap(({ member, topic, clause }) => {
    const values = observed.get(topic);
    return Array.isArray(values) && values.length > 7
      ? [
          failOn(
            clause,
            `job records of this run carry ${values.length} distinct ${member} values, where §2.6 has seven`,
            "at most seven distinct values",
            firstOf(values.map(String), 12),
          ),
        ]
      : [];
  });
}

/**
 * The clauses a record outside the §2.6 shape breaks, by what the schema found: a member missing breaks "never
 * omitted", a member of another type the row of that member, so that the failure cites what it rests on and not the
 * case's first clause (docs/verdicts.md).
 */
function shapeClauses(errors: readonly ErrorObject[] | null | undefined): string[] {
  const clauses = new Set<string>();
  for (const e of errors ?? []) {
    const member = e.instancePath.split("/")[1];
    if (e.keyword === "required") clauses.add("s2-6-null-never-omitted");
    else clauses.add(TYPE_CLAUSE[e.instancePath.slice(1)] ?? (member && TYPE_CLAUSE[member]) ?? "s2-6-string-fields");
  }
  return [...clauses];
}

/** What §2.6 says of single members beyond their types: company_id, the salary block, country_iso_2. */
function ruleFailures(
  at: string,
  r: Record<string, unknown>,
  observed: CheckContext["run"]["observed"],
): CheckOutcome[] {
  const out: CheckOutcome[] = [];
  const keys = Object.keys(r);
  if ("company_id" in r)
    out.push(
      failOn(
        "s2-6-company-id-source-only",
        `${at} carries company_id without naming it in _source`,
        "no company_id",
        r.company_id,
      ),
    );
  if (!("salary" in r)) observed.add("jobs.salary_without_figure", "omitted", "s2-6-salary-block-absent-vs-null");
  else if (r.salary === null) observed.add("jobs.salary_without_figure", "null", "s2-6-salary-block-absent-vs-null");
  else {
    const salary = r.salary as Record<string, unknown>;
    if (typeof salary !== "object" || !FIGURES.some((f) => typeof salary[f] === "string" && salary[f].length > 0)) {
      out.push(
        failOn(
          "s2-6-salary-block-only-where-stated",
          `${at} has a salary block without a figure`,
          "salary only where min_value or max_value is stated",
          excerpt(salary, 120),
        ),
      );
    }
  }
  if (typeof r.country_iso_2 === "string" && !/^[A-Za-z]{2}$/.test(r.country_iso_2))
    out.push(
      failOn(
        "s2-6-country-iso-2-underscore",
        `${at} country_iso_2 is not a two-letter code`,
        "two letters",
        r.country_iso_2,
      ),
    );
  if ("country_iso2" in r && !("country_iso_2" in r))
    out.push(
      failOn(
        "s2-6-country-iso-2-underscore",
        `${at} spells country_iso2 without the underscore before the 2`,
        "country_iso_2",
        keys,
      ),
    );
  return out;
}

/**
 * Job records as in §2.6: every default field present (null or [] when empty, never omitted) with its
 * type, company_id only when named in `_source`, the salary block only with a figure, dates as
 * YYYY-MM-DD, a two-letter country_iso_2, no more than seven distinct seniority or employment_type values in
 * the run. With `source`, each record holds exactly the named fields. Values the spec leaves open (seniority and
 * employment_type between their endpoints, application_active) are recorded as observed.
 */
export const jobRecord: Check<Args> = {
  description:
    "job records have the §2.6 shape (default fields, types, company_id and salary rules) or exactly the " +
    "_source fields",
  args: {
    type: "object",
    additionalProperties: false,
    properties: { source: { type: "array", items: { type: "string" } } },
  },
  run: (ctx, args) => {
    const e = ctx.exchanges.at(-1);
    if (!e) return fail("no response");
    const view = ctx.view(e);
    if (!view.success || !view.records)
      return withEnvelopeClauses(e, fail("not a success response with records", "job records", e.status ?? e.error));
    if (view.records.length === 0) return fail("no job record to inspect", "at least one record", 0);
    const out: CheckOutcome[] = [];
    const validate = schemaValidator("JobRecord");
    const observed = ctx.run.observed;
    view.records.forEach((record, i) => {
      const at = `record ${i + 1}`;
      if (record === null || typeof record !== "object" || Array.isArray(record))
        return out.push(fail(`${at} is not an object`, "an object", excerpt(record, 80)));
      const r = record as Record<string, unknown>;
      const keys = Object.keys(r);
      if (args?.source) {
        const wanted = new Set(args.source.map((f) => f.split(".")[0]!));
        const missing = [...wanted].filter((k) => !keys.includes(k));
        const extra = keys.filter((k) => !wanted.has(k));
        const missed = missing.length ? `; missing ${missing.join(", ")}` : "";
        const extras = extra.length ? `; extra ${extra.join(", ")}` : "";
        if (missing.length || extra.length)
          out.push(
            failOn(
              "s4-4-jobs-source-exact-fields",
              `${at} does not hold exactly the _source fields${missed}${extras}`,
              [...wanted].sort(),
              keys.sort(),
            ),
          );
        return;
      }
      if (!validate(record))
        out.push(
          failOn(
            shapeClauses(validate.errors),
            `${at} (${excerpt(r.id, 40)}) does not have the §2.6 ` +
              `shape: ${firstOf(describeErrors(validate.errors), 6).join("; ")}`,
            "§2.6 default record",
            firstOf(describeErrors(validate.errors), 6),
          ),
        );
      out.push(...ruleFailures(at, r, observed));
      // An empty text is a value left out, as null is (sparse scraped data), not an eighth level (§2.6).
      if (r.seniority != null && r.seniority !== "")
        observed.add("jobs.seniority_values", r.seniority, "s2-6-seniority-employment-type-values-not-shown");
      if (r.employment_type != null && r.employment_type !== "")
        observed.add(
          "jobs.employment_type_values",
          r.employment_type,
          "s2-6-seniority-employment-type-values-not-shown",
        );
      observed.add("jobs.application_active_values", r.application_active, "s3-application-active-only-state");
      const defaults = loadContract().records.jobsDefault.filter(
        (f) => !loadContract().records.jobsOptional.includes(f),
      );
      observed.set(
        "jobs.default_record_extra_fields",
        keys.filter((k) => !defaults.includes(k) && k !== "salary"),
        "s4-4-jobs-companies-members-not-shown",
      );
    });
    if (!args?.source) out.push(...beyondSeven(observed));
    return out.length ? out : [pass()];
  },
};
