// Stryker disable all: declarations, and the constants of the variants' answers (McpFaults); the contract's part of
// this file is mutated from headerValue on (docs/selftest.md, "Stryker on the reference").
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  CompleteRequestSchema,
  EmptyResultSchema,
  ErrorCode,
  InitializeRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  SetLevelRequestSchema,
  type CallToolResult,
  type InitializeResult,
  type ServerCapabilities,
} from "@modelcontextprotocol/sdk/types.js";
import { loadContract, type OperationId } from "../../contract/index.js";
import type { Service, ServiceResponse } from "../service.js";
import type { McpFaults } from "./faults.js";
import { SESSION_SCHEMA_VALIDATOR } from "./schema-validator.js";
import type { ToolDefinition } from "../../contract/mcp-tools.js";

/** The choices of variants (McpFaults) about what a tool server answers. */
type ToolAnswerChoices = Pick<
  McpFaults,
  | "invalidArgumentsAsRpcError"
  | "refusalsAsPlainText"
  | "protocolExtras"
  | "toolsListPageSize"
  | "serverChatter"
  | "outputSchemas"
  | "resultsAsJsonResource"
>;

export interface ToolServerOptions {
  readonly service: Service;
  readonly tools: readonly ToolDefinition[];
  /** The one protocol revision this transport speaks (§4.6). */
  readonly revision: string;
  readonly serverInfo: { readonly name: string; readonly version: string };
  /** Routes whose tool runs the request twice (a fault, see McpFaults.doubleCharge). */
  readonly doubleCharge?: ReadonlySet<OperationId>;
  /** Another form of answer MCP allows, for variants; by default none. */
  readonly choices?: ToolAnswerChoices;
}

const CAPABILITIES: ServerCapabilities = { tools: { listChanged: false } };

/** What MCP lets a server declare beyond tools (McpFaults.protocolExtras). */
const EXTRA_CAPABILITIES: ServerCapabilities = {
  ...CAPABILITIES,
  resources: {},
  prompts: {},
  logging: {},
  completions: {},
};

/** Route refusals saying the arguments are wrong, not the key or the balance (McpFaults.invalidArgumentsAsRpcError). */
const INVALID_ARGUMENT_STATUSES: ReadonlySet<number> = new Set([400, 413, 422]);

const EXTRA_META = { "org.example.tdss/served-by": "reference variant" };

/** The address of the envelope a result embeds as a resource (McpFaults.resultsAsJsonResource). */
const ENVELOPE_URI = "tdss-reference://tool-result/envelope.json";

/** The envelope every tool result carries, as an outputSchema (McpFaults.outputSchemas). */
const ENVELOPE_OUTPUT_SCHEMA = {
  type: "object",
  properties: { code: { type: "integer" }, msg: { type: "string" }, data: {} },
  required: ["code", "msg", "data"],
} as const;

// Stryker restore all
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
function toolResult(response: ServiceResponse, choices: ToolAnswerChoices = {}): CallToolResult {
  const succeeded = response.status >= 200 && response.status < 300;
  const refused = succeeded ? {} : { isError: true };
  const message = String(response.envelope.msg);
  // Stryker disable all: the other answers MCP allows, taken by variants (McpFaults)
  if (!succeeded && choices.invalidArgumentsAsRpcError && INVALID_ARGUMENT_STATUSES.has(response.status))
    throw new McpError(ErrorCode.InvalidParams, message);
  if (!succeeded && choices.refusalsAsPlainText) return { content: [{ type: "text", text: message }], isError: true };
  const text = JSON.stringify(response.envelope);
  if (choices.resultsAsJsonResource)
    return {
      content: [{ type: "resource", resource: { uri: ENVELOPE_URI, mimeType: "application/json", text } }],
      ...refused,
    };
  if (choices.protocolExtras) {
    const lead = succeeded ? "Served; the envelope {code, msg, data} follows." : `Refused: ${message}`;
    return {
      content: [
        { type: "text", text: lead },
        { type: "text", text },
      ],
      _meta: EXTRA_META,
      ...refused,
    };
  }
  // Stryker restore all
  const envelope = response.envelope as unknown as Record<string, unknown>;
  return { content: [{ type: "text", text }], structuredContent: envelope, ...refused };
}

// Stryker disable all: the variants' listing in pages and their capabilities beyond tools (McpFaults)
/** A page of tools/list under McpFaults.toolsListPageSize: the cursor is the index of the page's first tool. */
function toolsPage<T>(
  tools: readonly T[],
  size: number,
  cursor: string | undefined,
): { tools: T[]; nextCursor?: string } {
  const start = cursor === undefined ? 0 : Number(cursor);
  if (!Number.isSafeInteger(start) || start < 0 || start > tools.length)
    throw new McpError(ErrorCode.InvalidParams, `Invalid cursor: ${cursor}`);
  const end = start + size;
  return { tools: tools.slice(start, end), ...(end < tools.length ? { nextCursor: String(end) } : {}) };
}

