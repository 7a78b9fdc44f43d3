/**
 * Values whose JSON type differs from the field's type: a numeric field (§2.2 durations, sizes,
 * years; "company_size_range is an ordinal band and compares as a number"; §2.5 "salary_min and
 * salary_max are numeric filters") given a string, or a boolean field given anything but true or
 * false. The schema lets a string through; how the service compares it is not shown.
 */
import type { Operator } from "../src/contract/index.js";
import { eachValue, isScalar, quote, valuePath } from "../src/lint/nodes.js";
import { defineRule, type LeafNode } from "../src/lint/rule.js";

const NUMERIC = /^-?\d+(\.\d+)?$/;

export default defineRule({
  meta: {
    id: "value-type",
    consequence: "unspecified",
    description: "A numeric field given a string, or a boolean field given a value that is not a boolean.",
    clauses: ["s2-2-company-size-range-ordinal", "s2-5-salary-numeric-filters", "s4-2-leaf-form"],
    fixable: "suggestion",
    messages: {
      numericString: "`{{field}}` is numeric; {{value}} is a string, and the spec does not say how the service compares it.",
      notNumber: "`{{field}}` is numeric; {{value}} is not a number.",
      notBoolean: "`{{field}}` is a boolean; {{value}} is not true or false.",
      useNumber: "Use the number {{number}}.",
      useBoolean: "Use {{boolean}}.",
    },
  },
  create: (context) => {
    // Made once per configuration (not a closure per leaf); the leaf and operator come as arguments.
    const check = (value: unknown, index: number | undefined, leaf: LeafNode, op: Operator): void => {
      if (!isScalar(value)) return;
      const spec = leaf.spec!;
      const numeric = spec.type === "number" || spec.type === "ordinal";
      if (numeric ? typeof value === "number" : typeof value === "boolean") return; // the usual value: nothing is built
      // A plain value, not a closure: a closure over the arguments would cost a context on every call.
      const path = valuePath(leaf, op, index);
      if (numeric && typeof value !== "number") {
        const num = typeof value === "string" && NUMERIC.test(value.trim()) ? Number(value) : undefined;
        const clauses =
          spec.dataset === "jobs" ? ["s2-5-salary-numeric-filters", "s4-2-leaf-form"] : spec.type === "ordinal" || spec.dataset === "people" ? ["s2-2-company-size-range-ordinal", "s4-2-leaf-form"] : ["s4-2-leaf-form"];
        context.report({
          messageId: num === undefined ? "notNumber" : "numericString",
          data: { field: spec.name, value: quote(value) },
          at: path,
          clauses,
          suggestions: num === undefined ? [] : [{ messageId: "useNumber", data: { number: num }, fix: { at: path, value: num } }],
        });
      } else if (!numeric && typeof value !== "boolean") {
        const b = value === "true" || value === 1 ? true : value === "false" || value === 0 ? false : undefined;
        context.report({
          messageId: "notBoolean",
          data: { field: spec.name, value: quote(value) },
          at: path,
          clauses: ["s4-2-leaf-form"],
          suggestions: b === undefined ? [] : [{ messageId: "useBoolean", data: { boolean: b }, fix: { at: path, value: b } }],
        });
      }
    };
    return {
      leafFilter: (spec, op) =>
        spec !== undefined && op !== "exists" && op !== "match" && !spec.values && (spec.type === "number" || spec.type === "ordinal" || spec.type === "boolean"),
      Leaf(leaf) {
        const spec = leaf.spec;
        if (!spec || spec.values) return;
        if (spec.type !== "number" && spec.type !== "ordinal" && spec.type !== "boolean") return;
        for (const op of leaf.operators) if (op !== "exists" && op !== "match") eachValue(leaf, op, check);
      },
    };
  },
});
