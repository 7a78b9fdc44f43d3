import { canonicalJson, loadContract, OPERATION_IDS } from "./index.js";
import { routeToolSchema, toolName, type ToolDefinition } from "./mcp-tools.js";
import { escapeToken } from "./json-pointer.js";

/**
 * Thrown when the served tool list disagrees with spec/openapi.yaml: the server must not start
 * (s4-1-tool-schema-agreement).
 */
export class ToolAgreementError extends Error {
  override readonly name = "ToolAgreementError";
  constructor(readonly problems: readonly string[]) {
    super(
      `the MCP tool list disagrees with spec/openapi.yaml, so the server refuses to start (§4.1, ` +
        `s4-1-tool-schema-agreement):\n` +
        problems.map((p) => `  - ${p}`).join("\n"),
    );
  }
}

/** RFC 6901 pointer of the first place two JSON values differ, or undefined when they are equal. */
export function firstDifference(a: unknown, b: unknown, pointer = ""): string | undefined {
  if (canonicalJson(a) === canonicalJson(b)) return undefined;
  const bothObjects =
    a !== null && b !== null && typeof a === "object" && typeof b === "object" && Array.isArray(a) === Array.isArray(b);
  if (!bothObjects) return pointer || "/";
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  for (const key of [...new Set([...Object.keys(left), ...Object.keys(right)])].sort()) {
    const here = `${pointer}/${escapeToken(key)}`;
    if (!(key in left) || !(key in right)) return here;
    const deeper = firstDifference(left[key], right[key], here);
    if (deeper) return deeper;
  }
  return pointer || "/";
}

/**
 * Compares a tool list with the routes of spec/openapi.yaml: exactly one tool per operation, named by its
 * `x-mcp-tool` under the prefix, with the input schema derived from the route's request body. Returns the
 * disagreements, one line each; an empty list means the tools and the schema agree.
 */
export function toolListDisagreements(tools: readonly ToolDefinition[], prefix: string): string[] {
  const problems: string[] = [];
  const byName = new Map<string, ToolDefinition[]>();
  for (const tool of tools) byName.set(tool.name, [...(byName.get(tool.name) ?? []), tool]);
  for (const [name, same] of byName) if (same.length > 1) problems.push(`tool ${name} is listed ${same.length} times`);
  const expected = new Set<string>();
  for (const operationId of OPERATION_IDS) {
    const op = loadContract().operations.get(operationId)!;
    const name = toolName(operationId, prefix);
    expected.add(name);
    const tool = byName.get(name)?.[0];
    if (!tool) {
      problems.push(`no tool ${name} for ${op.method} ${op.path} (${operationId}, x-mcp-tool ${op.tool})`);
      continue;
    }
    if (tool.operationId !== operationId)
      problems.push(`tool ${name} calls ${tool.operationId}, but ${op.method} ${op.path} is ${operationId}`);
    const where = firstDifference(tool.inputSchema, routeToolSchema(operationId));
    if (where) {
      const source = op.requestSchema
        ? `components.schemas.${op.requestSchema}`
        : "an empty object (the route takes no body)";
      problems.push(
        `tool ${name}: input schema differs from the request body of ${op.method} ${op.path} (${source}) at ${where}`,
      );
    }
  }
  for (const name of byName.keys())
    if (!expected.has(name)) problems.push(`tool ${name} matches no route of spec/openapi.yaml`);
  return problems;
}

/** Throws ToolAgreementError unless the tool list agrees with spec/openapi.yaml. */
export function assertToolListAgrees(tools: readonly ToolDefinition[], prefix: string): void {
  const problems = toolListDisagreements(tools, prefix);
  if (problems.length > 0) throw new ToolAgreementError(problems);
}
