/**
 * §4.2 leaf operators: an `in` of one value compares like `eq` of that value (clause
 * s2-2-eq-whole-value); `eq` is the simpler form (fixed by rewriting the leaf).
 */
import { isScalar } from "../src/lint/nodes.js";
import { defineRule } from "../src/lint/rule.js";

export default defineRule({
  meta: {
    id: "single-value-in",
    consequence: "style",
    description: "An `in` with one value.",
    clauses: ["s4-2-leaf-form", "s2-2-eq-whole-value"],
    fixable: "meaning-preserving",
    messages: { single: "`in` with one value is `eq` {{value}}." },
  },
  create: (context) => ({
    leafFilter: (_spec, op) => op === "in",
    Leaf(leaf) {
      const arg = leaf.operand;
      if (leaf.operators.length !== 1 || leaf.operators[0] !== "in" || leaf.unknownKeys.length > 0) return;
      if (!Array.isArray(arg) || arg.length !== 1 || !isScalar(arg[0])) return;
      context.report({
        messageId: "single",
        data: { value: JSON.stringify(arg[0]) },
        at: [...leaf.path, "in"],
        atKey: true,
        fix: [
          { rename: [...leaf.path, "in"], key: "eq" },
          { at: [...leaf.path, "in"], unwrap: [...leaf.path, "in", 0] },
        ],
      });
    },
  }),
});
