/**
 * §4.2 "Leaf: field ... plus exactly one operator key among eq, in, match, gte, lte, exists", and §7
 * "Malformed query tree | Request refused": an operator compares a value, so an object or an array in
 * the place of one (under eq, match, gte, lte, or as an element of `in`) is a tree of the wrong shape.
 * A scalar of another kind than the field takes (`match: 42`, `eq: null`) is value-type's: the spec
 * types no value, so no sentence compels its refusal. The argument forms of in, exists and not are left
 * to argument-form.
 */
import { kindOf } from "../src/lint/nodes.js";
import { defineRule } from "../src/lint/rule.js";

export default defineRule({
  meta: {
    id: "operator-value-kind",
    consequence: "refused",
    description: "An object or an array where an operator takes a value (a malformed tree).",
    clauses: ["s4-2-leaf-form", "s7-malformed-tree-refused-free"],
    messages: {
      kind: "`{{operator}}` takes a value; got an {{kind}}, which makes the tree malformed.",
      element: "The values of `in` are values; got an {{kind}}, which makes the tree malformed.",
    },
  },
  create: (context) => ({
    Leaf(leaf) {
      const ops = leaf.operators;
      // The usual leaf: one operator with a value that is no object or array.
      if (
        ops.length === 1 &&
        (ops[0] === "exists" || typeof leaf.operand !== "object" || leaf.operand === null) &&
        ops[0] !== "in"
      )
        return;
      for (const op of ops) {
        if (op === "exists") continue;
        const arg = leaf.record[op];
        if (op === "in") {
          if (!Array.isArray(arg)) continue;
          for (let i = 0; i < arg.length; i++) {
            const v: unknown = arg[i];
            if (typeof v !== "object" || v === null) continue;
            context.report({ messageId: "element", data: { kind: kindOf(v) }, at: [...leaf.path, "in", i] });
          }
          continue;
        }
        if (typeof arg === "object" && arg !== null)
          context.report({ messageId: "kind", data: { operator: op, kind: kindOf(arg) }, at: [...leaf.path, op] });
      }
    },
  }),
});
