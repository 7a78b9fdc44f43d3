import type { OperationId } from "../../contract/index.js";
import type { KeyAccount } from "../keys.js";
import type { Service } from "../service.js";
import { hasKeyRing } from "./auth.js";
import type { ErrorAnswer } from "./error-status.js";
import type { SseStreamForm } from "./sse-stream-form.js";
import { schemaAsOtherBuildWritesIt } from "./other-build-schema.js";
import { toolName, type ToolDefinition, type ToolInputSchema } from "../../contract/mcp-tools.js";

/**
 * Deliberate MCP contract faults, for mutants (suite strength): each breaks one clause of §4.1/§4.6 while
 * the REST routes stay correct. They are applied after the start-up agreement check, the way a faulty
 * deployment serves something other than what it checked.
 */
export interface McpFaults {
  /** Routes whose tool is left out of tools/list and refused on call (s4-1-mcp-tool-per-route). */
  readonly missingTools?: readonly OperationId[];
  /** Routes whose tool input schema drifts from the route's request body (s4-1-tool-schema-agreement). */
  readonly driftedSchemas?: readonly OperationId[];
  /** Routes whose tool runs the request twice, charging twice what REST charges (s4-6-tool-per-route-same-rules). */
  readonly doubleCharge?: readonly OperationId[];
  /**
   * A protocol revision answered on a transport instead of the one of §4.6 (s4-6-streamable-http-transport,
   * s4-6-sse-legacy-transport).
   */
  readonly revision?: { readonly streamableHttp?: string; readonly sse?: string };
  /** MCP requests are served without checking the key (s5-same-key-rest-mcp). */
  readonly acceptUnauthenticated?: boolean;
  /**
   * The fingerprint the version tool reports instead of GET /version's: an MCP process built from another contract
   * (s4-6-tool-per-route-same-rules).
   */
  readonly versionFingerprint?: string;
  /**
   * Argument members a route's tool drops before calling the route: a wrapper forwarding only some
   * (s4-6-tool-per-route-same-rules).
   */
  readonly droppedArguments?: Readonly<Partial<Record<OperationId, readonly string[]>>>;
  /**
   * Credits a route's tool charges on top of the route's charge, on success: a metered tool wrapper
   * (s4-6-tool-per-route-same-rules).
   */
  readonly surcharge?: Readonly<Partial<Record<OperationId, number>>>;
  /**
   * The prefix the SSE transport lists and serves the tools under, unlike /mcp: a legacy build's names
   * (s4-6-tool-per-route-same-rules).
   */
  readonly ssePrefix?: string;
  /**
   * The Service the tools of one transport call, made from the one the other transport calls: a fault of one
   * transport's tool layer only (a charge, a limit or a default of its own), s4-6-tool-per-route-same-rules.
   */
  readonly transportService?: Readonly<Partial<Record<"streamable-http" | "sse", (service: Service) => Service>>>;
  /**
   * The SSE message endpoint forgets a session after this many messages, so a client gets no further than that
   * (s4-6-sse-legacy-transport).
   */
  readonly sseSessionMessages?: number;
  /** Variant: the tools are listed and served under this prefix on both transports (s4-1-tools-list-authoritative). */
  readonly toolPrefix?: string;
  /**
   * Variant: every tool's input schema is {type: object}; the route's validation still refuses what it must
   * (s4-1-tool-schema-direction).
   */
  readonly looseSchemas?: boolean;
  /**
   * Variant: /mcp keeps sessions (Mcp-Session-Id) instead of answering each POST on its own
   * (s4-6-streamable-http-sessions).
   */
  readonly streamableSessions?: boolean;
  /**
   * Variant, under `streamableSessions`: a session ends after this many POSTs (initialize counted), and a later
   * request carrying its id is answered 404, as the 2025-03-26 transport lets a server do at any time (Session
   * Management: "The server MAY terminate the session at any time, after which it MUST respond to requests containing
   * that session ID with HTTP 404 Not Found"), s4-6-streamable-http-sessions.
   */
  readonly streamableSessionPosts?: number;
  /**
   * Variant: a tool call whose arguments the route refuses as invalid (HTTP 400, 413 or 422) is answered with a
   * JSON-RPC error -32602 (invalid params) carrying the route's message instead of an isError result; other refusals
   * (the key, the balance) stay results (s4-6-tool-refusal-form).
   */
  readonly invalidArgumentsAsRpcError?: boolean;
  /**
   * Variant, with `invalidArgumentsAsRpcError`: how /mcp sends that JSON-RPC error -32602 instead of under HTTP 200
   * (an HTTP error status, and a body of its own if any), as the transport lets a server answer input it cannot
   * accept (s4-6-tool-refusal-form).
   */
  readonly invalidArgumentsOnTransport?: (error: { readonly code: number; readonly message: string }) => ErrorAnswer;
  /**
   * Variant: a refused call is an isError result whose only content is the route's message as plain text, without
   * the envelope or structuredContent (s4-6-tool-refusal-form).
   */
  readonly refusalsAsPlainText?: boolean;
  /**
   * Variant: a POST to /mcp the key's rate limit refuses is answered inside JSON-RPC with HTTP 200 instead of 429: a
   * tool call with an isError result whose text says so, any other request with a JSON-RPC error saying so
   * (s4-6-tool-refusal-form, s8-rate-limit-quota-not-shown). The SSE transport keeps 429.
   */
  readonly rateLimitInBand?: boolean;
  /**
   * Variant: a tool call is answered after a log message (notifications/message, the logging capability declared) and
   * a ping request of the server's own on the call's stream, and every event of a stream is preceded by a comment
   * line (`: keep-alive`), as proxies and SDKs send to keep a stream open (s4-6-mcp-protocol-latitude).
   */
  readonly serverChatter?: boolean;
  /**
   * Variant: every tool declares an outputSchema of the envelope {code, msg, data}, which its successful results'
   * structuredContent meets (s4-6-mcp-protocol-latitude).
   */
  readonly outputSchemas?: boolean;
  /**
   * Variant: /mcp lists an outputSchema `{result: string}` on every tool and answers a success with structuredContent
   * `{"result": <the envelope's text>}`, as an SDK wraps a tool that returns a string (s4-6-mcp-protocol-latitude).
   */
  readonly wrappedStructuredContent?: boolean;
  /**
   * Variant: the SSE transport lists every tool's input schema as another build writes the same constraints: JSON
   * Schema draft-07, a title on every property, no descriptions (s4-6-tool-schema-same-text).
   */
  readonly sseSchemasOtherBuild?: boolean;
  /**
   * Variant: the legacy SSE stream as another server writes it: its message endpoint elsewhere, announced as an
   * absolute URL, CR LF line ends, keep-alive comments and pings of its own (s4-6-mcp-protocol-latitude).
   */
  readonly sseStreamForm?: SseStreamForm;
  /**
   * Variant: an event stream answering a POST to /mcp is closed only this many milliseconds after the server wrote its
   * response, which MCP 2025-03-26 asks (SHOULD), not compels (s4-6-mcp-protocol-latitude).
   */
  readonly streamHeldMs?: number;
  /**
   * Variant, under `streamableSessions`: GET and DELETE with a session's id answer 405, no stream of the server's own
   * and no session end by the client, as MCP 2025-03-26 lets a server answer both (s4-6-streamable-http-sessions).
   */
  readonly sessionsWithoutStreamOrEnd?: boolean;
  /**
   * Variant: a tool result carries the envelope as an embedded resource (type resource, mimeType application/json,
   * the envelope as its text) and no text content or structuredContent (s4-6-mcp-protocol-latitude).
   */
  readonly resultsAsJsonResource?: boolean;
  /** Variant: /mcp answers each POST with an event stream instead of a JSON body (s4-6-mcp-protocol-latitude). */
  readonly eventStreamResponses?: boolean;
  /**
   * Variant: what MCP lets a server add (s4-6-mcp-protocol-latitude): the resources, prompts, logging and completions
   * capabilities (with empty lists), instructions and _meta in initialize, tools with a title and _meta, tool
   * results with _meta and a line for the reader before the envelope, and no structuredContent.
   */
  readonly protocolExtras?: boolean;
  /**
   * Variant: tools/list answers pages of this many tools (nextCursor leading on), in reverse route order
   * (s4-6-mcp-protocol-latitude).
   */
  readonly toolsListPageSize?: number;
  /**
   * Variant: a request without a valid key is refused on the MCP transports with this HTTP status and no
   * WWW-Authenticate challenge, instead of 401 with one (s5-request-without-valid-key).
   */
  readonly unauthorizedStatus?: number;
}

