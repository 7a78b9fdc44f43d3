/**
 * §4.2 "Leaf: field ... plus exactly one operator key among eq, in, match, gte, lte, exists", read
 * with the request schemas of spec/openapi.yaml: eq compares a scalar (string, number, boolean),
 * match a string, gte/lte a number or a string, and the values of an `in` array are scalars. An
 * object, an array or null in their place is a malformed tree (§7). The argument forms of in,
 * exists and not are left to argument-form.
 */
import { kindOf, type JsonKind } from "../src/lint/nodes.js";
import { defineRule } from "../src/lint/rule.js";

const ACCEPTS: Readonly<Record<"eq" | "match" | "gte" | "lte" | "in", readonly JsonKind[]>> = {
  eq: ["string", "number", "boolean"],
  in: ["string", "number", "boolean"],
  match: ["string"],
  gte: ["number", "string"],
  lte: ["number", "string"],
};

const EXPECTED: Readonly<Record<keyof typeof ACCEPTS, string>> = Object.fromEntries(
  Object.entries(ACCEPTS).map(([op, kinds]) => [op, kinds.map((k) => `a ${k}`).join(" or ")]),
) as Record<keyof typeof ACCEPTS, string>;

export default defineRule({
  meta: {
    id: "operator-value-kind",
    consequence: "refused",
    description: "An operator value of the wrong JSON kind (an object, array or null where a scalar is needed).",
    // The value types are the project's reading (s4-2-operator-value-types): §4.2 gives none.
    clauses: ["s4-2-operator-value-types", "s4-2-leaf-form", "s7-malformed-tree-refused-free"],
    messages: {
      kind: "`{{operator}}` takes {{expected}}; got {{kind}}.",
      element: "The values of `in` are {{expected}}; got {{kind}}.",
    },
  },
  create: (context) => ({
    Leaf(leaf) {
      const ops = leaf.operators;
      if (ops.length === 1) {
        // The usual leaf: one operator with a string, or a number where one is taken.
        const op = ops[0]!;
        const t = typeof leaf.operand;
        if (op === "exists" || t === "string" || (t === "number" && op !== "match") || (t === "boolean" && (op === "eq"))) return;
      }
      for (const op of ops) {
        if (op === "exists") continue;
        const accepts = ACCEPTS[op];
        const expected = EXPECTED[op];
        const arg = leaf.record[op];
        if (op === "in") {
          if (!Array.isArray(arg)) continue;
          for (let i = 0; i < arg.length; i++) {
            const v: unknown = arg[i];
            const t = typeof v;
            if (t === "string" || t === "number" || t === "boolean") continue;
            context.report({ messageId: "element", data: { expected, kind: kindOf(v) }, at: [...leaf.path, "in", i] });
          }
          continue;
        }
        const kind = kindOf(arg);
        if (!accepts.includes(kind)) context.report({ messageId: "kind", data: { operator: op, expected, kind }, at: [...leaf.path, op] });
      }
    },
  }),
});
