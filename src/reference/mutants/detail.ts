import { companyFields } from "../records/companies.js";
import { JobRecords } from "../records/jobs.js";
import { PROFILE_DEFAULT_FIELDS } from "../records/people.js";
import { bodyOperation } from "../../contract/index.js";
import type { Mutant } from "./mutant.js";
import { badRequest } from "../refusal.js";
import { DETAIL_ROUTES, rewriteBody, rewriteData } from "./rewrite.js";

/** The member of the profile detail body that holds its IDs and URLs (§4.4), from the contract. */
const PROFILE_IDS = bodyOperation("getProfiles")!.idsMember;

const WELL_FORMED_ID = /^[A-Za-z0-9_-]{22}$/;

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
    faults: { resolve: (_kind, id, row) => (row === undefined && WELL_FORMED_ID.test(id) ? 0 : row) },
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
];
