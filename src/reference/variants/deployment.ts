import { composeVariants } from "./compose.js";
import { CURSOR_VARIANTS } from "./cursors.js";
import { DATA_VARIANTS } from "./data.js";
import { DETAIL_VARIANTS } from "./detail.js";
import { FAILURE_VARIANTS } from "./failures.js";
import { FRAMEWORK_VARIANTS } from "./framework.js";
import { MEMBER_VARIANTS } from "./members.js";
import { OPERATOR_VARIANTS } from "./operators.js";
import { QUERY_VARIANTS } from "./query.js";
import { SERVICE_VARIANTS } from "./service.js";
import type { RateLimit } from "../keys.js";
import type { Variant } from "./variant.js";

function part(id: string): Variant {
  const found = [
    ...SERVICE_VARIANTS,
    ...DETAIL_VARIANTS,
    ...QUERY_VARIANTS,
    ...OPERATOR_VARIANTS,
    ...DATA_VARIANTS,
    ...FAILURE_VARIANTS,
    ...MEMBER_VARIANTS,
    ...FRAMEWORK_VARIANTS,
    ...CURSOR_VARIANTS,
  ].find((v) => v.id === id);
  // Stryker disable next-line all: a typo in the list below, caught by every test that loads the variants
  if (!found) throw new Error(`deployment variants: no variant ${id}`);
  return found;
}

/**
 * The conditions of a deployed service, every one that is legal together (docs/variants.md, "Combinations"): each
 * holds alone in selftest, and these hold them at once, where they interact (a rate limit times latency times a
 * Credit window measured; a retry against a session that has expired; an idle close met by a paced request).
 */
const DEPLOYMENT_PARTS = [
  "service-rate-limit-every-surface",
  "service-latency-40ms",
  "service-transient-503",
  "http-answers-compressed",
  "http-idle-connections-closed",
  "mcp-streamable-http-sessions-expire",
  "mcp-invalid-arguments-jsonrpc-error",
  "mcp-server-messages-before-results",
  "mcp-tools-other-prefix",
  "mcp-tools-list-paged",
  "detail-default-record-unnamed-fields",
  "detail-results-any-order",
  "search-page-order-varies",
  "query-match-fuzzy",
  "search-cursor-long",
  "detail-total-counts-found",
  "query-relative-dates-utc-plus-14",
  "data-duplicate-profiles",
] as const;

/**
 * Another stack's choices in the same places, also legal together: the rate limit stated as text the runner does not
 * read (its pace learnt from 429s), a proxy's answers on connections closed after each and slow to open, sessions
 * kept, event streams, plain-text refusals, extra capabilities, 403 for a missing key, loose tool schemas, sparse
 * data, a priced /version, salary omitted, any operator on any field, larger bodies read, members left out written
 * null, refusals in the envelope under HTTP 200; a database's readings of the query: match as a substring, not
 * as SQL's NOT, a month of 30 days, an empty text for no value; and what pydantic and a hurried handler let through:
 * a size as text, extra body members ignored, an unreadable cursor read as none, dates as timestamps, booleans as 1
 * and 0, key status as OAuth introspection writes it; served under a path behind a gateway, its IDs encrypted without
 * authentication, its relative dates counted on the local date at UTC-10.
 */
const OTHER_STACK_PARTS = [
  "service-rate-limit-unreported",
  "http-answers-through-a-proxy",
  "http-connection-close",
  "http-connections-slow-to-open",
  "mcp-streamable-http-sessions",
  "mcp-streamable-http-event-stream",
  "mcp-refusals-plain-text",
  "mcp-protocol-extras",
  "mcp-unauthorized-403",
  "mcp-loose-tool-schemas",
  "data-sparse",
  "credits-version-charged",
  "jobs-salary-omitted",
  "query-operators-beyond-table",
  "limits-body-8-mib",
  "search-absent-members-null",
  "failures-in-band-http-200",
  "query-match-substring",
  "query-not-excludes-missing",
  "query-relative-months-30-days",
  "detail-missing-text-as-empty",
  "body-size-numeric-text-accepted",
  "body-extra-members-ignored",
  "search-unreadable-cursor-from-start",
  "detail-dates-as-timestamps",
  "detail-booleans-as-integers",
  "auth-key-status-oauth-forms",
  "http-base-url-path-prefix",
  "ids-without-authentication",
  "query-relative-dates-utc-minus-10",
] as const;

