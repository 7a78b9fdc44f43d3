/**
 * §4.2 "Composite: one key among all, any, not": an `all` or `any` of one node means that node;
 * the simpler form is the node itself (fixed by unwrapping it).
 */
import { flattensIntoParent } from "../src/lint/nodes.js";
import { defineRule } from "../src/lint/rule.js";

export default defineRule({
  meta: {
    id: "single-child-composite",
    consequence: "style",
    description: "An `all` or `any` with one child.",
    clauses: ["s4-2-composite-forms"],
    fixable: "meaning-preserving",
    messages: { single: "An `{{operator}}` of one node is that node; unwrap it." },
  },
  create: (context) => ({
    compositeFilter: (operator) => operator !== "not",
    Composite(node) {
      if (
        node.operator === "not" ||
        !Array.isArray(node.argument) ||
        node.argument.length !== 1 ||
        node.unknownKeys.length > 0 ||
        flattensIntoParent(node)
      )
        return;
      context.report({
        messageId: "single",
        data: { operator: node.operator },
        at: [...node.path, node.operator],
        atKey: true,
        fix: { at: node.path, unwrap: [...node.path, node.operator, 0] },
      });
    },
  }),
});
