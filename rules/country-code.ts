/**
 * §2.2 "country takes a full name" (people), §2.6 "city, state, country | ... country is a full
 * name" (jobs); companies' hq_country likewise. A two- or three-letter code there matches no
 * record; the dataset's ISO field (country_iso2/country_iso3, country_iso_2, hq_country_iso2) takes codes.
 */
import { fieldTaking } from "../src/lint/facts.js";
import { eachValue, operandOf, quote, valuePath } from "../src/lint/nodes.js";
import { defineRule, type FixSpec } from "../src/lint/rule.js";

const CODE = /^[A-Za-z]{2,3}$/;

function isCode(value: unknown): value is string {
  return typeof value === "string" && CODE.test(value);
}

/** Whether some value the operator compares against (as eachValue() walks them) looks like a code. */
function hasCode(arg: unknown, op: string): boolean {
  if (op !== "in") return isCode(arg);
  if (!Array.isArray(arg)) return false;
  for (const value of arg) if (isCode(value)) return true;
  return false;
}

export default defineRule({
  meta: {
    id: "country-code",
    consequence: "empty",
    description: "A country-name field given a two- or three-letter code.",
    clauses: ["s2-2-country-full-name", "s2-6-string-fields"],
    fixable: "suggestion",
    messages: {
      code: "`{{field}}` takes a full country name; {{value}} looks like an ISO code and matches nothing.",
      useIso: 'Query `{{iso}}` with "{{code}}" instead.',
      noIso: "Give the full country name; {{dataset}} has no field taking {{length}}-letter codes.",
    },
  },
  create: (context) => ({
    leafFilter: (spec, op) =>
      spec?.takes === "country-name" && op !== "exists" && op !== "match" && op !== "gte" && op !== "lte",
    Leaf(leaf) {
      const spec = leaf.spec;
      if (!spec || spec.takes !== "country-name") return;
      for (const op of leaf.operators) {
        if (op !== "eq" && op !== "in") continue;
        if (!hasCode(operandOf(leaf, op), op)) continue; // the usual full name: nothing is collected
        const codes: { value: string; index: number | undefined }[] = [];
        let count = 0;
        eachValue(leaf, op, (value, index) => {
          count++;
          if (isCode(value)) codes.push({ value, index });
        });
        for (let k = 0; k < codes.length; k++) {
          const { value, index } = codes[k]!;
          const path = valuePath(leaf, op, index);
          const code = value.toUpperCase();
          const candidate = fieldTaking(context.dataset, code.length === 2 ? "iso2" : "iso3");
          // workplace_country has no ISO twin
          const iso = candidate && candidate.group === spec.group ? candidate : undefined;
          const sameLength = codes.length === count && codes.every((c) => c.value.length === code.length);
          // One fix for the leaf, carried by its first code's diagnostic (so a list of n codes gives
          // n edits in all, not n per diagnostic): the field is renamed and each code upper-cased.
          const replacement: FixSpec | undefined =
            k === 0 && iso && sameLength && leaf.operators.length === 1
              ? [
                  { at: [...leaf.path, "field"], value: iso.name },
                  ...codes
                    .filter((c) => c.value !== c.value.toUpperCase())
                    .map((c) => ({ at: valuePath(leaf, op, c.index), value: c.value.toUpperCase() })),
                ]
              : undefined;
          context.report({
            messageId: "code",
            data: { field: spec.name, value: quote(value) },
            at: path,
            clauses: spec.dataset === "jobs" ? ["s2-6-string-fields"] : ["s2-2-country-full-name"],
            suggestions: iso
              ? [{ messageId: "useIso", data: { iso: iso.name, code }, ...(replacement ? { fix: replacement } : {}) }]
              : [{ messageId: "noIso", data: { dataset: context.dataset.name, length: code.length } }],
          });
        }
      }
    },
  }),
});