/**
 * A service built on an API framework, with its conventions, also legal together: refusals as 422 with codes of its
 * own, trace members in every envelope; member names of its own for key status, version, search IDs, the
 * natural-language hits and detail records; validation stricter where the spec is silent; records with fields of
 * their own; IDs sealed afresh on every call; pages that overlap; a gateway's RateLimit headers; MCP results wrapped
 * in structured content, a Python SDK's SSE stream, invalid arguments refused with HTTP 422; a search engine's
 * phrase match; data in the world's scripts.
 */
const FRAMEWORK_PARTS = [
  "failures-422-own-codes",
  "envelope-trace-members",
  "auth-key-status-other-members",
  "version-other-members",
  "search-ids-other-member",
  "nl-search-hits-member",
  "detail-records-member",
  "query-where-required-everywhere",
  "query-exists-false-refused",
  "detail-zero-ids-refused",
  "detail-source-spelling-refused",
  "nl-size-capped-at-100",
  "detail-full-record-extra-field",
  "jobs-other-seniority-values",
  "companies-other-record-fields",
  "ids-encrypted-per-call",
  "search-pages-overlap",
  "service-rate-limit-headers",
  "mcp-structured-content-wrapped",
  "mcp-sse-stream-other-server",
  "mcp-invalid-arguments-http-422",
  "query-match-phrase",
  "data-world-text",
] as const;

/**
 * A service that reads the spec's silences strictly, also legal together: failures in a body of their own, 403
 * without a key; key status with the balance as text and the active flag as 1 or 0; calendar versions; a total
 * and a cursor beside the natural-language IDs; refusals where §2 and §4 leave the form open (numbers on fixed sets,
 * absolute dates on posted, match on job numbers, fields outside their scope, _source other than an array); weeks
 * and years as relative units; text length in UTF-16 units; the default record of the four shown fields; closed
 * postings served; job dates kept to the month; LinkedIn URLs normalised; a gateway's fixed window; MCP results as
 * JSON resources and invalid arguments as HTTP 400; match needing any one word.
 */
const STRICT_PARTS = [
  "failures-problem-body",
  "auth-missing-key-403",
  "auth-balance-as-text",
  "auth-key-status-active-as-integer",
  "version-calendar-scheme",
  "nl-search-total-and-cursor",
  "query-fixed-set-number-refused",
  "jobs-posted-absolute-date-refused",
  "jobs-match-on-numbers-refused",
  "query-scope-membership-enforced",
  "detail-source-array-only",
  "query-relative-weeks-years",
  "nl-text-utf16-units",
  "detail-default-record-shown-fields",
  "detail-dates-month-precision",
  "jobs-closed-postings-served",
  "detail-linkedin-url-forms",
  "service-rate-limit-fixed-window",
  "mcp-results-as-json-resource",
  "mcp-invalid-arguments-http-400",
  "query-match-any-word",
] as const;

/**
 * 40 requests a second per key in bursts of 4, on every surface, which key status reports: a limit a run meets all
 * the time, as a deployment's would, yet lets the suite's 1,600 requests through in under a minute.
 */
const DEPLOYMENT_RATE_LIMIT = { requests: 4, perSeconds: 0.1 } as const;

function deployment(id: string, description: string, ids: readonly string[], rateLimit?: RateLimit): Variant {
  const composed = composeVariants(ids.map(part));
  const server = { ...composed.server, ...(rateLimit ? { rateLimit } : {}) };
  return { ...composed, id, description, parts: ids, server };
}

