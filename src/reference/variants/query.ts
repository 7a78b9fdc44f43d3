import { isScopeKey, loadContract, type OperationId } from "../../contract/index.js";
import { SEARCH_ROUTES } from "../mutants/rewrite.js";
import { badRequest } from "../refusal.js";
import type { Variant } from "./variant.js";

type Node = Record<string, unknown>;
const OPERATORS = ["eq", "in", "match", "gte", "lte", "exists"] as const;
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const isNode = (v: unknown): v is Node => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * A copy of a where tree with each leaf passed through `leaf` (given the enclosing scope key, if any); a leaf
 * returned unchanged stays, a thrown Refusal refuses the request. Shapes it does not know are left as they are.
 */
function mapLeaves(node: unknown, leaf: (n: Node, scope: string | undefined) => Node, scope?: string): unknown {
  if (!isNode(node)) return node;
  if (typeof node.field === "string") return leaf(node, scope);
  const out: Node = {};
  for (const [key, value] of Object.entries(node)) {
    if ((key === "all" || key === "any") && Array.isArray(value))
      out[key] = value.map((n) => mapLeaves(n, leaf, scope));
    else if (key === "not") out[key] = mapLeaves(value, leaf, scope);
    else if (isScopeKey(key)) out[key] = mapLeaves(value, leaf, key);
    else out[key] = value;
  }
  return out;
}

/** A request hook applying `leaf` to every leaf of the where of the given search routes. */
function onLeaves(routes: readonly OperationId[], leaf: (n: Node, scope: string | undefined, op: OperationId) => Node) {
  return (op: OperationId, body: unknown) =>
    routes.includes(op) && isNode(body) && body.where !== undefined
      ? { ...body, where: mapLeaves(body.where, (n, s) => leaf(n, s, op)) }
      : body;
}

const operatorOf = (n: Node) => OPERATORS.find((o) => Object.hasOwn(n, o));
const NUMERIC_JOB_FIELDS = new Set(["salary_min", "salary_max", "applicants_count", "required_months_of_experience"]);

