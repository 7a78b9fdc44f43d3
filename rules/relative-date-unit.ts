/**
 * §4.2 rule 6 "Relative-offset units beyond d and m: not shown." now-2w or now-1y may be refused or
 * read in a way the spec does not say; d (days) and m (months) are the units it shows.
 */
import { parseQueryDate } from "../src/contract/dates.js";
import type { Operator } from "../src/contract/index.js";
import { eachValue, quote, valuePath } from "../src/lint/nodes.js";
import { defineRule, type LeafNode } from "../src/lint/rule.js";

export default defineRule({
  meta: {
    id: "relative-date-unit",
    consequence: "unspecified",
    description: "A relative date with a unit other than d (days) and m (months).",
    clauses: ["s4-2-rule6-relative-units-not-shown", "s4-2-relative-offset-unit"],
    fixable: "suggestion",
    messages: {
      unit: "{{value}} uses the unit `{{unit}}`; the spec shows only d (days) and m (months).",
      convert: "Write it {{date}}.",
    },
  },
  create: (context) => {
    const units = context.contract.limits.dates.relativeUnits;
    // Made once per configuration (not a closure per leaf); the leaf and operator come as arguments.
    const check = (value: unknown, index: number | undefined, leaf: LeafNode, op: Operator): void => {
      const d = parseQueryDate(value);
      if (!d || d.kind !== "relative" || units.includes(d.unit)) return;
      const path = valuePath(leaf, op, index);
      const converted = convert(d.amount, d.unit);
      context.report({
        messageId: "unit",
        data: { value: quote(value), unit: d.unit },
        at: path,
        suggestions: converted
          ? [{ messageId: "convert", data: { date: converted }, fix: { at: path, value: converted } }]
          : [],
      });
    };
    return {
      leafFilter: (spec, op) => spec?.type === "date" && op !== "exists",
      Leaf(leaf) {
        if (leaf.spec?.type !== "date") return;
        for (const op of leaf.operators) if (op !== "exists") eachValue(leaf, op, check);
      },
    };
  },
});

/** Weeks and years have an exact equivalent in days and months. */
function convert(amount: number, unit: string): string | undefined {
  if (unit === "w") return `now-${amount * 7}d`;
  if (unit === "y") return `now-${amount * 12}m`;
  return undefined;
}
