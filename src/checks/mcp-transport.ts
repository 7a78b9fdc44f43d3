import type { McpProbe } from "../client/mcp.js";
import type { Exchange } from "./exchange.js";
import { fail, failOn, pass, type Check, type CheckOutcome } from "./check.js";

function where(probe: McpProbe): string {
  return probe.url.replace(/sessionId=[^&]+/, "sessionId=…");
}

/** The probe an `mcp_probe` step recorded, read back from its exchange. */
function probeOf(exchange: Exchange): McpProbe {
  const wwwAuthenticate = exchange.headers?.["www-authenticate"];
  return {
    url: exchange.request.url,
    ...(exchange.status !== undefined ? { status: exchange.status } : {}),
    ...(wwwAuthenticate !== undefined ? { wwwAuthenticate } : {}),
    ...(exchange.json !== undefined ? { response: exchange.json as McpProbe["response"] } : {}),
    ...(exchange.error !== undefined || exchange.jsonError !== undefined
      ? { error: exchange.error ?? exchange.jsonError }
      : {}),
  };
}

/**
 * initialize, asked for the revision §4.6 gives the transport, is answered with that revision
 * (s4-6-streamable-http-transport, s4-6-sse-legacy-transport).
 */
export function checkProtocolRevision(probe: McpProbe, expected: string): CheckOutcome {
  const answered = probe.response?.result?.protocolVersion;
  if (answered === expected) return pass(`${where(probe)} answered ${expected}`);
  const why =
    probe.status !== undefined && (probe.status < 200 || probe.status >= 300)
      ? `HTTP ${probe.status}`
      : probe.response?.error
        ? `JSON-RPC error ${probe.response.error.code}: ${probe.response.error.message}`
        : probe.error !== undefined
          ? probe.error
          : `protocolVersion ${JSON.stringify(answered)}`;
  return fail(`initialize asking for ${expected} at ${where(probe)} got ${why}`, expected, answered ?? why);
}

/**
 * A request without the key, or with a bad one, is refused and nothing is served (s5-same-key-rest-mcp): never a
 * JSON-RPC success, and an answer that is a refusal (not a 5xx, 3xx, 408 or 429, nor no answer at all). The form
 * is a reading (s5-request-without-valid-key, a warning): HTTP 401 with a WWW-Authenticate challenge, as MCP's
 * authorization rules and RFC 9110 §15.5.2 ask; §5 and §7 leave the status open, and MCP 2024-11-05 has no
 * authorization rules at all, so a 403, another 4xx or a JSON-RPC error response is a refusal too.
 */
export function checkUnauthorized(probe: McpProbe): CheckOutcome {
  const expected = "HTTP 401 with WWW-Authenticate";
  const status = probe.status;
  if (status === undefined)
    return fail(`${where(probe)}: no HTTP answer (${probe.error ?? "unknown error"})`, expected, probe.error);
  if (probe.response?.result !== undefined)
    return fail(`${where(probe)}: HTTP ${status}; a JSON-RPC success came back`, expected, status);
  if (status >= 500 || (status >= 300 && status < 400) || status === 408 || status === 429)
    return fail(
      `${where(probe)}: HTTP ${status}, which is not a refusal (docs/design.md, "A refusal")`,
      expected,
      status,
    );
  if (status === 401 && probe.wwwAuthenticate) return pass(`HTTP 401 (${probe.wwwAuthenticate})`);
  const form =
    status === 401
      ? "401 without a WWW-Authenticate challenge"
      : probe.response?.error
        ? `HTTP ${status} with JSON-RPC error ${probe.response.error.code}`
        : `HTTP ${status} instead of 401`;
  return failOn("s5-request-without-valid-key", `${where(probe)}: ${form}`, expected, status);
}

export const mcpRevision: Check<{ expected: string }> = {
  description: "initialize is answered with the protocol revision of §4.6",
  args: {
    type: "object",
    required: ["expected"],
    additionalProperties: false,
    properties: { expected: { type: "string", pattern: "^\\d{4}-\\d{2}-\\d{2}$" } },
  },
  run: (ctx, args) => {
    const exchange = ctx.exchanges.at(-1);
    return exchange ? checkProtocolRevision(probeOf(exchange), args.expected) : fail("no initialize answer to judge");
  },
};

export const mcpUnauthorized: Check = {
  description: "the MCP transport refuses the request with HTTP 401 and WWW-Authenticate, never a JSON-RPC success",
  run: (ctx) => {
    const exchange = ctx.exchanges.at(-1);
    return exchange ? checkUnauthorized(probeOf(exchange)) : fail("no answer to judge");
  },
};
