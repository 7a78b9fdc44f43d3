/**
 * §4.2 rule 3 "Dates (started_at, ended_at, posted and other date fields) take YYYY-MM-DD or a
 * relative offset such as now-30d or now-6m", §2.2 "Job dates ... YYYY-MM-DD or a relative offset".
 * A date that is not a real calendar day (2025-02-30) or not a date at all is refused. Units other
 * than d and m are left to relative-date-unit.
 */
import { parseQueryDate } from "../src/contract/dates.js";
import type { Operator } from "../src/contract/index.js";
import { eachValue, quote, valuePath } from "../src/lint/nodes.js";
import { defineRule, type LeafNode } from "../src/lint/rule.js";

const DATE_LIKE = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
const PEOPLE_CLAUSES: readonly string[] = ["s4-2-rule3-date-format", "s2-2-job-dates-format"];
const CLAUSES: readonly string[] = ["s4-2-rule3-date-format"];

export default defineRule({
  meta: {
    id: "date-format",
    consequence: "refused",
    description:
      "A date field's value is neither a real calendar date YYYY-MM-DD nor a relative offset now-<n>d / now-<n>m.",
    clauses: ["s4-2-rule3-date-format", "s2-2-job-dates-format"],
    fixable: "suggestion",
    messages: {
      invalid:
        "{{value}} is not a date for `{{field}}`: use a real calendar date YYYY-MM-DD or a relative offset " +
        "such as now-30d or now-6m.",
      notCalendar: "{{value}} is not a calendar date (`{{field}}` takes YYYY-MM-DD of a day that exists).",
      pad: "Write it {{date}}.",
    },
  },
  create: (context) => {
    // Made once per configuration (not a closure per leaf); the leaf and operator come as arguments.
    const check = (value: unknown, index: number | undefined, leaf: LeafNode, op: Operator): void => {
      if (value === null || typeof value === "object" || (typeof value === "boolean" && op !== "eq" && op !== "in"))
        return; // operator-value-kind
      if (parseQueryDate(value)) return;
      const spec = leaf.spec!;
      const clauses = spec.dataset === "people" ? PEOPLE_CLAUSES : CLAUSES;
      const path = valuePath(leaf, op, index);
      const m = typeof value === "string" ? DATE_LIKE.exec(value) : null;
      if (m) {
        const padded = `${m[1]}-${m[2]!.padStart(2, "0")}-${m[3]!.padStart(2, "0")}`;
        const fixable = padded !== value && parseQueryDate(padded) !== null;
        context.report({
          messageId: "notCalendar",
          data: { value: quote(value), field: spec.name },
          at: path,
          clauses,
          suggestions: fixable ? [{ messageId: "pad", data: { date: padded }, fix: { at: path, value: padded } }] : [],
        });
      } else {
        context.report({ messageId: "invalid", data: { value: quote(value), field: spec.name }, at: path, clauses });
      }
    };
    return {
      leafFilter: (spec, op) => spec?.type === "date" && op !== "exists",
      Leaf(leaf) {
        const spec = leaf.spec;
        if (!spec || spec.type !== "date") return;
        for (const op of leaf.operators) if (op !== "exists") eachValue(leaf, op, check);
      },
    };
  },
});
