/** §4.2 "Composite: one key among all, any, not": `not` of `not` of a node is that node. */
import { defineRule, type NodeInfo } from "../src/lint/rule.js";
import { isRecord } from "../src/lint/tree.js";

export default defineRule({
  meta: {
    id: "double-negation",
    consequence: "style",
    description: "A `not` directly inside a `not`.",
    clauses: ["s4-2-composite-forms"],
    fixable: "meaning-preserving",
    messages: { double: "`not` of `not` is the node itself." },
  },
  create: (context) => ({
    compositeFilter: (operator) => operator === "not",
    Composite(node) {
      if (!pairsWithChild(node) || innerOfPair(node)) return;
      const inner = node.children[0]!;
      context.report({
        messageId: "double",
        at: [...inner.path, "not"],
        atKey: true,
        fix: { at: node.path, unwrap: [...inner.path, "not"] },
      });
    },
  }),
});

/** A `not` whose child is a `not` of a node: the pair is the node. */
function pairsWithChild(node: NodeInfo): boolean {
  if (node.kind !== "composite" || node.operator !== "not" || node.unknownKeys.length > 0) return false;
  const inner = node.children[0];
  return (
    inner?.kind === "composite" &&
    inner.operator === "not" &&
    inner.unknownKeys.length === 0 &&
    isRecord(inner.argument)
  );
}

/**
 * Whether a `not` is the inner half of a pair reported above it: a chain of nots is reported as pairs from the
 * top, each `not` in one pair, so a chain of three is one diagnostic, not two sharing the middle `not`
 * (docs/lint.md, "One diagnostic per problem"). The chain above is at most the nesting limit long.
 */
function innerOfPair(node: NodeInfo): boolean {
  let above = 0;
  for (let p = node.parent; p && pairsWithChild(p); p = p.parent) above++;
  return above % 2 === 1;
}
