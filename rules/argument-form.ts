/**
 * §4.2 rule 6 "Argument forms of not, in and exists: not shown." The natural forms are a node for
 * `not`, a non-empty array for `in` and `true` for `exists`; any other form (a list under `not`,
 * a scalar or empty `in`, `exists: false`) may be refused or read in a way the spec does not say.
 * An empty `all` or `any` is the same kind of silence (§4.2 "Composite").
 */
import { kindOf, leaf as makeLeaf, operandOf, quote, sourceText } from "../src/lint/nodes.js";
import { defineRule } from "../src/lint/rule.js";

const CLAUSES: readonly string[] = ["s4-2-rule6-argument-forms-not-shown"];

export default defineRule({
  meta: {
    id: "argument-form",
    consequence: "unspecified",
    description:
      "A `not`, `in` or `exists` argument other than a node, a non-empty array or true; an empty `all`/`any`.",
    clauses: ["s4-2-rule6-argument-forms-not-shown", "s4-2-composite-forms"],
    fixable: "suggestion",
    messages: {
      not:
        "`not` over {{kind}}: only a node is the natural form; the spec does not show what the service does " +
        "with this one.",
      in:
        "`in` over {{kind}}: only a non-empty array of values is the natural form; the spec does not show what " +
        "the service does with this one.",
      inEmpty: "`in` over an empty array: the spec does not show whether it matches nothing or is refused.",
      exists:
        "`exists: {{value}}`: only `true` is the natural form; the spec does not show what the service does " +
        "with this one.",
      existsFalse:
        "`exists: false`: only `true` is the natural form; the spec does not show whether false matches " +
        "records without a value.",
      empty: "An empty `{{operator}}`: the spec does not show whether it matches everything, nothing, or is refused.",
      useEq: "Use `eq` with the value.",
      negate: "Write `not` over a leaf with `exists: true`.",
    },
  },
  create: (context) => {
    // The forms §4.2 shows, from spec/catalog/grammar.yaml (`argumentForms`), which the reference reads too.
    const existsForms = context.contract.grammar.argumentForms.exists;
    return {
      Composite(node) {
        const arg = node.argument;
        if (node.operator === "not") {
          if (arg === null || typeof arg !== "object" || Array.isArray(arg)) {
            context.report({
              messageId: "not",
              data: { kind: kindOf(arg) },
              at: [...node.path, "not"],
              clauses: ["s4-2-rule6-argument-forms-not-shown"],
            });
          }
        } else if (Array.isArray(arg) && arg.length === 0) {
          context.report({
            messageId: "empty",
            data: { operator: node.operator },
            at: [...node.path, node.operator],
            clauses: ["s4-2-composite-forms"],
          });
        }
      },
      leafFilter: (_spec, op) => op === undefined || op === "in" || op === "exists",
      Leaf(leaf) {
        const ops = leaf.operators;
        if (ops.length === 1 && ops[0] !== "in" && ops[0] !== "exists") return;
        if (ops.includes("in")) {
          const arg = operandOf(leaf, "in");
          // Paths are built only for a report: the usual `in` (a non-empty array) builds none.
          if (!Array.isArray(arg)) {
            const scalar = typeof arg === "string" || typeof arg === "number" || typeof arg === "boolean";
            context.report({
              messageId: "in",
              data: { kind: kindOf(arg) },
              at: [...leaf.path, "in"],
              clauses: CLAUSES,
              suggestions:
                scalar && leaf.operators.length === 1
                  ? [{ messageId: "useEq", fix: { rename: [...leaf.path, "in"], key: "eq" } }]
                  : [],
            });
          } else if (arg.length === 0)
            context.report({ messageId: "inEmpty", at: [...leaf.path, "in"], clauses: CLAUSES });
        }
        if (leaf.operators.includes("exists") && !existsForms.includes(leaf.record.exists)) {
          const negatable = leaf.record.exists === false && leaf.operators.length === 1;
          context.report({
            messageId: leaf.record.exists === false ? "existsFalse" : "exists",
            data: { value: quote(leaf.record.exists) },
            at: [...leaf.path, "exists"],
            clauses: CLAUSES,
            suggestions: negatable
              ? [
                  {
                    messageId: "negate",
                    fix: {
                      at: leaf.path,
                      value: { not: makeLeaf(sourceText([...leaf.path, "field"]), "exists", true) },
                    },
                  },
                ]
              : [],
          });
        }
      },
    };
  },
});
