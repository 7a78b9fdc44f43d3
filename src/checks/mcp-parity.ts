import { canonicalJson } from "../contract/index.js";
import { firstDifference } from "../reference/mcp/agreement.js";
import { isSuccess } from "../runner/views.js";
import { excerpt, fail, pass, type Check, type CheckOutcome } from "./check.js";

/**
 * A tool answers what its route answers (s4-6-tool-per-route-same-rules, s1-mcp-exposes-nine-routes): the
 * same IDs for a search (as a set, since §4.2 rule 5 does not promise an order) and the same records, member
 * for member, for a detail request. `rest` and `tool` are the values captured from both answers.
 */
export function checkSameAnswer(what: "ids" | "records", rest: unknown, tool: unknown): CheckOutcome {
  if (!Array.isArray(rest))
    return fail(`the REST answer has no ${what} list to compare with`, `a list of ${what}`, excerpt(rest, 200));
  if (!Array.isArray(tool)) return fail(`the tool answer has no ${what} list`, excerpt(rest, 200), excerpt(tool, 200));
  if (what === "ids") {
    const restSet = new Set(rest.map((v) => canonicalJson(v)));
    const toolSet = new Set(tool.map((v) => canonicalJson(v)));
    const onlyRest = [...restSet].filter((v) => !toolSet.has(v));
    const onlyTool = [...toolSet].filter((v) => !restSet.has(v));
    if (onlyRest.length === 0 && onlyTool.length === 0 && rest.length === tool.length)
      return pass(`${tool.length} IDs, the same as REST`);
    return fail(
      `the tool returned other IDs than REST (${onlyRest.length} only via REST, ${onlyTool.length} only via ` +
        `the tool, ${rest.length} vs ${tool.length} in all)`,
      excerpt(rest, 200),
      excerpt(tool, 200),
    );
  }
  const where = firstDifference(rest, tool);
  if (where === undefined) return pass(`${tool.length} records, the same as REST`);
  return fail(`the tool's records differ from REST's at ${where}`, excerpt(rest, 200), excerpt(tool, 200));
}

export const mcpParity: Check<{ what: "ids" | "records"; rest: unknown; tool: unknown }> = {
  description: "a tool returned the same IDs (as a set) or the same records as the REST route",
  args: {
    type: "object",
    required: ["what", "rest", "tool"],
    additionalProperties: false,
    properties: { what: { enum: ["ids", "records"] }, rest: {}, tool: {} },
  },
  run: (_ctx, args) => checkSameAnswer(args.what, args.rest, args.tool),
};

/**
 * The tool result of an `mcp_call` step is well formed: its text content and its structuredContent (when both
 * are sent) carry the same JSON, and `isError` is set exactly when that JSON is not a success envelope, so
 * that an agent reading either sees what a REST client sees (s4-6-tool-per-route-same-rules).
 */
export const mcpToolResult: Check = {
  description: "the tool result carries one envelope (text and structuredContent agree) and isError matches it",
  run: (ctx) => {
    const exchange = ctx.exchanges.at(-1);
    if (!exchange) return fail("no tool result to judge");
    let result: { isError?: boolean; structuredContent?: unknown; content?: { type: string; text?: string }[] };
    try {
      result = JSON.parse(exchange.bodyText ?? "") as typeof result;
    } catch {
      return fail(
        "no tool result to judge",
        "a tools/call result",
        excerpt(exchange.bodyText ?? exchange.jsonError, 200),
      );
    }
    if (!("content" in result))
      return fail(
        `the call was answered with a JSON-RPC error, not a tool result`,
        "a tools/call result",
        excerpt(result, 200),
      );
    const text = result.content?.find((c) => c.type === "text")?.text;
    if (text === undefined)
      return fail("the tool result has no text content", "the envelope as text content", excerpt(result.content, 200));
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return fail("the text content is not JSON", "the envelope as JSON text", excerpt(text, 200));
    }
    if (result.structuredContent !== undefined && canonicalJson(parsed) !== canonicalJson(result.structuredContent)) {
      return fail(
        `the text content and structuredContent differ at ${firstDifference(result.structuredContent, parsed)}`,
        excerpt(result.structuredContent, 200),
        excerpt(parsed, 200),
      );
    }
    const success = isSuccess({ ...exchange, json: parsed });
    if (success === (result.isError === true)) {
      return fail(
        success ? "isError is set on a success envelope" : "a refusal came back without isError",
        success ? "isError unset" : "isError: true",
        { isError: result.isError ?? false, envelope: excerpt(parsed, 200) },
      );
    }
    return pass();
  },
};
