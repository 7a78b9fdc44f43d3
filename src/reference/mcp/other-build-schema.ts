import { isRecord } from "../../lint/tree.js";
import type { ToolInputSchema } from "../../contract/mcp-tools.js";

/** Members whose values are data, not schemas: nothing inside them is rewritten. */
const DATA_MEMBERS: ReadonlySet<string> = new Set(["enum", "const", "default", "examples"]);

function rewritten(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(rewritten);
  if (!isRecord(node)) return node;
  const out: Record<string, unknown> = {};
  for (const [member, value] of Object.entries(node)) {
    if (member === "description" || member === "$schema") continue;
    if (DATA_MEMBERS.has(member)) out[member] = value;
    else if (member === "$defs" && isRecord(value)) out.definitions = rewrittenEach(value, false);
    else if (member === "$ref" && typeof value === "string") out.$ref = value.replace("#/$defs/", "#/definitions/");
    else if (member === "properties" && isRecord(value)) out.properties = rewrittenEach(value, true);
    else out[member] = rewritten(value);
  }
  return out;
}

/** The schemas of a map (properties, definitions) rewritten, each property titled after its name. */
function rewrittenEach(schemas: Record<string, unknown>, titled: boolean): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(schemas).map(([name, schema]) => {
      const out = rewritten(schema);
      const title = name.charAt(0).toUpperCase() + name.slice(1).replaceAll("_", " ");
      return [name, titled && isRecord(out) ? { title, ...out } : out];
    }),
  );
}

/**
 * A tool's input schema as another build writes the same constraints (McpFaults.sseSchemasOtherBuild): JSON Schema
 * draft-07 (`definitions` for `$defs`), a title on every property, no descriptions, as zod-to-json-schema or pydantic
 * write them. Only annotations and the dialect's spelling change, so the schema accepts the same bodies.
 */
export function schemaAsOtherBuildWritesIt(schema: ToolInputSchema): ToolInputSchema {
  return { $schema: "http://json-schema.org/draft-07/schema#", ...(rewritten(schema) as ToolInputSchema) };
}