/**
 * A drifted copy of a tool schema: whatever the route requires becomes optional and a body member the route
 * does not know becomes required, so that both a valid body and an invalid one change verdict.
 */
function driftSchema(schema: ToolInputSchema): ToolInputSchema {
  const properties = {
    ...((schema.properties as Record<string, unknown> | undefined) ?? {}),
    drifted: { type: "string" },
  };
  return { ...schema, properties, required: ["drifted"] };
}

/** The tool list a faulty deployment serves. */
export function applyToolFaults(tools: readonly ToolDefinition[], faults: McpFaults | undefined): ToolDefinition[] {
  const missing = new Set(faults?.missingTools ?? []);
  const drifted = new Set(faults?.driftedSchemas ?? []);
  const prefix = faults?.toolPrefix;
  return tools
    .filter((tool) => !missing.has(tool.operationId))
    .map((tool) => (drifted.has(tool.operationId) ? { ...tool, inputSchema: driftSchema(tool.inputSchema) } : tool))
    .map((tool): ToolDefinition => (faults?.looseSchemas ? { ...tool, inputSchema: { type: "object" } } : tool))
    .map((tool) => (prefix === undefined ? tool : { ...tool, name: toolName(tool.operationId, prefix) }));
}

/**
 * The tool list the SSE transport serves: /mcp's, renamed under McpFaults.ssePrefix when a fault sets one, its input
 * schemas written as another build writes them under McpFaults.sseSchemasOtherBuild.
 */
