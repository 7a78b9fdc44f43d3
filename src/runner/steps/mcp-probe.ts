import {
  MCP_TRANSPORT_SPEC,
  probeSseInitialize,
  probeSseStream,
  probeStreamableInitialize,
  type McpProbe,
} from "../../client/mcp.js";
import type { Exchange } from "../../checks/exchange.js";
import { authOf, clientOptions, sentMessage } from "./mcp-session.js";
import type { StepKind } from "./step-kind.js";

const PROBE_TARGETS = ["streamable-http", "sse-stream", "sse-messages"] as const;
type ProbeTarget = (typeof PROBE_TARGETS)[number];

/** The `mcp_probe:` member of a step, after templates are resolved. */
interface McpProbeSpec {
  /**
   * streamable-http: POST initialize to /mcp; sse-stream: GET /sse; sse-messages: POST initialize to the endpoint /sse
   * announces.
   */
  readonly target: string;
  /** The revision initialize asks for; by default the one §4.6 gives the transport. */
  readonly revision?: string;
  /** The Authorization of the probed request (the SSE stream of sse-messages is always opened with the primary key). */
  readonly auth?: string;
}

function targetOf(value: unknown): ProbeTarget {
  if (!PROBE_TARGETS.includes(value as ProbeTarget))
    throw new Error(`target must be one of ${PROBE_TARGETS.join(", ")}, got ${JSON.stringify(value)}`);
  return value as ProbeTarget;
}

/**
 * `mcp_probe:` — one raw exchange with an MCP address, for what an SDK session cannot show: the protocol
 * revision answered to an exact request, and the HTTP status, challenge and JSON-RPC answer a request
 * with a given key (or none) gets. The exchange's `json` is the JSON-RPC response to initialize.
 */
export const mcpProbeStep: StepKind = {
  schema: {
    type: "object",
    required: ["target"],
    additionalProperties: false,
    description: "A raw MCP request: initialize on /mcp or on the SSE message endpoint, or GET /sse.",
    properties: {
      target: { type: "string", description: PROBE_TARGETS.join(", ") },
      revision: { type: "string" },
      auth: { type: "string" },
    },
  },
  plan(spec) {
    targetOf((spec as McpProbeSpec).target);
    return { auth: authOf((spec as McpProbeSpec).auth), worstCase: 0, maxItems: 0 };
  },
  async execute(raw, ctx) {
    const spec = raw as McpProbeSpec;
    const target = targetOf(spec.target);
    const auth = authOf(spec.auth);
    const started = performance.now();
    const options = clientOptions(ctx, "primary");
    const authorization = ctx.credentials.header(auth) ?? null;
    const transport = target === "streamable-http" ? "streamable-http" : "sse";
    const revision = spec.revision ?? MCP_TRANSPORT_SPEC[transport].revision;
    const initialize = {
      method: "initialize",
      params: { protocolVersion: revision, capabilities: {}, clientInfo: { name: "tdss-probe", version: "1" } },
    };
    const probe: McpProbe =
      target === "streamable-http"
        ? await probeStreamableInitialize(options, revision, authorization)
        : target === "sse-stream"
          ? await probeSseStream(options, authorization)
          : await probeSseInitialize(options, revision, authorization);
    const base = sentMessage(ctx, transport, auth, initialize);
    const request =
      target === "sse-stream"
        ? {
            ...base,
            method: "GET",
            url: probe.url,
            headers: { ...base.headers, accept: "text/event-stream" },
            body: undefined,
          }
        : { ...base, url: probe.url, path: new URL(probe.url).pathname };
    const { body: _unsent, ...withoutBody } = request;
    const exchange: Exchange = {
      request: request.body === undefined ? withoutBody : request,
      ...(probe.status !== undefined ? { status: probe.status } : {}),
      ...(probe.wwwAuthenticate !== undefined ? { headers: { "www-authenticate": probe.wwwAuthenticate } } : {}),
      ...(probe.response !== undefined ? { json: probe.response, bodyText: JSON.stringify(probe.response) } : {}),
      ...(probe.error !== undefined
        ? probe.status === undefined
          ? { error: probe.error }
          : { jsonError: probe.error }
        : {}),
      ...(probe.rateLimited ? { rateLimited: true } : probe.unanswered ? { unanswered: true } : {}),
      durationMs: Math.round(performance.now() - started),
    };
    return { exchanges: [exchange] };
  },
};
