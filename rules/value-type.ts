/**
 * Values of another JSON kind than the field's value type (spec/catalog/grammar.yaml `valueKinds`):
 * a numeric field (§2.2 durations, sizes, years; "company_size_range is an ordinal band and compares
 * as a number"; §2.5 "salary_min and salary_max are numeric filters") given a string, a boolean
 * field given anything but true or false, a text, list or identity field given a number or a boolean
 * (`{"field": "skills", "eq": 280}`), `match` given anything but a string, and null anywhere. The spec
 * types no operator value (§4.2 "Leaf: field ... plus exactly one operator key"), so how the service
 * treats these is not shown. Dates are date-format's, fixed-set values fixed-set-value's (§2.3 "nothing
 * else is accepted, including numbers" reads as §7's zero results).
 */
import type { Operator } from "../src/contract/index.js";
import { eachValue, quote, valuePath } from "../src/lint/nodes.js";
import { defineRule, type LeafNode } from "../src/lint/rule.js";

const NUMERIC = /^-?\d+(\.\d+)?$/;

export default defineRule({
  meta: {
    id: "value-type",
    consequence: "unspecified",
    description:
      "A value of another JSON kind than the field's type (a string for a number, 280 for skills, null), or " +
      "`match` on a value that is not a string.",
    clauses: ["s2-2-company-size-range-ordinal", "s2-5-salary-numeric-filters", "s4-2-leaf-form"],
    fixable: "suggestion",
    messages: {
      numericString:
        "`{{field}}` is numeric; {{value}} is a string, and the spec does not say how the service compares it.",
      notNumber: "`{{field}}` is numeric; {{value}} is not a number.",
      notBoolean: "`{{field}}` is a boolean; {{value}} is not true or false.",
      notText:
        "`{{field}}` holds text; {{value}} is {{kind}}, and the spec does not say whether the service " +
        "compares it as text.",
      matchText:
        "`match` compares words; {{value}} is {{kind}}, and the spec does not say what the service does with it.",
      null:
        "`{{operator}}` on `{{field}}` with null: the spec does not say whether null matches a missing value or " +
        "is refused.",
      useNumber: "Use the number {{number}}.",
      useBoolean: "Use {{boolean}}.",
      useText: "Use the string {{text}}.",
    },
  },
  create: (context) => {
    const kinds = context.contract.grammar.valueKinds;
    // Made once per configuration (not a closure per leaf); the leaf and operator come as arguments.
    const check = (value: unknown, index: number | undefined, leaf: LeafNode, op: Operator): void => {
      const t = typeof value;
      const spec = leaf.spec!;
      if (
        value !== null &&
        (t === "object" ||
          (op === "match"
            ? t === "string"
            : spec.type === "date" || spec.values !== undefined || t === kinds[spec.type]))
      ) {
        return; // objects and arrays: operator-value-kind
      }
      const path = valuePath(leaf, op, index);
      const data = { field: spec.name, value: quote(value), kind: t === "number" ? "a number" : "a boolean" };
      if (value === null) {
        context.report({
          messageId: "null",
          data: { field: spec.name, operator: op },
          at: path,
          clauses: ["s4-2-leaf-form"],
        });
      } else if (op === "match") {
        context.report({ messageId: "matchText", data, at: path, clauses: ["s4-2-leaf-form"] });
      } else if (kinds[spec.type] === "number") {
        const num = typeof value === "string" && NUMERIC.test(value.trim()) ? Number(value) : undefined;
        const clauses =
          spec.dataset === "jobs"
            ? ["s2-5-salary-numeric-filters", "s4-2-leaf-form"]
            : spec.type === "ordinal" || spec.dataset === "people"
              ? ["s2-2-company-size-range-ordinal", "s4-2-leaf-form"]
              : ["s4-2-leaf-form"];
        context.report({
          messageId: num === undefined ? "notNumber" : "numericString",
          data,
          at: path,
          clauses,
          suggestions:
            num === undefined ? [] : [{ messageId: "useNumber", data: { number: num }, fix: { at: path, value: num } }],
        });
      } else if (kinds[spec.type] === "boolean") {
        const b = value === "true" || value === 1 ? true : value === "false" || value === 0 ? false : undefined;
        context.report({
          messageId: "notBoolean",
          data,
          at: path,
          clauses: ["s4-2-leaf-form"],
          suggestions:
            b === undefined ? [] : [{ messageId: "useBoolean", data: { boolean: b }, fix: { at: path, value: b } }],
        });
      } else if (typeof value === "number" || typeof value === "boolean") {
        const text = JSON.stringify(String(value));
        context.report({
          messageId: "notText",
          data,
          at: path,
          clauses: ["s4-2-leaf-form"],
          suggestions: [{ messageId: "useText", data: { text }, fix: { at: path, value: String(value) } }],
        });
      }
    };
    return {
      leafFilter: (spec, op) => spec !== undefined && op !== "exists",
      Leaf(leaf) {
        if (!leaf.spec) return;
        for (const op of leaf.operators) if (op !== "exists") eachValue(leaf, op, check);
      },
    };
  },
});