/** Combinations of the variants of the other files that a real deployment has all at once. */
export const DEPLOYMENT_VARIANTS: readonly Variant[] = [
  deployment(
    "deployment-realistic",
    "A deployed service, every condition at once: 40 requests a second per key (bursts of 4) on REST and MCP, " +
      "reported by key status; 40 ms latency; every 100th request a 503 with Retry-After; gzip answers; idle " +
      "connections closed after 1 s; MCP sessions that end after three POSTs, event streams with a log message and a " +
      "ping before each result, tools under another prefix listed two a page, invalid arguments as JSON-RPC -32602; " +
      "unnamed fields in the default profile record; detail records and page IDs in an order of their own; a " +
      "search engine's readings: match fuzzy, cursors of 4 KB, a profile total counting the records found; " +
      "relative dates counted on the local date at UTC+14; profiles collected twice under one LinkedIn URL (" +
      DEPLOYMENT_PARTS.join(", ") +
      ").",
    DEPLOYMENT_PARTS,
    DEPLOYMENT_RATE_LIMIT,
  ),
  deployment(
    "deployment-other-stack",
    "A deployed service of another stack, every condition at once: 100 requests a second per key (bursts of 10) " +
      "stated by key status as text, so learnt from 429s; REST answers as a proxy writes them, each connection " +
      "closed after its answer and served 300 ms after it opens; MCP sessions kept, event streams, plain-text " +
      "refusals, extra capabilities, 403 without a key, loose tool schemas; sparse data; /version priced; salary " +
      "omitted; any operator on any field; bodies up to 8 MiB; members left out written null; refusals in the " +
      "envelope under HTTP 200; a database's readings of the query (match as a substring, not as SQL's NOT, a month " +
      "of 30 days, an empty text for no value); what pydantic and a hurried handler let through (a size as text, " +
      "extra body members, an unreadable cursor as none, dates as timestamps, booleans as 1 and 0, key status as " +
      "OAuth introspection writes it); served under the path /tdss behind a gateway; IDs encrypted without " +
      "authentication; relative dates counted on the local date at UTC-10 (" +
      OTHER_STACK_PARTS.join(", ") +
      ").",
    OTHER_STACK_PARTS,
  ),
  deployment(
    "deployment-api-framework",
    "A deployed service built on an API framework, every convention at once: refusals as HTTP 422 with codes of " +
      "its own; request_id and timestamp in every envelope; member names of its own for key status, version, the " +
      "jobs and companies IDs, the natural-language hits and detail records; where required everywhere, exists " +
      "true only, 0 detail IDs refused, _source only, natural-language size up to 100; records with fields of " +
      "their own; IDs sealed afresh on every call; pages that overlap by one ID; RateLimit headers on a gateway's " +
      "window; MCP results wrapped in structured content, the Python SDK's SSE stream, invalid arguments refused " +
      "with HTTP 422; match as a phrase; names and prose in the world's scripts (" +
      FRAMEWORK_PARTS.join(", ") +
      ").",
    FRAMEWORK_PARTS,
  ),
  deployment(
    "deployment-strict-reading",
    "A deployed service that reads the spec's silences strictly, every choice at once: failures in a body of " +
      "their own, 403 without a key; key status with the balance as text and the active flag as 1 or 0; calendar " +
      "versions; a total and a cursor beside the natural-language IDs; refusals where the form is left open " +
      "(numbers on fixed sets, absolute dates on posted, match on job numbers, fields outside their scope, " +
      "_source other than an array); weeks and years as relative units; text length in UTF-16 units; the default " +
      "record of the four shown fields; closed postings served; job dates kept to the month; LinkedIn URLs " +
      "normalised; a gateway's fixed window of 10 s; MCP results as JSON resources, invalid arguments as HTTP " +
      "400; match needing any one word (" +
      STRICT_PARTS.join(", ") +
      ").",
    STRICT_PARTS,
  ),
];