export function applySseToolFaults(tools: readonly ToolDefinition[], faults: McpFaults | undefined): ToolDefinition[] {
  const prefix = faults?.ssePrefix;
  return tools
    .map((tool) => (prefix === undefined ? tool : { ...tool, name: toolName(tool.operationId, prefix) }))
    .map((tool) =>
      faults?.sseSchemasOtherBuild ? { ...tool, inputSchema: schemaAsOtherBuildWritesIt(tool.inputSchema) } : tool,
    );
}

/**
 * The Service tool calls go through: the REST routes' own, or, under a fault of the tool layer, one that drops
 * arguments, charges on top (through the key ring, where the Service has one) or reports another fingerprint.
 */
export function applyCallFaults(service: Service, faults: McpFaults | undefined): Service {
  if (
    !faults ||
    (faults.droppedArguments === undefined && faults.surcharge === undefined && faults.versionFingerprint === undefined)
  )
    return service;
  return {
    async call(operationId, body, authorization) {
      const dropped = faults.droppedArguments?.[operationId] ?? [];
      const sent =
        body && typeof body === "object" && !Array.isArray(body)
          ? Object.fromEntries(Object.entries(body).filter(([k]) => !dropped.includes(k)))
          : body;
      const response = await service.call(operationId, sent, authorization);
      if (response.status !== 200) return response;
      const extra = faults.surcharge?.[operationId];
      if (extra !== undefined && hasKeyRing(service))
        (service.keyRing.identify(authorization) as KeyAccount).charge(extra);
      if (operationId !== "getVersion" || faults.versionFingerprint === undefined) return response;
      const data = {
        ...(response.envelope.data as Record<string, unknown>),
        contract_fingerprint: faults.versionFingerprint,
      };
      return { ...response, envelope: { ...response.envelope, data } };
    },
  };
}