/** Answers the requests of the capabilities beyond tools that McpFaults.protocolExtras declares, with empty lists. */
function serveExtraCapabilities(server: Server): void {
  server.setRequestHandler(ListResourcesRequestSchema, () => ({ resources: [] }));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({ resourceTemplates: [] }));
  server.setRequestHandler(ListPromptsRequestSchema, () => ({ prompts: [] }));
  server.setRequestHandler(SetLevelRequestSchema, () => ({}));
  server.setRequestHandler(CompleteRequestSchema, () => ({ completion: { values: [] } }));
}

// Stryker restore all
/**
 * An MCP server (the SDK's low-level Server) over the reference's Service: tools/list answers the derived tool
 * list, tools/call runs the same Service call as the route, with the Authorization header of the HTTP request
 * that carried the call.
 */
export function createToolServer(options: ToolServerOptions): Server {
  const choices = options.choices ?? {};
  // Stryker disable all: what the variants declare beyond tools (McpFaults.protocolExtras, serverChatter)
  const capabilities = choices.protocolExtras
    ? EXTRA_CAPABILITIES
    : choices.serverChatter
      ? { ...CAPABILITIES, logging: {} }
      : CAPABILITIES;
  // Stryker restore all
  const server = new Server(options.serverInfo, { capabilities, jsonSchemaValidator: SESSION_SCHEMA_VALIDATOR });
  const byName = new Map(options.tools.map((tool) => [tool.name, tool]));
  const listed = options.tools.map((tool) => ({
    name: tool.name,
    description: tool.description,
    inputSchema: tool.inputSchema,
    annotations: { readOnlyHint: true, openWorldHint: false },
    // Stryker disable next-line all: a variant's extra members (McpFaults.protocolExtras)
    ...(choices.protocolExtras ? { title: tool.name.replaceAll("_", " "), _meta: EXTRA_META } : {}),
    // Stryker disable next-line all: a variant's outputSchema (McpFaults.outputSchemas)
    ...(choices.outputSchemas ? { outputSchema: ENVELOPE_OUTPUT_SCHEMA } : {}),
  }));
  // Stryker disable all: the variants' choices of listing and of the initialize answer (McpFaults)
  const pageSize = choices.toolsListPageSize;
  const listOrder = pageSize === undefined ? listed : [...listed].reverse();
  if (choices.protocolExtras) serveExtraCapabilities(server);
  else if (choices.serverChatter) server.setRequestHandler(SetLevelRequestSchema, () => ({}));

  // Each transport speaks the one revision §4.6 gives it and answers it whatever the client asks for; the MCP
  // lifecycle lets a server answer a revision it supports, and a client that cannot speak it disconnects.
  server.setRequestHandler(InitializeRequestSchema, (): InitializeResult => ({
    protocolVersion: options.revision,
    capabilities,
    serverInfo: options.serverInfo,
    ...(choices.protocolExtras
      ? { instructions: "Search returns IDs; detail tools return records.", _meta: EXTRA_META }
      : {}),
  }));
  server.setRequestHandler(ListToolsRequestSchema, (request) =>
    pageSize === undefined ? { tools: listOrder } : toolsPage(listOrder, pageSize, request.params?.cursor),
  );
  // Stryker restore all
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const tool = byName.get(request.params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
    // Stryker disable all: a variant's messages before the result (McpFaults.serverChatter)
    if (choices.serverChatter) {
      // On the call's own stream, before its result (MCP 2025-03-26, transports: "The server MAY send JSON-RPC
      // requests and notifications before sending a JSON-RPC response"); the ping's answer is not waited for.
      await extra.sendNotification({
        method: "notifications/message",
        params: { level: "info", logger: "tdss-reference", data: `calling ${tool.name}` },
      });
      extra.sendRequest({ method: "ping" }, EmptyResultSchema).catch(() => undefined);
    }
    // Stryker restore all
    const authorization = headerValue(extra.requestInfo?.headers, "authorization");
    const method = loadContract().operations.get(tool.operationId)!.method;
    const body = method === "GET" ? undefined : (request.params.arguments ?? {});
    let response = await options.service.call(tool.operationId, body, authorization);
    // Stryker disable all: a hand-written mutant's fault (McpFaults.doubleCharge), never set where Stryker mutates
    if (options.doubleCharge?.has(tool.operationId))
      response = await options.service.call(tool.operationId, body, authorization);
    // Stryker restore all
    return toolResult(response, choices);
  });
  return server;
}