/** Choices of the Query Spec the specification leaves open (§2.2-§2.5, §4.2 rule 6). */
export const QUERY_VARIANTS: readonly Variant[] = [
  {
    id: "query-operators-beyond-table",
    clause: "s2-2-operator-not-allowed",
    area: "query-spec",
    description:
      "Any of the six operators is accepted on any people field (the §2.2 operator column read as a " +
      "recommendation): match on city is served.",
    faults: { skip: ["operator-allowed"] },
  },
  {
    id: "query-match-role-as-eq",
    clause: "s2-3-role-company-type-match",
    area: "query-spec",
    description:
      "match on role and company_type is accepted (as §2.3 recommends) and compares the whole value, like eq.",
    faults: {
      request: onLeaves(["queryPeople"], (n) => {
        if ((n.field === "role" || n.field === "company_type") && Object.hasOwn(n, "match")) {
          const { match, ...rest } = n;
          return { ...rest, eq: match };
        }
        return n;
      }),
    },
  },
  {
    id: "query-relative-dates-utc-plus-14",
    clause: "s4-2-relative-offset-unit",
    area: "query-spec",
    description:
      "Relative dates counted back from the server's local date at UTC+14 (Line Islands), by a clock 2 minutes " +
      "fast: for 14 hours of every UTC day, now-30d is a day later than on the UTC date (§4.2 says only " +
      '"a relative offset such as now-30d").',
    faults: { relativeDatesNow: (now) => new Date(now.getTime() + 14 * HOUR_MS + 2 * MINUTE_MS) },
  },
  {
    id: "query-relative-dates-utc-minus-10",
    clause: "s4-2-relative-offset-unit",
    area: "query-spec",
    description:
      "Relative dates counted back from the server's local date at UTC-10 (Hawaii), by a clock 2 minutes slow: for " +
      "10 hours of every UTC day, now-30d is a day earlier than on the UTC date.",
    faults: { relativeDatesNow: (now) => new Date(now.getTime() - 10 * HOUR_MS - 2 * MINUTE_MS) },
  },
  {
    id: "query-relative-months-30-days",
    clause: "s4-2-relative-month-length",
    area: "query-spec",
    description:
      "now-Nm counts N × 30 days back, as date arithmetic without calendar months does (a timedelta of 30 days a " +
      "month): now-24m is 720 days back, not two calendar years.",
    faults: {
      request: onLeaves(SEARCH_ROUTES, (n) => {
        const out = { ...n };
        for (const op of ["gte", "lte"] as const) {
          const m = typeof n[op] === "string" ? /^now-(\d+)m$/.exec(n[op]) : null;
          if (m) out[op] = `now-${30 * Number(m[1])}d`;
        }
        return out;
      }),
    },
  },
  {
    id: "query-match-number-as-text",
    clause: "s4-2-operator-value-types",
    area: "query-spec",
    description:
      'A number given to match is read as its text: {"field": "name", "match": 42} is served as a match on "42".',
    faults: {
      request: onLeaves(SEARCH_ROUTES, (n) => (typeof n.match === "number" ? { ...n, match: String(n.match) } : n)),
    },
  },
  {
    id: "query-fixed-set-number-refused",
    clause: "s2-3-value-not-accepted-vs-no-error",
    area: "query-spec",
    description:
      "A number given to a fixed-set field (language_proficiency: 3) is refused, as §2.3 says nothing else is " +
      "accepted; misspelt words still match nothing.",
    faults: {
      request: onLeaves(["queryPeople"], (n) => {
        const values = n.eq !== undefined ? [n.eq] : Array.isArray(n.in) ? n.in : [];
        if (
          loadContract().datasets.people.fields.get(String(n.field))?.values &&
          values.some((v) => typeof v === "number")
        ) {
          throw badRequest(`where: ${String(n.field)} takes one of its §2.3 values, not a number`);
        }
        return n;
      }),
    },
  },
  {
    id: "jobs-posted-absolute-date-refused",
    clause: "s2-5-posted-absolute-date",
    area: "jobs-companies-query",
    description: "posted takes relative dates only (§2.5): an absolute YYYY-MM-DD on posted is refused.",
    faults: {
      request: onLeaves(["queryJobs"], (n) => {
        const op = operatorOf(n);
        if (n.field === "posted" && op && /^\d{4}-\d{2}-\d{2}$/.test(String(n[op])))
          throw badRequest("where: posted is filtered with a relative date such as now-30d");
        return n;
      }),
    },
  },
  {
    id: "jobs-match-on-numbers-refused",
    clause: "s2-5-job-operators-not-shown",
    area: "jobs-companies-query",
    description:
      "match on a numeric job field (salary_min, salary_max, applicants_count, required_months_of_experience) " +
      "is refused.",
    faults: {
      request: onLeaves(["queryJobs"], (n) => {
        if (NUMERIC_JOB_FIELDS.has(String(n.field)) && Object.hasOwn(n, "match"))
          throw badRequest(`where: match does not apply to the numeric field ${String(n.field)}`);
        return n;
      }),
    },
  },
  {
    id: "query-where-required-everywhere",
    clause: "s4-2-where-optional-jobs-companies",
    area: "jobs-companies-query",
    description: "where is required on the jobs and companies searches too: a body without it is refused.",
    faults: {
      request: (op, body) => {
        if ((op === "queryJobs" || op === "queryCompanies") && isNode(body) && body.where === undefined)
          throw badRequest("where is required");
        return body;
      },
    },
  },
  {
    id: "query-scope-membership-enforced",
    clause: "s4-2-scope-membership",
    area: "people-query",
    description:
      "A field inside a scope whose sub-record does not have it (by the design table) is refused, e.g. skills " +
      "inside has_experience.",
    faults: {
      request: onLeaves(["queryPeople"], (n, scope) => {
        if (!scope) return n;
        const people = loadContract().datasets.people;
        const field = people.fields.get(String(n.field));
        if (field && field.scope !== people.scopes[scope as keyof typeof people.scopes])
          throw badRequest(`where: ${String(n.field)} is not a field of ${scope}`);
        return n;
      }),
    },
  },
  {
    id: "query-exists-false-refused",
    clause: "s4-2-rule6-argument-forms-not-shown",
    area: "query-spec",
    description: "exists takes true only: exists: false is refused (write not over exists: true).",
    faults: {
      request: onLeaves(SEARCH_ROUTES, (n) => {
        if (n.exists === false) throw badRequest("where: exists takes true; negate it with not");
        return n;
      }),
    },
  },
  {
    id: "query-relative-weeks-years",
    clause: "s4-2-rule6-relative-units-not-shown",
    area: "query-spec",
    description: "Relative offsets also take w (weeks) and y (years): now-2w is served as now-14d, now-1y as now-12m.",
    faults: {
      request: onLeaves(SEARCH_ROUTES, (n) => {
        const op = operatorOf(n);
        const m = op ? /^now-(\d+)([wy])$/.exec(String(n[op])) : null;
        if (!op || !m) return n;
        return { ...n, [op]: m[2] === "w" ? `now-${Number(m[1]) * 7}d` : `now-${Number(m[1]) * 12}m` };
      }),
    },
  },
  {
    id: "nl-size-capped-at-100",
    clause: "s4-3-nl-size-range",
    area: "nl-search",
    description: "The natural-language search takes size 1 to 100: a larger size is refused.",
    faults: {
      request: (op, body) => {
        if (op === "searchPeople" && isNode(body) && typeof body.size === "number" && body.size > 100)
          throw badRequest("size of a natural-language search is 1 to 100");
        return body;
      },
    },
  },
  {
    id: "nl-text-utf16-units",
    clause: "s4-3-nl-text-characters-counted",
    area: "nl-search",
    description:
      "The natural-language search counts characters in UTF-16 units: a text of more than 5000 is refused, " +
      "though it holds at most 5000 code points (3,000 emoji).",
    faults: {
      request: (op, body) => {
        if (op === "searchPeople" && isNode(body) && typeof body.text === "string" && body.text.length > 5000)
          throw badRequest("text: at most 5000 characters (UTF-16 units)");
        return body;
      },
    },
  },
];
