import { isRecord } from "../../lint/tree.js";
import { bodyOperation } from "../../contract/index.js";
import { DETAIL_ROUTES, rewriteData } from "../mutants/rewrite.js";
import { companyFields } from "../records/companies.js";
import { profileFields } from "../records/people.js";
import { badRequest } from "../refusal.js";
import { dayString, toDay } from "../days.js";
import type { StoreInput } from "../store/store.js";
import type { Variant } from "./variant.js";

type Data = Record<string, unknown>;
const SHOWN_PROFILE_FIELDS = ["profile_id", "full_name", "active_experience_title", "skills"];
/** Published fields no sentence of the spec names: the reference publishes summary, the variant adds the others. */
const UNNAMED_DEFAULT_PROFILE_FIELDS = ["summary", "connections_count", "photo_url"];

/** Record fields holding a calendar day (YYYY-MM-DD), wherever they sit in a record. */
const DATE_FIELDS = new Set(["started_at", "ended_at", "last_funding_round_date", "last_updated_at"]);
/** Record fields holding a boolean, wherever they sit in a record. */
const BOOLEAN_FIELDS = new Set(["is_working", "is_decision_maker", "is_current", "is_studying", "is_b2b"]);
const asTimestamp = (v: unknown): unknown =>
  typeof v === "string" && /^\d{4}-\d{2}-\d{2}$/.test(v) ? `${v}T00:00:00Z` : v;

/** Job dates of a person kept to the month, as a profile shows them ("Mar 2019"): stored as the month's first day. */
const JOB_DATE_FIELDS = new Set(["started_at", "ended_at"]);
/** A stored day (a day number, src/reference/days.ts) moved to the first day of its month. */
const toMonthStart = (v: unknown): unknown => (typeof v === "number" ? toDay(`${dayString(v).slice(0, 7)}-01`) : v);
const asMonth = (v: unknown): unknown => (typeof v === "string" && /^\d{4}-\d{2}-01$/.test(v) ? v.slice(0, 7) : v);

function monthPrecision(input: StoreInput): StoreInput {
  function* people() {
    for (const p of input.people) yield mapFields(p, JOB_DATE_FIELDS, toMonthStart) as typeof p;
  }
  return { ...input, people: people() };
}

/** The value with every member named in `names`, at any depth, rewritten by `map`. */
function mapFields(value: unknown, names: ReadonlySet<string>, map: (v: unknown) => unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => mapFields(item, names, map));
  if (!isRecord(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([name, v]) => [name, names.has(name) ? map(v) : mapFields(v, names, map)]),
  );
}

let orders = 0;
/** The items in another order on every call: rotated by a count of calls, reversed every other call. */
function anyOrder(items: readonly unknown[]): unknown[] {
  const turn = orders++;
  const at = items.length ? turn % items.length : 0;
  const rotated = [...items.slice(at), ...items.slice(0, at)];
  return turn % 2 ? rotated.reverse() : rotated;
}

