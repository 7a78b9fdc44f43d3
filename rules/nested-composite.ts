/**
 * §4.2 "composites nest": an `all` directly inside an `all` (or an `any` directly inside an `any`)
 * says the same as one flat `all` (`any`); fixed by flattening it into its parent.
 */
import { flattensIntoParent } from "../src/lint/nodes.js";
import { defineRule } from "../src/lint/rule.js";

export default defineRule({
  meta: {
    id: "nested-composite",
    consequence: "style",
    description: "An `all` directly inside an `all`, or an `any` directly inside an `any`.",
    clauses: ["s4-2-composite-forms"],
    fixable: "meaning-preserving",
    messages: { nested: "An `{{operator}}` directly inside an `{{operator}}` can be flattened into it." },
  },
  create: (context) => ({
    compositeFilter: (operator) => operator !== "not",
    Composite(node) {
      if (!flattensIntoParent(node)) return;
      // The fix splices this node's elements into the parent's list in place: the text around them goes.
      context.report({
        messageId: "nested",
        data: { operator: node.operator },
        at: [...node.path, node.operator],
        atKey: true,
        fix: { at: node.path, unwrap: [...node.path, node.operator], elements: true },
      });
    },
  }),
});
