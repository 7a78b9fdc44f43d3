import { loadContract, type OperationId } from "../../contract/index.js";
import {
  isRateLimitError,
  MCP_TRANSPORT_SPEC,
  McpClientError,
  openMcpSession,
  type ToolCallOutcome,
} from "../../client/mcp.js";
import { matchToolsToRoutes } from "../../client/tool-match.js";
import { isNoAnswer } from "../../client/no-answer.js";
import type { Exchange } from "../../checks/exchange.js";
import { planRequest, prepareRequest } from "./request.js";
import { authOf, clientOptions, sentMessage, transportOf, TRANSPORT_SCHEMA } from "./mcp-session.js";
import { CaseMcpSessions, type SessionLease } from "./mcp-sessions.js";
import { NotAdmitted } from "../measure.js";
import type { StepExecution, StepKind } from "./step-kind.js";

/** The `mcp_call:` member of a step, after templates are resolved. */
interface McpCallSpec {
  readonly transport: string;
  /**
   * The route whose tool is called; the tool is found in tools/list by the config's `mcp.tools`, else by its §4.1 name
   * suffix.
   */
  readonly operation: OperationId;
  /** The deployed tool name, outright (wins over the config). */
  readonly tool?: string;
  readonly arguments?: Record<string, unknown>;
  readonly auth?: string;
}

function routeOf(spec: McpCallSpec) {
  const op = loadContract().operations.get(spec.operation);
  if (!op) throw new Error(`unknown operation ${JSON.stringify(spec.operation)}`);
  return op;
}

/** The route request a tool call stands for: the same body, so the budget prices it as REST. */
function asRequest(spec: McpCallSpec) {
  const op = routeOf(spec);
  return prepareRequest({
    operation: op.operationId,
    auth: authOf(spec.auth),
    ...(op.method === "POST" ? { body: spec.arguments ?? {} } : {}),
  });
}

/**
 * How the server answered a refused call, when it refused it: MCP allows a JSON-RPC error and a tool result marked
 * isError alike, and §7 leaves the body open, so the form is the deployment's choice (s4-6-tool-refusal-form).
 */
function refusalForm(outcome: ToolCallOutcome): string | undefined {
  if (outcome.rpcError)
    return `JSON-RPC error ${outcome.rpcError.code}${outcome.httpStatus ? ` under HTTP ${outcome.httpStatus}` : ""}`;
  if (outcome.httpStatus !== undefined) return `HTTP ${outcome.httpStatus} without a JSON-RPC error`;
  if (!outcome.isError) return undefined;
  const code = (outcome.envelope as { code?: unknown } | null | undefined)?.code;
  return typeof code === "number" ? `isError result, envelope code ${code}` : "isError result without the envelope";
}

/**
 * `mcp_call:` — opens an MCP session on one transport (asking for its §4.6 revision) with the official SDK
 * client, finds the route's tool in tools/list and calls it. The exchange's `json` is the envelope the tool
 * result carries, so every REST check (envelope, ids-only, Credits, ...) judges the tool call as it judges
 * the route; `bodyText` is the whole tool result, for the MCP checks.
 */
