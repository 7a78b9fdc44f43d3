import { loadContract, OPERATION_IDS, type Operation, type OperationId } from "./index.js";

/**
 * The prefix §4.1 writes the tool names with ("svc_query_people"); a deployment may use another
 * (s4-1-tools-list-authoritative).
 */
export const CONTRACT_TOOL_PREFIX = "svc_";

/** A JSON Schema object as MCP carries it in `inputSchema` (its root is always `type: "object"`). */
export interface ToolInputSchema {
  readonly type: "object";
  readonly [keyword: string]: unknown;
}

/** One MCP tool of the reference server: a route of §4.1 under its tool name. */
export interface ToolDefinition {
  readonly name: string;
  readonly operationId: OperationId;
  readonly description: string;
  readonly inputSchema: ToolInputSchema;
}

const COMPONENT_REF = "#/components/schemas/";
const DEFS_REF = "#/$defs/";

/** The part of a tool name after the contract's prefix: "query_people" for svc_query_people. */
export function toolSuffix(operationId: OperationId): string {
  const name = loadContract().operations.get(operationId)!.tool;
  return name.startsWith(CONTRACT_TOOL_PREFIX) ? name.slice(CONTRACT_TOOL_PREFIX.length) : name;
}

/** The tool name of a route under a deployment's prefix (§4.1: svc_ is the neutral prefix). */
export function toolName(operationId: OperationId, prefix = CONTRACT_TOOL_PREFIX): string {
  return prefix + toolSuffix(operationId);
}

function componentSchemas(): Record<string, unknown> {
  return loadContract().openapi.components?.schemas ?? {};
}

/** Names of the component schemas a schema reaches through $ref, transitively, in first-reached order. */
function reachableSchemas(root: unknown): string[] {
  const schemas = componentSchemas();
  const seen = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== "object") return;
    for (const [key, value] of Object.entries(node)) {
      if (key === "$ref" && typeof value === "string" && value.startsWith(COMPONENT_REF)) {
        const name = value.slice(COMPONENT_REF.length);
        if (seen.has(name)) continue;
        if (!(name in schemas)) throw new Error(`tdss: spec/openapi.yaml: $ref ${value} names no schema`);
        seen.add(name);
        visit(schemas[name]);
      } else visit(value);
    }
  };
  visit(root);
  return [...seen];
}

function rewriteRefs<T>(node: T): T {
  return JSON.parse(JSON.stringify(node).replaceAll(`"${COMPONENT_REF}`, `"${DEFS_REF}`)) as T;
}

/**
 * The input schema of a route's tool, derived from the route's OpenAPI request body (s4-1-tool-schema-agreement):
 * the body schema inlined at the root, every schema it reaches copied into `$defs`, so the tool carries one
 * self-contained JSON Schema (2020-12) and never a second hand-written copy. A GET route takes no arguments.
 */
export function routeToolSchema(operationId: OperationId): ToolInputSchema {
  const op: Operation | undefined = loadContract().operations.get(operationId);
  if (!op) throw new Error(`tdss: unknown operation ${operationId}`);
  if (!op.requestSchema) return { type: "object", properties: {}, additionalProperties: false };
  const root = componentSchemas()[op.requestSchema] as Record<string, unknown>;
  if (root.type !== "object")
    throw new Error(
      `tdss: spec/openapi.yaml: ${op.requestSchema} is not an object schema; MCP tool arguments are objects`,
    );
  const defs = Object.fromEntries(reachableSchemas(root).map((name) => [name, rewriteRefs(componentSchemas()[name])]));
  return {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    ...rewriteRefs(root),
    ...(Object.keys(defs).length > 0 ? { $defs: defs } : {}),
    type: "object",
  };
}

function describe(op: Operation): string {
  const raw = (
    loadContract().openapi.paths?.[op.path] as Record<string, { summary?: string; description?: string }> | undefined
  )?.[op.method.toLowerCase()];
  const lead = [raw?.summary, raw?.description].filter(Boolean).join(": ");
  return `${lead} Same request, result, refusals and Credits as ${op.method} ${op.path}.`.trim();
}

/** The nine tools of §4.1 under a prefix, in route order, each with its derived input schema. */
export function deriveTools(prefix = CONTRACT_TOOL_PREFIX): ToolDefinition[] {
  return OPERATION_IDS.map((operationId) => {
    const op = loadContract().operations.get(operationId)!;
    return {
      name: toolName(operationId, prefix),
      operationId,
      description: describe(op),
      inputSchema: routeToolSchema(operationId),
    };
  });
}
