import { canonicalJson } from "../contract/index.js";
import { bracketedAnswer } from "./bracketed-answer.js";
import { observeSnapshotChanged } from "./snapshot-changed.js";
import { firstDifference } from "../contract/tool-agreement.js";
import { textJson } from "../client/mcp.js";
import { isRefusal } from "./answer.js";
import { isSuccess } from "./views.js";
import { excerpt, fail, failOn, pass, type Check, type CheckContext, type CheckOutcome } from "./check.js";
import { mask, REISSUED_CLAUSE, REISSUED_IDS, reissuedIds, reissuedMembers } from "./reissued-ids.js";

/**
 * A tool answers what its route answers (s4-6-tool-per-route-same-rules, s1-mcp-exposes-nine-routes): the
 * same IDs for a search (as a set, since §4.2 rule 5 does not promise an order) and the same records, member
 * for member and in any order, for a detail request. `rest` and `tool` are the values captured from both answers.
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
  const left = unmatched(rest, tool);
  if (left.rest.length === 0 && left.tool.length === 0) return pass(`${tool.length} records, the same as REST`);
  const where =
    left.rest.length === left.tool.length
      ? `at ${firstDifference(left.rest, left.tool)} of the ${left.rest.length} without a match`
      : `(${rest.length} vs ${tool.length} records)`;
  return fail(`the tool's records differ from REST's ${where}`, excerpt(left.rest, 200), excerpt(left.tool, 200));
}

/**
 * The records of each answer that the other does not hold, each record matched once, in any order: §4.4 does not
 * say in which order a detail route answers its records (s4-4-results-order-not-shown).
 */
function unmatched(rest: readonly unknown[], tool: readonly unknown[]): { rest: unknown[]; tool: unknown[] } {
  // The tool's records not yet matched, counted by their canonical JSON.
  const spare = new Map<string, number>();
  for (const record of tool) {
    const key = canonicalJson(record);
    spare.set(key, (spare.get(key) ?? 0) + 1);
  }
  const take = (record: unknown): boolean => {
    const key = canonicalJson(record);
    const n = spare.get(key) ?? 0;
    if (n > 0) spare.set(key, n - 1);
    return n > 0;
  };
  const restLeft = rest.filter((record) => !take(record));
  // What REST's records left spare is the tool's records without a match.
  return { rest: restLeft, tool: tool.filter(take) };
}

/**
 * The same comparison where REST answered the same request twice (`restBefore`, then `rest`: a second look) with other
 * ID strings for the same records, which a deployment encrypting IDs with a random nonce does (s2-1-id-stability-not-
 * shown): IDs are then compared by count, since their strings name no record twice alike, and records with the members
 * REST itself answered afresh in every record (their IDs) set aside. Where REST answered the same strings twice, this
 * is `checkSameAnswer` and excuses nothing.
 */
export function checkSameAnswerReissued(
  what: "ids" | "records",
  restBefore: unknown,
  rest: unknown,
  tool: unknown,
): { outcome: CheckOutcome; reissued?: string } {
  const plain = checkSameAnswer(what, rest, tool);
  if (plain.status === "pass" || !Array.isArray(restBefore) || !Array.isArray(rest) || !Array.isArray(tool))
    return { outcome: plain };
  if (what === "ids") {
    if (!reissuedIds(restBefore, rest)) return { outcome: plain };
    const reissued = `the same search answered twice by REST with ${rest.length} other ID strings`;
    if (tool.length !== rest.length || new Set(tool).size !== tool.length)
      return {
        outcome: fail(
          `the tool returned ${tool.length} IDs, REST ${rest.length} for the same set (compared by count: REST ` +
            `answered it twice with other ID strings, s2-1-id-stability-not-shown)`,
          excerpt(rest, 200),
          excerpt(tool, 200),
        ),
      };
    return {
      outcome: pass(`${tool.length} IDs, as many as REST (compared by count: ${reissued})`),
      reissued,
    };
  }
  const members = reissuedMembers(restBefore, rest);
  if (!members.length) return { outcome: plain };
  const masked = (records: unknown[]) => records.map((r) => mask(r, members));
  const outcome = checkSameAnswer(what, masked(rest), masked(tool));
  const reissued = `${members.join(", ")} answered by REST with other strings in every record of the same request`;
  return outcome.status === "pass"
    ? { outcome: pass(`${outcome.message ?? ""} (${reissued}, set aside)`), reissued }
    : { outcome };
}

