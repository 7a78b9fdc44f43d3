import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  ErrorCode,
  InitializeRequestSchema,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
  type InitializeResult,
} from "@modelcontextprotocol/sdk/types.js";
import { loadContract, type OperationId } from "../../contract/index.js";
import type { Service, ServiceResponse } from "../service.js";
import type { ToolDefinition } from "./tools.js";

export interface ToolServerOptions {
  readonly service: Service;
  readonly tools: readonly ToolDefinition[];
  /** The one protocol revision this transport speaks (§4.6). */
  readonly revision: string;
  readonly serverInfo: { readonly name: string; readonly version: string };
  /** Routes whose tool runs the request twice (a fault, see McpFaults.doubleCharge). */
  readonly doubleCharge?: ReadonlySet<OperationId>;
}

const CAPABILITIES = { tools: { listChanged: false } };

function headerValue(
  headers: Record<string, string | string[] | undefined> | undefined,
  name: string,
): string | undefined {
  const value = headers?.[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * A tool result carries the REST envelope itself, as text and as structuredContent, so an agent reads the same
 * JSON as a REST client; a refusal is a tool error with the same envelope and message (s4-6-tool-per-route-same-rules).
 */
function toolResult(response: ServiceResponse): CallToolResult {
  const succeeded = response.status >= 200 && response.status < 300;
  const envelope = response.envelope as unknown as Record<string, unknown>;
  return {
    content: [{ type: "text", text: JSON.stringify(response.envelope) }],
    structuredContent: envelope,
    ...(succeeded ? {} : { isError: true }),
  };
}

/**
 * An MCP server (the SDK's low-level Server) over the reference's Service: tools/list answers the derived tool
 * list, tools/call runs the same Service call as the route, with the Authorization header of the HTTP request
 * that carried the call.
 */
export function createToolServer(options: ToolServerOptions): Server {
  const server = new Server(options.serverInfo, { capabilities: CAPABILITIES });
  const byName = new Map(options.tools.map((tool) => [tool.name, tool]));
  const listed = options.tools.map((tool) => ({
    name: tool.name,
    description: tool.description,
    inputSchema: tool.inputSchema,
    annotations: { readOnlyHint: true, openWorldHint: false },
  }));

  // Each transport speaks the one revision §4.6 gives it and answers it whatever the client asks for; the MCP
  // lifecycle lets a server answer a revision it supports, and a client that cannot speak it disconnects.
  server.setRequestHandler(InitializeRequestSchema, (): InitializeResult => ({
    protocolVersion: options.revision,
    capabilities: CAPABILITIES,
    serverInfo: options.serverInfo,
  }));
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listed }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const tool = byName.get(request.params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
    const authorization = headerValue(extra.requestInfo?.headers, "authorization");
    const method = loadContract().operations.get(tool.operationId)!.method;
    const body = method === "GET" ? undefined : (request.params.arguments ?? {});
    let response = await options.service.call(tool.operationId, body, authorization);
    if (options.doubleCharge?.has(tool.operationId))
      response = await options.service.call(tool.operationId, body, authorization);
    return toolResult(response);
  });
  return server;
}
