import { composeVariants } from "./compose.js";
import { DATA_VARIANTS } from "./data.js";
import { DETAIL_VARIANTS } from "./detail.js";
import { SERVICE_VARIANTS } from "./service.js";
import type { Variant } from "./variant.js";

function part(id: string): Variant {
  const found = [...SERVICE_VARIANTS, ...DETAIL_VARIANTS, ...DATA_VARIANTS].find((v) => v.id === id);
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
  "search-page-order-varies",
] as const;

/**
 * 40 requests a second per key in bursts of 4, on every surface, which key status reports: a limit a run meets all
 * the time, as a deployment's would, yet lets the suite's 1,600 requests through in under a minute.
 */
const DEPLOYMENT_RATE_LIMIT = { requests: 4, perSeconds: 0.1 } as const;

function deployment(id: string, description: string, ids: readonly string[]): Variant {
  const composed = composeVariants(ids.map(part));
  return { ...composed, id, description, server: { ...composed.server, rateLimit: DEPLOYMENT_RATE_LIMIT } };
}

/** Combinations of the variants of service.ts, detail.ts and data.ts that a real deployment has all at once. */
export const DEPLOYMENT_VARIANTS: readonly Variant[] = [
  deployment(
    "deployment-realistic",
    "A deployed service, every condition at once: 40 requests a second per key (bursts of 4) on REST and MCP, " +
      "reported by key status; 40 ms latency; every 100th request a 503 with Retry-After; gzip answers; idle " +
      "connections closed after 1 s; MCP sessions that end after three POSTs, event streams with a log message and a " +
      "ping before each result, tools under another prefix listed two a page, invalid arguments as JSON-RPC -32602; " +
      "unnamed fields in the default profile record; page order varying (" +
      DEPLOYMENT_PARTS.join(", ") +
      ").",
    DEPLOYMENT_PARTS,
  ),
];
