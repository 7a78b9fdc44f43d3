/**
 * §2.5 "Operators per job field: not shown beyond the general operator set in section 4.2" (and
 * §2.7 shows none for companies). Every jobs and companies field accepts the general set in the
 * schema, but some combinations make no sense for the field's type: `match` on a number or a date,
 * `gte`/`lte` on text. The natural ones stay clean: eq/in/match on text and lists (§2.6 "long
 * vocabulary, query with match"), gte/lte on numbers and dates, exists anywhere: the table
 * `operatorsByType` of spec/catalog/grammar.yaml, which the reference server reads too.
 */
import type { ValueType } from "../src/contract/index.js";
import { list } from "../src/lint/nodes.js";
import { defineRule } from "../src/lint/rule.js";

const TYPE_LABEL: Readonly<Record<ValueType, string>> = {
  text: "text",
  list: "a list",
  identity: "an identifier matched exactly",
  number: "a number",
  ordinal: "an ordinal",
  date: "a date",
  boolean: "a boolean",
};

export default defineRule({
  meta: {
    id: "operator-type",
    consequence: "unspecified",
    description:
      "A jobs or companies operator that makes no sense for the field's type (match on a number, gte on text).",
    clauses: ["s2-5-job-operators-not-shown", "s2-6-functions-industries-query-match", "s2-5-salary-numeric-filters"],
    messages: {
      mismatch:
        "`{{operator}}` on `{{field}}`, which is {{type}}: the spec shows no per-field operators for " +
        "{{dataset}}, and {{natural}} are the natural ones.",
    },
  },
  create: (context) => {
    const natural = context.contract.grammar.operatorsByType;
    return {
      leafFilter: (spec) => spec !== undefined && spec.dataset !== "people",
      Leaf(leaf) {
        const spec = leaf.spec;
        if (!spec || spec.dataset === "people") return;
        for (const op of leaf.operators) {
          if (natural[spec.type].includes(op)) continue;
          context.report({
            messageId: "mismatch",
            data: {
              operator: op,
              field: spec.name,
              type: TYPE_LABEL[spec.type],
              dataset: spec.dataset,
              natural: list(natural[spec.type]),
            },
            at: [...leaf.path, op],
            atKey: true,
            clauses: ["s2-5-job-operators-not-shown"],
          });
        }
      },
    };
  },
});
