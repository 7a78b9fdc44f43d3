import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  InitializeRequestSchema,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
} from "@modelcontextprotocol/sdk/types.js";
import { MCP_TRANSPORT_SPEC, type McpTransportKind } from "../client/mcp.js";
import { bodyOperations as lintableRoutes } from "../contract/routes.js";
import type { LintableOperationId } from "../lint/types.js";
import { agentText, blockedEnvelope } from "./blocked.js";
import type { McpProxyContext } from "./mcp-context.js";
import type { Linked } from "./mcp-linked.js";
import { judge } from "./verdict.js";

/** The SDK words a JSON-RPC error as "MCP error <code>: <message>"; relayed again, it would say it twice. */
function bare(message: string): string {
  return message.replace(/^(MCP error -?\d+: )+/, "");
}

/** The tool error a blocked call gets, or undefined when the linter lets the call through. */
function blockedCall(
  ctx: McpProxyContext,
  route: LintableOperationId,
  args: Record<string, unknown> | undefined,
): CallToolResult | undefined {
  const verdict = judge(route, new TextEncoder().encode(JSON.stringify(args ?? {})), ctx.block);
  if (!verdict) return undefined;
  ctx.metrics.linted(route, verdict);
  ctx.log?.write("mcp", route, verdict);
  if (verdict.blocking.length === 0) return undefined;
  ctx.metrics.request("mcp", route, "blocked");
  const envelope = blockedEnvelope(verdict.blocking, verdict.diagnostics);
  return {
    isError: true,
    content: [{ type: "text", text: agentText(verdict.blocking, verdict.diagnostics) }],
    structuredContent: envelope,
  };
}

/** A tools/call: blocked here at no cost when the linter blocks its arguments, else forwarded as it came. */
async function callTool(
  ctx: McpProxyContext,
  linked: Linked,
  name: string,
  args: Record<string, unknown> | undefined,
): Promise<CallToolResult> {
  const operationId = await linked.routeOf(name);
  const lintable = operationId !== undefined && lintableRoutes().has(operationId as LintableOperationId);
  if (lintable) {
    const blocked = blockedCall(ctx, operationId as LintableOperationId, args);
    if (blocked) return blocked;
  }
  const route = operationId ?? "unknown";
  const started = performance.now();
  const outcome = await linked.session.callTool(name, args);
  ctx.metrics.upstream("mcp", route, (performance.now() - started) / 1000);
  if (outcome.result) {
    ctx.metrics.request("mcp", route, lintable ? "forwarded" : "unlinted");
    return outcome.result;
  }
  ctx.metrics.request("mcp", route, "upstream_error");
  if (outcome.rpcError) throw new McpError(outcome.rpcError.code, bare(outcome.rpcError.message));
  const envelope = {
    code: 502,
    msg: `the upstream gave no tool result: ${outcome.error ?? "unknown error"}`,
    data: null,
  };
  return { isError: true, content: [{ type: "text", text: JSON.stringify(envelope) }], structuredContent: envelope };
}

/** The SDK server a client talks to: the upstream's tools/list, and tools/call through the linter. */
export function toolServer(ctx: McpProxyContext, kind: McpTransportKind, linked: Linked): Server {
  const capabilities = { tools: { listChanged: false } };
  const server = new Server(ctx.serverInfo, { capabilities });
  const revision = MCP_TRANSPORT_SPEC[kind].revision;
  server.setRequestHandler(InitializeRequestSchema, () => ({
    protocolVersion: revision,
    capabilities,
    serverInfo: ctx.serverInfo,
  }));
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: await linked.session.listTools() }));
  server.setRequestHandler(CallToolRequestSchema, (request) =>
    callTool(ctx, linked, request.params.name, request.params.arguments),
  );
  return server;
}
