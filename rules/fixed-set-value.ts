/**
 * §2.3 "These are matched against the whole stored value. Spelling and capitalisation must match
 * exactly." and §7 "Misspelt or wrongly capitalised value of a fixed-set field | No error: the
 * query is valid, costs nothing and returns zero results". Each `eq` or `in` value of a people
 * fixed-set field (language_proficiency, management_level, level, active_department, industry)
 * that is not in its set is its own diagnostic (in an `in` list whose other values are in the set, the engine
 * classes it `narrowed`: the condition still matches those). A company's own `industry` uses another, longer
 * vocabulary (§2.3 notes), so only the people sets are checked.
 */
import { groupClauseOf, valueSetClauseOf } from "../src/lint/facts.js";
import type { FieldSpec, Operator } from "../src/contract/index.js";
import { isScalar, operandOf, quote, valuePath } from "../src/lint/nodes.js";
import { NameTable } from "../src/lint/name-table.js";
import { defineRule, type LeafNode } from "../src/lint/rule.js";
import { suggestionList } from "../src/lint/suggest.js";

export default defineRule({
  meta: {
    id: "fixed-set-value",
    consequence: "empty",
    description:
      "An `eq`/`in` value of a people fixed-set field that is not in its set exactly: the query returns zero results.",
    clauses: [
      "s2-3-fixed-values-exact",
      "s7-misspelt-fixed-value-empty",
      "s2-3-value-not-accepted-vs-no-error",
      "s2-2-platform-vocabulary-exact",
      "s2-3-values-language-proficiency",
      "s2-3-values-management-level-level",
      "s2-3-values-active-department",
      "s2-3-values-industry",
      "s2-3-company-industry-vocabulary",
    ],
    fixable: "suggestion",
    messages: {
      notInSet:
        "{{value}} is not a value of `{{field}}`, which matches only its fixed set exactly; this value matches " +
        "nothing.",
      useValue: 'Use "{{value}}".',
      ordered: 'Use a level of the scale: "{{value}}".',
    },
  },
  create: (context) => {
    const clausesOf = (spec: FieldSpec): string[] => {
      const setClause = valueSetClauseOf(spec);
      const list = ["s2-3-fixed-values-exact", "s7-misspelt-fixed-value-empty", ...(setClause ? [setClause] : [])];
      if (groupClauseOf(spec) === "s2-2-ops-platform-vocabulary") list.push("s2-2-platform-vocabulary-exact");
      return list;
    };
    // One function per configuration, called per value: no closure is made per leaf or per value.
    const check = (
      leaf: LeafNode,
      spec: FieldSpec,
      values: readonly string[],
      members: NameTable,
      op: Operator,
      value: unknown,
      index: number | undefined,
    ): void => {
      if (!isScalar(value) || (typeof value === "string" && members.has(value))) return;
      report(leaf, spec, values, op, value, index);
    };
    // Apart from check(): its closures would make check() allocate a context on every call.
    const report = (
      leaf: LeafNode,
      spec: FieldSpec,
      values: readonly string[],
      op: Operator,
      value: string | number | boolean,
      index: number | undefined,
    ): void => {
      const path = valuePath(leaf, op, index);
      context.report({
        messageId: "notInSet",
        data: { value: quote(value), field: spec.name },
        at: path,
        clauses: clausesOf(spec),
        suggestions: suggest(value, values, spec.ordered === true).map((v) => ({
          messageId: spec.ordered ? "ordered" : "useValue",
          data: { value: v },
          fix: { at: path, value: v },
        })),
      });
    };
    return {
      leafFilter: (spec, op) =>
        spec?.values !== undefined &&
        spec.dataset === "people" &&
        op !== "exists" &&
        op !== "match" &&
        op !== "gte" &&
        op !== "lte",
      Leaf(leaf) {
        const spec = leaf.spec;
        if (!spec?.values || spec.dataset !== "people") return;
        const values = spec.values;
        const members = memberSet(values);
        for (const op of leaf.operators) {
          // Each value an operator compares against, as eachValue() walks them.
          if (op === "eq") check(leaf, spec, values, members, op, operandOf(leaf, op), undefined);
          else if (op === "in") {
            const arg = operandOf(leaf, op);
            if (Array.isArray(arg))
              for (let i = 0; i < arg.length; i++) check(leaf, spec, values, members, op, arg[i], i);
          }
        }
      },
    };
  },
});

const sets = new WeakMap<readonly string[], NameTable>();

/** The value set as a table: values come fresh from JSON.parse, which a Set would hash first. */
function memberSet(values: readonly string[]): NameTable {
  let set = sets.get(values);
  if (!set) sets.set(values, (set = new NameTable(values)));
  return set;
}

/**
 * Common short forms of the seniority vocabulary (management_level, level), which no spelling distance finds:
 * "CxO" is three edits from "C-Level". Folded to lower case without spaces, dots or hyphens.
 */
const SHORT_FORMS: Readonly<Record<string, string>> = {
  cxo: "C-Level",
  csuite: "C-Level",
  clevel: "C-Level",
  ceo: "C-Level",
  cto: "C-Level",
  cfo: "C-Level",
  coo: "C-Level",
  vp: "Vice President",
  svp: "Vice President",
  evp: "Vice President",
  mgr: "Manager",
  sr: "Senior",
  internship: "Intern",
  cofounder: "Founder",
};

/**
 * A unique case-insensitive match, or a short form of a value of the set; else close spellings; for an ordered
 * scale (numbers, "fluent"), the whole scale.
 */
function suggest(value: string | number | boolean, values: readonly string[], ordered: boolean): readonly string[] {
  const text = String(value).trim();
  const folded = values.filter((v) => v.toLowerCase() === text.toLowerCase());
  if (folded.length > 0) return folded;
  const short = SHORT_FORMS[text.toLowerCase().replace(/[\s.\-_]/g, "")];
  if (short !== undefined && values.includes(short)) return [short];
  const close = typeof value === "string" ? suggestionList(text, values) : [];
  if (close.length > 0) return close.slice(0, 3);
  return ordered ? values : [];
}
