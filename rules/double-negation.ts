/** §4.2 "Composite: one key among all, any, not": `not` of `not` of a node is that node. */
import { defineRule } from "../src/lint/rule.js";
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
      if (node.operator !== "not" || node.unknownKeys.length > 0) return;
      const inner = node.children[0];
      if (
        !inner ||
        inner.kind !== "composite" ||
        inner.operator !== "not" ||
        inner.unknownKeys.length > 0 ||
        !isRecord(inner.argument)
      )
        return;
      context.report({
        messageId: "double",
        at: [...inner.path, "not"],
        atKey: true,
        fix: { at: node.path, unwrap: [...inner.path, "not"] },
      });
    },
  }),
});
