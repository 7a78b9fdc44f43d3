import type { McpProbe } from "../client/mcp.js";
import type { Exchange } from "../runner/types.js";
import { fail, pass, type Check, type CheckOutcome } from "./check.js";

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
 * A request without the key, or with a bad one, is refused on the transport: HTTP 401 with a
 * WWW-Authenticate challenge (RFC 9110 §15.5.2, and MCP's authorization rules for HTTP transports),
 * never a JSON-RPC success (s5-same-key-rest-mcp, s4-6-tool-per-route-same-rules).
 */
export function checkUnauthorized(probe: McpProbe): CheckOutcome {
  const problems: string[] = [];
  if (probe.status === undefined) problems.push(`no HTTP answer (${probe.error ?? "unknown error"})`);
  else {
    if (probe.status !== 401) problems.push(`HTTP ${probe.status} instead of 401`);
    if (probe.status === 401 && !probe.wwwAuthenticate) problems.push("401 without a WWW-Authenticate challenge");
  }
  if (probe.response?.result !== undefined) problems.push("a JSON-RPC success came back");
  if (problems.length === 0) return pass(`HTTP 401 (${probe.wwwAuthenticate})`);
  return fail(`${where(probe)}: ${problems.join("; ")}`, "HTTP 401 with WWW-Authenticate", probe.status ?? probe.error);
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
