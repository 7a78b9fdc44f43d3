import type { OperationId } from "../../contract/index.js";
import type { ToolDefinition, ToolInputSchema } from "./tools.js";

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
  /** A protocol revision answered on a transport instead of the one of §4.6 (s4-6-streamable-http-transport, s4-6-sse-legacy-transport). */
  readonly revision?: { readonly streamableHttp?: string; readonly sse?: string };
  /** MCP requests are served without checking the key (s5-same-key-rest-mcp). */
  readonly acceptUnauthenticated?: boolean;
}

/**
 * A drifted copy of a tool schema: whatever the route requires becomes optional and a body member the route
 * does not know becomes required, so that both a valid body and an invalid one change verdict.
 */
export function driftSchema(schema: ToolInputSchema): ToolInputSchema {
  const properties = { ...((schema.properties as Record<string, unknown> | undefined) ?? {}), drifted: { type: "string" } };
  return { ...schema, properties, required: ["drifted"] };
}

/** The tool list a faulty deployment serves. */
export function applyToolFaults(tools: readonly ToolDefinition[], faults: McpFaults | undefined): ToolDefinition[] {
  const missing = new Set(faults?.missingTools ?? []);
  const drifted = new Set(faults?.driftedSchemas ?? []);
  return tools
    .filter((tool) => !missing.has(tool.operationId))
    .map((tool) => (drifted.has(tool.operationId) ? { ...tool, inputSchema: driftSchema(tool.inputSchema) } : tool));
}
