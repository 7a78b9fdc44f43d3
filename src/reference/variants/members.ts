import { randomUUID } from "node:crypto";
import { bodyOperation } from "../../contract/index.js";
import { idsIn, rewriteData, SEARCH_ROUTES } from "../mutants/rewrite.js";
import type { Variant } from "./variant.js";

type Data = Record<string, unknown>;

/** Key status's rate limit as text ("5 requests per 1 s"), a form the runner does not read for pacing. */
export const rateLimitAsText = rewriteData(["getKeyStatus"], (d) => ({
  ...d,
  rate_limit: `${String((d.rate_limit as Data).requests)} requests per ${String((d.rate_limit as Data).per_seconds)} s`,
}));

/** Other member names where §4.3-§4.5 show none; the runner finds them by detection, with no config. */
export const MEMBER_VARIANTS: readonly Variant[] = [
  {
    id: "search-absent-members-null",
    clause: "s4-3-absent-member-null",
    area: "people-query",
    description:
      "Search answers write the members they leave out as null, as a serializer of optional members does: next: null " +
      "on the last page of every search, total: null on the jobs and companies searches.",
    faults: {
      response: rewriteData([...SEARCH_ROUTES, "searchPeople"], (d, op) => ({
        ...d,
        next: d.next ?? null,
        ...(op === "queryJobs" || op === "queryCompanies" ? { total: d.total ?? null } : {}),
      })),
    },
  },
  {
    id: "envelope-trace-members",
    clause: "s9-envelope-other-members",
    area: "envelope",
    description:
      "Every envelope, successes and refusals, REST and MCP, carries request_id (a fresh UUID) and timestamp (the " +
      "server's time) beside code, msg and data, as API frameworks add for tracing; code, msg and data stay as they " +
      "are.",
    faults: {
      response: (_operationId, response) => ({
        ...response,
        envelope: { ...response.envelope, request_id: randomUUID(), timestamp: new Date().toISOString() },
      }),
    },
  },
  {
    id: "auth-key-status-other-members",
    clause: "s4-5-key-status-members-not-shown",
    area: "auth",
    description:
      "Key status answers {enabled, permissions, rate: {limit, window}, credit_balance} instead of the " +
      "reference's names.",
    faults: {
      response: rewriteData(["getKeyStatus"], (d) => ({
        enabled: d.active,
        permissions: d.scopes,
        rate: { limit: (d.rate_limit as Data).requests, window: (d.rate_limit as Data).per_seconds },
        credit_balance: d.remaining_credits,
      })),
    },
  },
  {
    id: "auth-balance-as-text",
    clause: "s4-5-key-status-members-not-shown",
    area: "auth",
    description:
      'Key status states the remaining Credits as a decimal string ("999999771"), as APIs that keep large counts ' +
      "exact in JSON do.",
    faults: {
      response: rewriteData(["getKeyStatus"], (d) => ({ ...d, remaining_credits: String(d.remaining_credits) })),
    },
  },
  {
    id: "auth-key-status-active-as-integer",
    clause: "s4-5-key-status-members-not-shown",
    area: "auth",
    description:
      "Key status writes whether the key is active as 1 or 0 (active: 1 for the active and the exhausted key, " +
      "active: 0 for the inactive one), as a database without a boolean type stores the flag and a handler " +
      "passes it on.",
    faults: {
      response: rewriteData(["getKeyStatus"], (d) =>
        typeof d.active === "boolean" ? { ...d, active: d.active ? 1 : 0 } : d,
      ),
    },
  },
  {
    id: "auth-key-without-quota",
    clause: "s8-rate-limit-quota-not-shown",
    area: "auth",
    description:
      "A key without a quota (more than a million Credits here) shows remaining_credits null in key status, as an " +
      "unmetered or enterprise key does, and still counts its Credits in used_credits; a key with a quota (the " +
      "exhausted key's 0) shows its balance.",
    faults: {
      response: rewriteData(["getKeyStatus"], (d) =>
        typeof d.remaining_credits === "number" && d.remaining_credits > 1_000_000
          ? { ...d, remaining_credits: null }
          : d,
      ),
    },
  },
  {
    id: "limits-rate-limit-as-text",
    clause: "s8-rate-limit-quota-not-shown",
    area: "limits",
    description:
      'Key status reports its rate limit as text ("1000000 requests per 60 s"), a form the runner does not ' +
      "parse for pacing.",
    faults: { response: rateLimitAsText },
  },
  {
    id: "auth-key-status-oauth-forms",
    clause: "s4-5-key-status-members-not-shown",
    area: "auth",
    description:
      'Key status answers as an OAuth token introspection does (RFC 7662): {status: "active", scope: "people:read ' +
      'jobs:read companies:read" (one space-separated string), limits: {rate: {requests, per_seconds}, credits: ' +
      "{remaining, used}}}.",
    faults: {
      response: rewriteData(["getKeyStatus"], (d) => ({
        status: d.active === true ? "active" : "inactive",
        scope: Array.isArray(d.scopes) ? d.scopes.join(" ") : d.scopes,
        limits: { rate: d.rate_limit, credits: { remaining: d.remaining_credits, used: d.used_credits } },
      })),
    },
  },
  {
    id: "auth-other-scope-names",
    clause: "s5-scope-names-not-shown",
    area: "auth",
    description: "Key status names its scopes in another scheme (read:people, read:jobs, read:companies, mcp).",
    faults: {
      response: rewriteData(["getKeyStatus"], (d) => ({
        ...d,
        scopes: ["read:people", "read:jobs", "read:companies", "mcp"],
      })),
    },
  },
  {
    id: "version-other-members",
    clause: "s4-5-version-members-not-shown",
    area: "version",
    description: "GET /version answers {release, schema_digest} instead of {version, contract_fingerprint}.",
    faults: {
      response: rewriteData(["getVersion"], (d) => ({ release: d.version, schema_digest: d.contract_fingerprint })),
    },
  },
  {
    id: "version-calendar-scheme",
    clause: "s9-deprecation-policy-not-shown",
    area: "version",
    description: 'The version is a calendar string ("2024.06-build.17"), not semantic versioning.',
    faults: { response: rewriteData(["getVersion"], (d) => ({ ...d, version: "2024.06-build.17" })) },
  },
  {
    id: "search-ids-other-member",
    clause: "s4-3-jobs-companies-ids-member",
    area: "jobs-companies-query",
    description:
      "The jobs search answers its IDs under ids and the companies search under results (as a generic page " +
      "serializer names them), not under job_ids and company_ids; next as before.",
    faults: {
      response: rewriteData(["queryJobs", "queryCompanies"], (d, op) => {
        const { [bodyOperation(op)!.idsMember]: ids, ...rest } = d;
        return { [op === "queryJobs" ? "ids" : "results"]: ids, ...rest };
      }),
    },
  },
  {
    id: "nl-search-hits-member",
    clause: "s4-3-nl-data-members-not-shown",
    area: "nl-search",
    description: "The natural-language search returns its IDs under hits, beside a count, instead of profile_ids.",
    faults: {
      response: rewriteData(["searchPeople"], (d, op) => {
        const { [bodyOperation(op)!.idsMember]: ids, ...rest } = d;
        return { ...rest, hits: ids, count: (ids as unknown[]).length };
      }),
    },
  },
  {
    id: "nl-search-total-and-cursor",
    clause: "s4-3-nl-data-members-not-shown",
    area: "nl-search",
    description: "The natural-language search also returns a total and a next cursor beside profile_ids.",
    faults: {
      response: rewriteData(["searchPeople"], (d, op) => ({
        ...d,
        total: (idsIn(op, d) as unknown[]).length * 3 + 1,
        next: "nl-cursor-opaque-1",
      })),
    },
  },
  {
    id: "detail-records-member",
    clause: "s4-4-jobs-companies-members-not-shown",
    area: "detail",
    description:
      "The jobs and companies detail routes answer {records, not_found}: records instead of results, no total " +
      "or found.",
    faults: {
      response: rewriteData(["getJobs", "getCompanies"], (d) => ({ records: d.results, not_found: d.not_found })),
    },
  },
];
