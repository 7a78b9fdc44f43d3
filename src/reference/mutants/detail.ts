import { ISSUED_ID_FORM } from "../ids.js";
import { companyFields } from "../records/companies.js";
import { JobRecords } from "../records/jobs.js";
import { PROFILE_DEFAULT_FIELDS } from "../records/people.js";
import { SENIORITIES } from "../vocabulary.js";
import { bodyOperation, idsMemberOf } from "../../contract/index.js";
import type { Mutant } from "./mutant.js";
import { badRequest } from "../refusal.js";
import { DETAIL_ROUTES, idsIn, rewriteBody, rewriteData } from "./rewrite.js";

/** The numbers a mutant gives job IDs, in the order it first answers them, and back. */
const JOB_NUMBERS = new Map<string, number>();
const JOB_IDS = new Map<number, string>();

function jobNumber(id: unknown): unknown {
  if (typeof id !== "string") return id;
  let n = JOB_NUMBERS.get(id);
  if (n === undefined) {
    n = JOB_NUMBERS.size + 1;
    JOB_NUMBERS.set(id, n);
    JOB_IDS.set(n, id);
  }
  return n;
}

const jobId = (n: number): unknown => JOB_IDS.get(n) ?? n;

/** The member of the profile detail body that holds its IDs and URLs (§4.4), from the contract. */
const PROFILE_IDS = bodyOperation("getProfiles")!.idsMember;