export const mcpParity: Check<{ what: "ids" | "records"; rest: unknown; tool: unknown }> = {
  description: "a tool returned the same IDs (as a set) or the same records as the REST route",
  args: {
    type: "object",
    required: ["what", "rest", "tool"],
    additionalProperties: false,
    properties: { what: { enum: ["ids", "records"] }, rest: {}, tool: {} },
  },
  run: (ctx, args) => {
    const before = earlierArgs(ctx);
    if (!before) return checkSameAnswer(args.what, args.rest, args.tool);
    const { outcome, reissued } = checkSameAnswerReissued(args.what, before.rest, args.rest, args.tool);
    if (reissued) ctx.run.observed.add(`${REISSUED_IDS}.${ctx.operationId ?? "route"}`, reissued, REISSUED_CLAUSE);
    if (outcome.status === "pass" || reissued) return outcome;
    if (!Array.isArray(before.rest) || !Array.isArray(args.rest) || !Array.isArray(args.tool)) return outcome;
    // REST answered otherwise the second time: the data was refreshed between its two answers (docs/verdicts.md).
    const bracketed = bracketedAnswer(args.what, before.rest, args.rest, args.tool);
    if (!bracketed) return outcome;
    // Where one change per item does not explain the tool's answer, an item changed more than once between REST's
    // answers (a deployment refreshing part of its data often, within one case), which no answer of REST shows: the
    // data demonstrably changed under the comparison, so it proves nothing either way, and is observed.
    const explained = bracketed.outcome.status === "pass";
    const why = explained
      ? (bracketed.outcome.message ?? "")
      : `not judged: ${bracketed.outcome.message ?? ""}, so some changed more than once between them`;
    observeSnapshotChanged(
      ctx.run.observed,
      ctx.operationId,
      `${bracketed.changed} ${args.what} changed between REST's answers before and after the tool; ${why}`,
    );
    return pass(why);
  },
};

/** The call's arguments as the earlier step's first answer gave them, when judged against its second look. */
function earlierArgs(ctx: CheckContext): Record<string, unknown> | undefined {
  const before = ctx.firstLook;
  return before !== null && typeof before === "object" ? (before as Record<string, unknown>) : undefined;
}

/**
 * Whether structuredContent is a text content wrapped whole in an object of one member, as an SDK gives a tool that
 * returns a string (`{"result": "<the text>"}`): the same answer, in the shape that SDK's outputSchema declares.
 */
function wrapsText(structured: unknown, content: readonly { type: string; text?: string }[]): boolean {
  if (typeof structured !== "object" || structured === null || Array.isArray(structured)) return false;
  const values = Object.values(structured);
  return values.length === 1 && content.some((c) => c.type === "text" && c.text === values[0]);
}

/**
 * The tool result of an `mcp_call` step is well formed, so that an agent reading it sees what a REST client sees
 * (s4-6-tool-per-route-same-rules): a success carries the envelope as JSON text (the only content a client of the
 * 2025-03-26 and 2024-11-05 revisions reads; a line for the reader beside it is allowed), structuredContent (when
 * sent) agrees with that text, and isError is not set on it. A refused call may come back as a JSON-RPC error, as
 * an isError result with or without the envelope, or as an HTTP 4xx of the transport, all of which MCP allows
 * (docs/mcp.md, "What MCP allows"); whether a refusal was right is for the case's own checks (`refused`,
 * `envelope`). A refusal envelope without isError is a warning: MCP asks tool errors to set it (SHOULD), and the
 * envelope still says refused (s4-6-tool-refusal-form).
 */
export const mcpToolResult: Check = {
  description:
    "a success carries one envelope as JSON text (structuredContent agreeing), without isError; a refusal any MCP form",
  run: (ctx) => {
    const exchange = ctx.exchanges.at(-1);
    if (!exchange) return fail("no tool result to judge");
    if (exchange.rpcError) return pass(`a JSON-RPC error ${exchange.rpcError.code}: MCP's protocol-level refusal`);
    // The transport's own refusal of input it cannot accept: "it MUST return an HTTP error status code" (MCP
    // 2025-03-26, transports), with or without a JSON-RPC error in its body.
    if (exchange.status !== undefined && exchange.status >= 400 && exchange.status < 500 && !exchange.error)
      return pass(`HTTP ${exchange.status}: the transport's refusal of the call`);
    let result: { isError?: boolean; structuredContent?: unknown; content?: { type: string; text?: string }[] };
    try {
      result = JSON.parse(exchange.bodyText ?? "") as typeof result;
    } catch {
      return fail(
        "no tool result to judge",
        "a tools/call result",
        excerpt(exchange.bodyText ?? exchange.error ?? exchange.jsonError, 200),
      );
    }
    const refused = result.isError === true;
    const text = textJson({ content: Array.isArray(result.content) ? result.content : [] });
    if (text === undefined) {
      if (refused) return pass("an isError result without the envelope: the body of a refusal is not shown (§7)");
      return fail(
        "the tool result has no text content (nor JSON resource) carrying JSON",
        "the envelope as JSON text content",
        excerpt(result.content, 200),
      );
    }
    if (
      result.structuredContent !== undefined &&
      canonicalJson(text.json) !== canonicalJson(result.structuredContent) &&
      !wrapsText(result.structuredContent, result.content ?? [])
    ) {
      // A reading: 2025-03-26 has no structuredContent, and an SDK may wrap the text as {"result": ...}; a client of
      // a later revision reading it would read another answer than the text, which the text's clients read.
      return failOn(
        "s4-6-mcp-protocol-latitude",
        `the text content and structuredContent differ at ${firstDifference(result.structuredContent, text.json)}`,
        excerpt(result.structuredContent, 200),
        excerpt(text.json, 200),
      );
    }
    const success = isSuccess({ ...exchange, json: text.json });
    if (success && refused)
      return fail("isError is set on a success envelope", "isError unset", {
        isError: true,
        envelope: excerpt(text.json, 200),
      });
    if (!success && !refused && isRefusal({ ...exchange, json: text.json }))
      return failOn("s4-6-tool-refusal-form", "a refusal envelope came back without isError", "isError: true", {
        isError: result.isError ?? false,
        envelope: excerpt(text.json, 200),
      });
    return pass();
  },
};