export const mcpCallStep: StepKind = {
  schema: {
    type: "object",
    required: ["transport", "operation"],
    additionalProperties: false,
    description:
      "A tool call over MCP: the tool of `operation` (found in tools/list by the config's mcp.tools or by " +
      "name suffix, or named by `tool`) with `arguments`.",
    properties: {
      transport: TRANSPORT_SCHEMA,
      operation: { type: "string" },
      tool: { type: "string" },
      arguments: { type: ["object", "string"] },
      auth: { type: "string" },
    },
  },
  admitsEachRequest: true,
  plan(spec, ctx) {
    transportOf((spec as McpCallSpec).transport);
    return planRequest(asRequest(spec as McpCallSpec), ctx);
  },
  async execute(raw, ctx) {
    const spec = raw as McpCallSpec;
    const transport = transportOf(spec.transport);
    const auth = authOf(spec.auth);
    const started = performance.now();
    const args = spec.arguments ?? {};
    const done = (exchange: Omit<Exchange, "durationMs">): { exchanges: Exchange[] } => ({
      exchanges: [{ ...exchange, durationMs: Math.round(performance.now() - started) }],
    });
    const request = (tool: string) =>
      sentMessage(
        ctx,
        transport,
        auth,
        { method: "tools/call", params: { name: tool, arguments: args } },
        { operationId: spec.operation },
      );
    // The HTTP status of a session the server would not open is kept: a 402/403/429 there may be the key's balance
    // or rate (src/runner/key-limits.ts).
    const failed = (error: unknown) => {
      const status = error instanceof McpClientError ? error.httpStatus : undefined;
      return done({
        request: request(spec.tool ?? ctx.mcpTools?.[spec.operation] ?? spec.operation),
        ...(status !== undefined ? { status } : {}),
        error: (error as Error).message,
        ...(isRateLimitError(error) ? { rateLimited: true } : isNoAnswer(error) ? { unanswered: true } : {}),
      });
    };
    // Without the case's sessions (a step run on its own), the call has a session of its own.
    const sessions = ctx.mcpSessions ?? new CaseMcpSessions();
    let lease: SessionLease;
    try {
      lease = await sessions.borrow(transport, auth, () =>
        openMcpSession(clientOptions(ctx, auth), transport, MCP_TRANSPORT_SPEC[transport].revision),
      );
    } catch (error) {
      if (!ctx.mcpSessions) await sessions.close();
      return failed(error);
    }
    let answered = false;
    try {
      let tool = spec.tool;
      if (tool === undefined) {
        const names = (await lease.tools()).map((t) => t.name);
        tool = matchToolsToRoutes(names, ctx.mcpTools).byOperation.get(spec.operation);
        const pinned = ctx.mcpTools?.[spec.operation];
        const wanted =
          pinned !== undefined
            ? `tool ${pinned} (the config's mcp.tools name for ${spec.operation})`
            : `tool for ${spec.operation}`;
        answered = true;
        if (tool === undefined)
          return done({
            request: request(pinned ?? spec.operation),
            error: `tools/list on ${transport} has no ${wanted} (listed: ${names.join(", ") || "none"})`,
          });
      }
      // Only the call may be charged: the session and tools/list before it keep no Credit measurement waiting.
      const release = ctx.admit ? await ctx.admit() : () => undefined;
      let execution: StepExecution | undefined;
      try {
        const outcome = await lease.session.callTool(tool, args);
        answered = outcome.error === undefined;
        return (execution = toolResult(outcome, request(tool), spec.operation, done));
      } finally {
        release(execution?.exchanges);
      }
    } catch (error) {
      answered = false;
      if (error instanceof NotAdmitted) throw error;
      return failed(error);
    } finally {
      sessions.giveBack(lease, answered);
      if (!ctx.mcpSessions) await sessions.close();
    }
  },
};

/** The execution of a tool call that was answered: an error, a JSON-RPC error or a tool result (§4.6). */
function toolResult(
  outcome: ToolCallOutcome,
  request: Exchange["request"],
  operation: string,
  done: (exchange: Omit<Exchange, "durationMs">) => { exchanges: Exchange[] },
): StepExecution {
  const limited = outcome.rateLimited ? { rateLimited: true as const } : {};
  const unanswered = outcome.unanswered ? { unanswered: true as const } : {};
  if (outcome.error !== undefined) return done({ request, error: outcome.error, ...limited, ...unanswered });
  const form = refusalForm(outcome);
  const observations = form
    ? [{ topic: "mcp.refusal_form", value: { operation, form }, clause: "s4-6-tool-refusal-form" }]
    : [];
  if (outcome.rpcError)
    return {
      ...done({
        request,
        ...(outcome.httpStatus !== undefined ? { status: outcome.httpStatus } : {}),
        ...limited,
        rpcError: outcome.rpcError,
        bodyText: JSON.stringify({ error: outcome.rpcError }),
        jsonError: `a JSON-RPC error ${outcome.rpcError.code} (${outcome.rpcError.message}), not a tool result`,
      }),
      observations,
    };
  if (outcome.httpStatus !== undefined)
    return {
      ...done({
        request,
        status: outcome.httpStatus,
        ...(outcome.text !== undefined ? { bodyText: outcome.text } : {}),
        jsonError: `HTTP ${outcome.httpStatus} without a JSON-RPC answer, not a tool result`,
      }),
      observations,
    };
  return {
    ...done({
      request,
      ...limited,
      ...(outcome.isError ? { toolError: true } : {}),
      bodyText: JSON.stringify(outcome.result),
      ...(outcome.envelope !== undefined
        ? { json: outcome.envelope }
        : { jsonError: "the tool result carries no JSON (no structuredContent, no JSON text)" }),
    }),
    observations,
  };
}