export const DETAIL_MUTANTS: readonly Mutant[] = [
  {
    id: "detail-job-company-id-by-default",
    clause: "s2-6-company-id-source-only",
    area: "detail",
    description: "The default job record carries company_id, which §2.6 returns only when named in _source.",
    faults: {
      selection: (kind, fields, explicit) =>
        kind === "job" && !explicit && !fields.includes("company_id") ? [...fields, "company_id"] : [...fields],
    },
  },
  {
    id: "detail-not-found-dropped",
    clause: "s7-unresolved-id-not-found-free",
    area: "detail",
    description: "Detail routes leave IDs they cannot resolve out of not_found (it is always empty).",
    faults: { response: rewriteData(DETAIL_ROUTES, (data) => ({ ...data, not_found: [] })) },
  },
  {
    id: "detail-found-counts-requested",
    clause: "s4-4-profile-response-members",
    area: "detail",
    description: "found counts every requested ID, the unresolvable ones included, instead of the records found.",
    faults: { response: rewriteData(DETAIL_ROUTES, (data) => ({ ...data, found: data.total })) },
  },
  {
    id: "detail-tampered-id-resolves",
    clause: "s7-unresolved-id-not-found-free",
    area: "detail",
    description:
      "A well-formed ID that does not decrypt (one character changed) resolves to the first record instead of " +
      "not_found.",
    faults: { resolve: (_kind, id, row) => (row === undefined && ISSUED_ID_FORM.test(id) ? 0 : row) },
  },
  {
    id: "detail-job-null-omitted",
    clause: "s2-6-null-never-omitted",
    area: "detail",
    description: "Job records leave out fields without a value instead of returning null.",
    faults: {
      record: (kind, record) =>
        kind === "job" ? Object.fromEntries(Object.entries(record).filter(([, v]) => v !== null)) : record,
    },
  },
  {
    id: "detail-linkedin-url-unresolved",
    clause: "s2-1-profile-linkedin-urls",
    area: "detail",
    description: "A LinkedIn profile URL in profile_ids is never resolved; it always lands in not_found.",
    faults: { resolve: (kind, id, row) => (kind === "profile" && /linkedin\.com/i.test(id) ? undefined : row) },
  },
  {
    id: "detail-source-ignored",
    clause: "s4-4-profile-source-narrower-wider",
    area: "detail",
    description: "_source and source are read (unknown names still refused) but every record is the default record.",
    faults: {
      selection: (kind, fields, explicit) =>
        !explicit
          ? [...fields]
          : kind === "profile"
            ? [...PROFILE_DEFAULT_FIELDS]
            : kind === "job"
              ? JobRecords.defaultFields()
              : companyFields(),
    },
  },
  {
    id: "detail-unknown-source-accepted",
    clause: "s7-unknown-source-name-refused",
    area: "detail",
    description: "An unknown field name in _source is dropped silently instead of refused.",
    faults: { skip: ["source-names"] },
  },
  {
    id: "detail-job-salary-numbers",
    clause: "s2-6-salary-values-strings",
    area: "detail",
    description: "salary.min_value and salary.max_value are numbers instead of strings.",
    faults: {
      record: (kind, record) => {
        const salary = record.salary as Record<string, unknown> | null | undefined;
        if (kind !== "job" || !salary || typeof salary !== "object") return record;
        const number = (v: unknown) =>
          typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v)) ? Number(v) : v;
        return {
          ...record,
          salary: { ...salary, min_value: number(salary.min_value), max_value: number(salary.max_value) },
        };
      },
    },
  },
  {
    id: "detail-job-application-active-boolean",
    clause: "s2-6-application-active-integer",
    area: "detail",
    description: "application_active is a boolean instead of the integer 1 or 0.",
    faults: {
      record: (kind, record) =>
        kind === "job" && typeof record.application_active === "number"
          ? { ...record, application_active: record.application_active === 1 }
          : record,
    },
  },
  {
    id: "detail-job-country-iso2-renamed",
    clause: "s2-6-country-iso-2-underscore",
    area: "detail",
    description: "Job records name the two-letter country code country_iso2 instead of country_iso_2.",
    faults: {
      record: (kind, record) => {
        if (kind !== "job" || !("country_iso_2" in record)) return record;
        const { country_iso_2: code, ...rest } = record;
        return { ...rest, country_iso2: code };
      },
    },
  },
  {
    id: "detail-profile-skills-string",
    clause: "s2-4-shown-fields",
    area: "detail",
    description: "A profile's skills is one comma-separated string instead of a list of strings.",
    faults: {
      record: (kind, record) =>
        kind === "profile" && Array.isArray(record.skills) ? { ...record, skills: record.skills.join(", ") } : record,
    },
  },
  {
    id: "detail-job-id-not-reusable",
    clause: "s2-6-id-reusable",
    area: "detail",
    description: "A job record's id is a display form (upper-cased) that the jobs detail route does not resolve.",
    faults: {
      record: (kind, record) =>
        kind === "job" && typeof record.id === "string" ? { ...record, id: record.id.toUpperCase() } : record,
    },
  },
  {
    id: "detail-company-search-ids-unresolved",
    clause: "s2-1-search-ids-accepted-by-detail",
    area: "detail",
    description:
      "Company IDs returned by the companies search are not accepted by the companies detail route (all not_found).",
    faults: { resolve: (kind, _id, row) => (kind === "company" ? undefined : row) },
  },
  {
    id: "detail-linkedin-urls-capped-at-10",
    clause: "s2-1-profile-linkedin-urls",
    area: "detail",
    routes: ["getProfiles"],
    description:
      "profile_ids holding more than 10 LinkedIn URLs is refused (the cap of the retired contact unlock route) " +
      "instead of served up to 100.",
    faults: {
      request: rewriteBody(["getProfiles"], (body) => {
        const ids = body[PROFILE_IDS];
        if (Array.isArray(ids) && ids.filter((id) => /linkedin\.com/i.test(String(id))).length > 10)
          throw badRequest(`${PROFILE_IDS}: at most 10 LinkedIn URLs`);
        return body;
      }),
    },
  },
  {
    id: "detail-job-company-id-source-dropped",
    clause: "s4-4-jobs-company-id-via-source",
    area: "detail",
    routes: ["getJobs"],
    description: "company_id named in the jobs _source is left out of the records (never reachable at all).",
    faults: {
      selection: (kind, fields, explicit) =>
        kind === "job" && explicit ? fields.filter((f) => f !== "company_id") : [...fields],
    },
  },
  {
    id: "detail-job-source-adds-id",
    clause: "s4-4-jobs-source-exact-fields",
    area: "detail",
    routes: ["getJobs"],
    description: "A jobs _source that does not name id still returns id in every record (a search engine's _id).",
    faults: {
      selection: (kind, fields, explicit) =>
        kind === "job" && explicit && !fields.includes("id") ? ["id", ...fields] : [...fields],
    },
  },
  {
    id: "detail-source-alias-ignored",
    clause: "s4-4-profile-source-forms",
    area: "detail",
    routes: ["getProfiles"],
    description: "The profiles route reads _source only: a selection given as source is ignored (the default record).",
    faults: {
      request: rewriteBody(["getProfiles"], (body) => {
        delete body.source;
        return body;
      }),
    },
  },
  {
    id: "detail-job-applicants-count-integer",
    clause: "s2-6-applicants-count-string",
    area: "detail",
    routes: ["getJobs"],
    description: "applicants_count is an integer (the source's figure parsed) instead of the string §2.6 gives.",
    faults: {
      record: (kind, record) =>
        kind === "job" && typeof record.applicants_count === "string" && /^\d+$/.test(record.applicants_count)
          ? { ...record, applicants_count: Number(record.applicants_count) }
          : record,
    },
  },
  {
    id: "detail-job-dates-as-timestamps",
    clause: "s2-6-dates-yyyy-mm-dd",
    area: "detail",
    routes: ["getJobs"],
    description:
      'created_at and updated_at are timestamps ("2026-03-01T00:00:00Z", a timestamp column serialized) ' +
      "instead of YYYY-MM-DD.",
    faults: {
      record: (kind, record) => {
        if (kind !== "job") return record;
        const stamp = (v: unknown) => (typeof v === "string" && /^\d{4}-\d{2}-\d{2}$/.test(v) ? `${v}T00:00:00Z` : v);
        return { ...record, created_at: stamp(record.created_at), updated_at: stamp(record.updated_at) };
      },
    },
  },
  {
    id: "detail-job-functions-joined",
    clause: "s2-6-functions-industries-arrays",
    area: "detail",
    routes: ["getJobs"],
    description: "functions and industries are one comma-separated string each instead of a list of strings.",
    faults: {
      record: (kind, record) => {
        if (kind !== "job") return record;
        const joined = (v: unknown) => (Array.isArray(v) ? v.join(", ") : v);
        return { ...record, functions: joined(record.functions), industries: joined(record.industries) };
      },
    },
  },
  {
    id: "detail-job-required-months-string",
    clause: "s2-6-required-months-integer",
    area: "detail",
    routes: ["getJobs"],
    description: 'required_months_of_experience is a string ("24") instead of an integer.',
    faults: {
      record: (kind, record) =>
        kind === "job" && typeof record.required_months_of_experience === "number"
          ? { ...record, required_months_of_experience: String(record.required_months_of_experience) }
          : record,
    },
  },
  {
    id: "detail-job-seniority-ordinal",
    clause: "s2-6-seniority-seven-levels",
    area: "detail",
    routes: ["getJobs"],
    description: "seniority is the level's ordinal (1 for Internship to 7 for Executive) instead of its name.",
    faults: {
      record: (kind, record) =>
        kind === "job" && typeof record.seniority === "string"
          ? { ...record, seniority: (SENIORITIES as readonly string[]).indexOf(record.seniority) + 1 }
          : record,
    },
  },
  {
    id: "detail-job-seniority-from-title",
    clause: "s2-6-seniority-seven-levels",
    area: "detail",
    routes: ["getJobs"],
    description:
      "seniority is the first word of the advert's title as scraped (Senior, Lead, Data, ...), a long tail of " +
      "values, instead of one of seven levels.",
    faults: {
      record: (kind, record) =>
        kind === "job" && typeof record.seniority === "string" && typeof record.title === "string"
          ? { ...record, seniority: record.title.split(" ")[0] }
          : record,
    },
  },
  {
    id: "detail-job-regions-strings",
    clause: "s2-6-string-fields",
    area: "detail",
    routes: ["getJobs"],
    description: 'regions is a list of names (["EMEA"]) instead of a list of {region} objects (§2.6 regions[].region).',
    faults: {
      record: (kind, record) =>
        kind === "job" && Array.isArray(record.regions)
          ? { ...record, regions: (record.regions as { region?: unknown }[]).map((r) => r.region) }
          : record,
    },
  },
  {
    id: "detail-job-company-block-flattened",
    clause: "s2-6-string-fields",
    area: "detail",
    routes: ["getJobs"],
    description:
      "The company block is flattened into company_url and company_logo_url beside company_name, with no company " +
      "member.",
    faults: {
      record: (kind, record) => {
        if (kind !== "job" || !("company" in record)) return record;
        const { company, ...rest } = record;
        const block = (company ?? {}) as { url?: unknown; logo_url?: unknown };
        return { ...rest, company_url: block.url ?? null, company_logo_url: block.logo_url ?? null };
      },
    },
  },
  {
    id: "detail-job-employment-type-list",
    clause: "s2-6-employment-type-seven-values",
    area: "detail",
    routes: ["getJobs"],
    description: 'employment_type is a list of values (["Full-time"]), as some sources give it, instead of one string.',
    faults: {
      record: (kind, record) =>
        kind === "job" && typeof record.employment_type === "string"
          ? { ...record, employment_type: [record.employment_type] }
          : record,
    },
  },
  {
    id: "detail-job-posted-days",
    clause: "s2-6-string-fields",
    area: "detail",
    routes: ["getJobs"],
    description: "posted is the age in days as an integer instead of the string the source words it with.",
    faults: {
      record: (kind, record) => {
        if (kind !== "job" || typeof record.posted !== "string") return record;
        const days = /^(\d+) days? ago$/.exec(record.posted);
        return { ...record, posted: record.posted === "Today" ? 0 : days ? Number(days[1]) : 30 };
      },
    },
  },
  {
    id: "detail-job-salary-block-always",
    clause: "s2-6-salary-block-only-where-stated",
    area: "detail",
    routes: ["getJobs"],
    description: "Every default job record carries a salary block, of nulls where the posting states no figure.",
    faults: {
      record: (kind, record) =>
        kind === "job" && "title" in record && !("salary" in record)
          ? { ...record, salary: { min_value: null, max_value: null, currency: null, unit: null, string: null } }
          : record,
    },
  },
  {
    id: "detail-job-description-not-default",
    clause: "s2-6-default-record-except-company-id",
    area: "detail",
    routes: ["getJobs"],
    description:
      "The default job record leaves out description (the longest field), reachable only by naming it in _source.",
    faults: {
      selection: (kind, fields, explicit) =>
        kind === "job" && !explicit ? fields.filter((f) => f !== "description") : [...fields],
    },
  },
  {
    id: "detail-jobs-results-keyed-by-id",
    clause: "s4-4-jobs-records-as-2-6",
    area: "detail",
    routes: ["getJobs"],
    description: "The jobs detail route answers results as an object of records keyed by their IDs, not a list.",
    faults: {
      response: rewriteData(["getJobs"], (data) =>
        Array.isArray(data.results)
          ? {
              ...data,
              results: Object.fromEntries(
                (data.results as Record<string, unknown>[]).map((r, i) => [
                  typeof r.id === "string" ? r.id : String(i),
                  r,
                ]),
              ),
            }
          : data,
      ),
    },
  },
  {
    id: "detail-job-closed-posting-refused",
    clause: "s3-closed-posting-not-found",
    area: "detail",
    routes: ["getJobs"],
    description:
      "A jobs detail request naming a closed posting is refused whole (410) instead of listing it in not_found.",
    faults: {
      response: (operationId, response) => {
        if (operationId !== "getJobs" || response.status !== 200) return response;
        const notFound = (response.envelope.data as { not_found?: unknown[] } | undefined)?.not_found ?? [];
        return notFound.length === 0
          ? response
          : { ...response, status: 410, envelope: { code: 410, msg: "posting closed", data: null } };
      },
    },
  },
  {
    id: "detail-companies-results-ids",
    clause: "s4-4-companies-response-records",
    area: "detail",
    routes: ["getCompanies"],
    description: "The companies detail route answers the resolved company IDs in results instead of the records.",
    faults: {
      response: rewriteData(["getCompanies"], (data) =>
        Array.isArray(data.results)
          ? { ...data, results: (data.results as Record<string, unknown>[]).map((r) => r.id) }
          : data,
      ),
    },
  },
  {
    id: "detail-profile-source-required",
    clause: "s4-4-profile-source-omitted-default",
    area: "detail",
    routes: ["getProfiles"],
    description:
      "A profiles request that names no _source (nor source) is refused as incomplete instead of answered with the " +
      "default record.",
    faults: {
      request: rewriteBody(["getProfiles"], (body) => {
        if (body._source === undefined && body.source === undefined) throw badRequest("_source: required");
        return body;
      }),
    },
  },
  {
    id: "detail-profile-ids-string-served",
    clause: "s4-4-profile-ids-1-to-100",
    area: "detail",
    routes: ["getProfiles"],
    description: "profile_ids given as one string instead of a list is served as a list of that one ID.",
    faults: {
      request: rewriteBody(["getProfiles"], (body) =>
        typeof body[PROFILE_IDS] === "string" ? { ...body, [PROFILE_IDS]: [body[PROFILE_IDS]] } : body,
      ),
    },
  },
  {
    id: "detail-job-ids-numbers",
    clause: "s2-1-ids-opaque-strings",
    area: "detail",
    routes: ["queryJobs", "getJobs"],
    description:
      "Job IDs are the postings' numbers, as JSON numbers: the jobs search answers them and the jobs detail " +
      "route accepts them (and its records carry them as id), instead of opaque strings.",
    faults: {
      response: rewriteData(["queryJobs", "getJobs"], (data, op) => {
        const ids = idsIn(op, data);
        if (Array.isArray(ids)) return { ...data, [idsMemberOf("jobs")]: ids.map(jobNumber) };
        if (Array.isArray(data.results))
          return {
            ...data,
            results: (data.results as Record<string, unknown>[]).map((r) =>
              typeof r.id === "string" ? { ...r, id: jobNumber(r.id) } : r,
            ),
          };
        return data;
      }),
      request: rewriteBody(["getJobs"], (body) => {
        const member = bodyOperation("getJobs")!.idsMember;
        const ids = body[member];
        return Array.isArray(ids)
          ? { ...body, [member]: (ids as unknown[]).map((id) => (typeof id === "number" ? jobId(id) : id)) }
          : body;
      }),
    },
  },
];
