/**
 * §4.2 rule 1 "A leaf has one operator only. A bounded range is an all of two leaves (one gte, one
 * lte), never both in one leaf.", §8 "operators per leaf | one". A leaf holding exactly gte and lte
 * is fixed by splitting it into an `all` of two leaves, which keeps its meaning.
 */
import { OPERATORS } from "../src/contract/index.js";
import { defineRule } from "../src/lint/rule.js";
import { leaf as makeLeaf, list, record, sourceText } from "../src/lint/nodes.js";

export default defineRule({
  meta: {
    id: "leaf-operator-count",
    consequence: "refused",
    description: "A leaf has no operator, or more than one.",
    clauses: [
      "s4-2-rule1-one-operator-per-leaf",
      "s4-2-rule1-bounded-range-all",
      "s8-operators-per-leaf",
      "s4-2-leaf-form",
    ],
    fixable: "meaning-preserving",
    messages: {
      none: "The leaf on `{{field}}` has no operator; give exactly one of {{allowed}}.",
      several:
        "The leaf on `{{field}}` has {{count}} operators ({{operators}}); a leaf takes exactly one. Extra " +
        "operator `{{extra}}`.",
      range: "A bounded range is an `all` of two leaves (one gte, one lte), never both in one leaf.",
    },
  },
  create: (context) => ({
    // A leaf with exactly one operator is never reported: only those with none or several are visited.
    leafFilter: (_spec, op) => op === undefined,
    Leaf(leaf) {
      if (!Object.hasOwn(leaf.record, "field")) return; // node-shape reports a leaf without field
      const field = typeof leaf.field === "string" ? leaf.field : "?";
      if (leaf.operators.length === 0) {
        if (leaf.unknownKeys.length > 0) return; // node-shape names the unknown key, usually a misspelt operator
        context.report({
          messageId: "none",
          data: { field, allowed: list(leaf.spec?.operators ?? OPERATORS) },
          at: leaf.path,
          clauses: ["s4-2-leaf-form", "s4-2-rule1-one-operator-per-leaf"],
        });
        return;
      }
      if (leaf.operators.length === 1) return;
      const isRange =
        leaf.operators.length === 2 &&
        leaf.operators.includes("gte") &&
        leaf.operators.includes("lte") &&
        leaf.unknownKeys.length === 0;
      const fix = isRange
        ? {
            at: leaf.path,
            value: record([
              [
                "all",
                (["gte", "lte"] as const).map((op) =>
                  makeLeaf(sourceText([...leaf.path, "field"]), op, sourceText([...leaf.path, op])),
                ),
              ],
            ]),
          }
        : undefined;
      for (const extra of leaf.operators.slice(1)) {
        context.report({
          messageId: isRange ? "range" : "several",
          data: { field, count: leaf.operators.length, operators: list(leaf.operators), extra },
          at: [...leaf.path, extra],
          atKey: true,
          clauses: isRange
            ? ["s4-2-rule1-bounded-range-all", "s8-operators-per-leaf"]
            : ["s4-2-rule1-one-operator-per-leaf", "s8-operators-per-leaf"],
          ...(fix ? { fix } : {}),
        });
      }
    },
  }),
});