/** Choices of the detail routes and records the specification leaves open (§2.4, §2.6, §2.7, §3, §4.4). */
export const DETAIL_VARIANTS: readonly Variant[] = [
  {
    id: "detail-zero-ids-refused",
    clause: "s4-4-detail-minimum-ids",
    area: "detail",
    description: "A jobs or companies detail request with 0 IDs is refused, like a profiles one.",
    faults: {
      request: (op, body) => {
        const member = bodyOperation(op)?.idsMember ?? "";
        if (
          op !== "getProfiles" &&
          DETAIL_ROUTES.includes(op) &&
          isRecord(body) &&
          Array.isArray(body[member]) &&
          (body[member] as unknown[]).length === 0
        ) {
          throw badRequest(`${member} needs at least 1 ID`);
        }
        return body;
      },
    },
  },
  {
    id: "detail-results-any-order",
    clause: "s4-4-results-order-not-shown",
    area: "detail",
    description:
      "A detail route answers its records, and its not_found IDs, in an order of its own, another on every call " +
      "(as a store read in parallel returns them), not in the order the IDs were sent.",
    faults: {
      response: rewriteData(DETAIL_ROUTES, (d) => {
        const out: Data = { ...d };
        for (const [member, value] of Object.entries(d)) if (Array.isArray(value)) out[member] = anyOrder(value);
        return out;
      }),
    },
  },
  {
    id: "detail-source-spelling-refused",
    clause: "s4-4-source-alias-jobs-companies",
    area: "detail",
    description: "The jobs and companies detail routes take _source only: a body naming source is refused.",
    faults: {
      request: (op, body) => {
        if ((op === "getJobs" || op === "getCompanies") && isRecord(body) && Object.hasOwn(body, "source"))
          throw badRequest("unknown member source; use _source");
        return body;
      },
    },
  },
  {
    id: "detail-source-array-only",
    clause: "s4-4-source-object-boolean-not-shown",
    area: "detail",
    description:
      "The profiles route takes _source (or source) as an array only: the object and boolean forms are refused.",
    faults: {
      request: (op, body) => {
        if (
          op === "getProfiles" &&
          isRecord(body) &&
          ["_source", "source"].some((k) => Object.hasOwn(body, k) && !Array.isArray(body[k]))
        ) {
          throw badRequest("_source takes an array of field names");
        }
        return body;
      },
    },
  },
  {
    id: "detail-default-record-shown-fields",
    clause: "s2-4-default-record-membership-not-shown",
    area: "detail",
    description: "The default profile record (no _source) holds the four fields §2.4 shows, and nothing else.",
    faults: {
      selection: (kind, fields, explicit) => (kind === "profile" && !explicit ? SHOWN_PROFILE_FIELDS : [...fields]),
    },
  },
  {
    id: "detail-default-record-unnamed-fields",
    clause: "s2-4-default-record-membership-not-shown",
    area: "detail",
    description:
      "The default profile record also holds three published fields the spec never names (summary, " +
      "connections_count, photo_url), which _source can name too.",
    faults: {
      ownProfileFields: {
        connections_count: (row) => (row * 37) % 500,
        photo_url: (row) => `https://media.example/profiles/${row}.jpg`,
      },
      selection: (kind, fields, explicit) =>
        kind === "profile" && !explicit ? [...fields, ...UNNAMED_DEFAULT_PROFILE_FIELDS] : [...fields],
    },
  },
  {
    id: "detail-full-record-extra-field",
    clause: "s2-4-full-record-fields-not-shown",
    area: "detail",
    description:
      "A profile record with a wide selection carries one more field of the deployment's own (profile_refreshed_at).",
    faults: {
      record: (kind, record) =>
        kind === "profile" && Object.keys(record).length >= 10
          ? { ...record, profile_refreshed_at: "2024-06-01" }
          : record,
    },
  },
  {
    id: "detail-missing-text-as-empty",
    clause: "s2-4-full-record-fields-not-shown",
    area: "detail",
    description:
      'A profile or company field without a value is returned as an empty text ("") rather than null, as a ' +
      "database column that stores no NULL does; exists still finds no value in it.",
    faults: {
      record: (kind, record) =>
        kind === "job"
          ? record
          : Object.fromEntries(Object.entries(record).map(([name, value]) => [name, value === null ? "" : value])),
    },
  },
  {
    id: "detail-total-counts-found",
    clause: "s4-4-profile-total-meaning",
    area: "detail",
    description:
      "The profiles route's total counts the records found, as a search engine's hits.total does, not the IDs " +
      "requested: total equals found, and not_found lists the rest.",
    faults: { response: rewriteData(["getProfiles"], (d) => ({ ...d, total: d.found })) },
  },
  {
    id: "detail-dates-as-timestamps",
    clause: "s2-4-full-record-fields-not-shown",
    area: "detail",
    description:
      'Dates in profile and company records are full timestamps ("1988-08-15T00:00:00Z"), as a database\'s ' +
      "timestamp column serializes them: a job's started_at and ended_at, a company's last_funding_round_date and " +
      "last_updated_at. A posting's created_at and updated_at keep YYYY-MM-DD, which §2.6 fixes.",
    faults: {
      record: (kind, record) => (kind === "job" ? record : (mapFields(record, DATE_FIELDS, asTimestamp) as Data)),
    },
  },
  {
    id: "detail-dates-month-precision",
    clause: "s2-4-full-record-fields-not-shown",
    area: "detail",
    description:
      "A person's job dates are kept to the month, as a profile shows them: started_at and ended_at are stored as " +
      'the first day of their month, which queries compare, and written in records as YYYY-MM ("2019-03"). The ' +
      "spec fixes the form of a date in a query (§4.2 rule 3), not in a people record (§2.4).",
    faults: {
      dataset: monthPrecision,
      record: (kind, record) => (kind === "profile" ? (mapFields(record, JOB_DATE_FIELDS, asMonth) as Data) : record),
    },
  },
  {
    id: "detail-booleans-as-integers",
    clause: "s2-4-full-record-fields-not-shown",
    area: "detail",
    description:
      "Booleans in profile and company records are written 1 and 0 (is_working, is_decision_maker, and a job's " +
      "is_current, a school's is_studying, a company's is_b2b), as a database without a boolean type stores them.",
    faults: {
      record: (kind, record) =>
        kind === "job"
          ? record
          : (mapFields(record, BOOLEAN_FIELDS, (v) => (typeof v === "boolean" ? Number(v) : v)) as Data),
    },
  },
  {
    id: "jobs-salary-omitted",
    clause: "s2-6-salary-block-absent-vs-null",
    area: "detail",
    description: "A posting that states no figure has no salary member at all (not salary: null).",
    faults: {
      record: (kind, record) => {
        if (kind !== "job" || !Object.hasOwn(record, "salary") || record.salary !== null) return record;
        const { salary: _salary, ...rest } = record;
        return rest;
      },
    },
  },
  {
    id: "jobs-other-seniority-values",
    clause: "s2-6-seniority-employment-type-values-not-shown",
    area: "detail",
    description:
      'Seniority and employment type use values of their own between the endpoints ("Mid-Senior level", "Contract").',
    faults: {
      record: (kind, record) => {
        if (kind !== "job") return record;
        const out = { ...record };
        if (typeof out.seniority === "string" && !["Internship", "Executive"].includes(out.seniority))
          out.seniority = "Mid-Senior level";
        if (typeof out.employment_type === "string" && !["Full-time", "Volunteer"].includes(out.employment_type))
          out.employment_type = "Contract";
        return out;
      },
    },
  },
  {
    id: "companies-other-record-fields",
    clause: "s2-7-company-record-fields-not-shown",
    area: "detail",
    description: "Company records carry fields of their own: sector instead of industry, and a headcount_band.",
    faults: {
      record: (kind, record) => {
        if (kind !== "company") return record;
        const { industry, ...rest } = record;
        return { ...rest, ...(industry !== undefined ? { sector: industry } : {}), headcount_band: "51-200" };
      },
    },
  },
  {
    id: "jobs-closed-postings-served",
    clause: "s3-transitions-not-shown",
    area: "detail",
    description:
      "A posting that has closed is still returned by the jobs detail route (application_active 0), not " +
      "reported as not found.",
    faults: { servesClosedPostings: true },
  },
  {
    id: "detail-source-alias-both-underscore-wins",
    clause: "s4-4-source-with-alias",
    area: "detail",
    description: "A profiles body with both _source and source is served, by _source alone (source is ignored).",
    faults: {
      request: (op, body) => {
        if (op !== "getProfiles" || !isRecord(body) || !Object.hasOwn(body, "_source")) return body;
        const { source: _ignored, ...rest } = body;
        return rest;
      },
    },
  },
  {
    id: "detail-source-object-other-members-ignored",
    clause: "s4-4-source-object-members",
    area: "detail",
    description:
      "The object form of _source is served whatever members it holds: members other than includes and " +
      "excludes are ignored, and an includes or excludes that is not an array of names selects nothing.",
    faults: {
      request: (op, body) => {
        if (op === "getJobs" || !DETAIL_ROUTES.includes(op) || !isRecord(body)) return body;
        const out: Data = { ...body };
        for (const member of ["_source", "source"]) {
          const value = out[member];
          if (!isRecord(value)) continue;
          const names = (v: unknown) => (Array.isArray(v) ? v.filter((n) => typeof n === "string") : []);
          out[member] = {
            ...(value.includes !== undefined ? { includes: names(value.includes) } : {}),
            ...(value.excludes !== undefined ? { excludes: names(value.excludes) } : {}),
          };
        }
        return out;
      },
    },
  },
  {
    id: "detail-source-unknown-name-ignored",
    clause: "s4-4-unknown-source-name-which",
    area: "detail",
    description:
      "A profiles or companies _source name outside the published fields that the record does not have is " +
      "left out of the selection, not refused (jobs publish their fields, so an unknown job field is still refused).",
    faults: {
      request: (op, body) => {
        if ((op !== "getProfiles" && op !== "getCompanies") || !isRecord(body)) return body;
        const own = op === "getProfiles" ? profileFields() : companyFields();
        const out: Data = { ...body };
        for (const member of ["_source", "source"])
          if (Array.isArray(out[member]))
            out[member] = (out[member] as unknown[]).filter((n) => typeof n !== "string" || own.includes(n));
        return out;
      },
    },
  },
  {
    id: "ids-encrypted-per-call",
    clause: "s2-1-id-stability-not-shown",
    area: "detail",
    description:
      "Every ID the server issues (search IDs, a record's own id and the company IDs inside records, REST and MCP " +
      "alike) is sealed by AES-GCM under a fresh random nonce, as randomized encryption does: the same record gets " +
      "another ID string on every call, and each resolves to it.",
    faults: { idEncryption: "per-call" },
  },
  {
    id: "ids-without-authentication",
    clause: "s2-1-ids-not-issued",
    area: "detail",
    description:
      "IDs encrypted without authentication in a dense space, as format-preserving encryption or a reversible " +
      "encoding of row numbers gives them: a string of the IDs' form that the server never issued (one character of " +
      "an ID changed) decrypts to a record of its own, which the detail routes serve, count in found and charge; " +
      '§2.1 says only "opaque encrypted strings", and §7 lists in not_found the IDs that cannot be resolved.',
    faults: { idsWithoutAuthentication: true },
  },
];
