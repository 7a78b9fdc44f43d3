/**
 * §2.2 table, the Operators column (read as exhaustive, clause s2-2-operator-not-allowed): a people
 * field takes only the operators of its group, e.g. no `match` on city, no `gte` on skills. No `must`
 * clause says an operator outside the column is refused (§4.2 allows the six on any leaf, §7 refuses
 * unknown fields and malformed trees), so the form is `unspecified`; the reference refuses it by its
 * reading (src/reference/readings.ts).
 * `match` on role and company_type is left to match-role-company-type (the spec contradicts itself).
 * Jobs and companies take the general operator set of §4.2.
 */
import { groupClauseOf, isOpenVocabulary } from "../src/lint/facts.js";
import { list } from "../src/lint/nodes.js";
import { defineRule } from "../src/lint/rule.js";

export default defineRule({
  meta: {
    id: "operator-not-allowed",
    consequence: "unspecified",
    description: "An operator the people field's §2.2 group does not allow.",
    clauses: [
      "s2-2-operator-not-allowed",
      "s2-2-ops-role-text",
      "s2-2-ops-employer-school-names",
      "s2-2-ops-list-free-text",
      "s2-2-ops-language-level",
      "s2-2-ops-identity",
      "s2-2-ops-person-location",
      "s2-2-ops-job-location",
      "s2-2-ops-platform-vocabulary",
      "s2-2-ops-booleans",
      "s2-2-ops-durations",
      "s2-2-ops-employer-size",
      "s2-2-ops-education",
      "s2-2-ops-job-dates",
    ],
    fixable: "suggestion",
    messages: {
      notAllowed: "`{{operator}}` is not an operator of `{{field}}` ({{group}}: {{allowed}}).",
      useEq: "Compare the whole value with `eq` instead (matches only records whose value is exactly this).",
    },
  },
  create: (context) => ({
    // A single operator the field's group allows is the usual leaf: it is not visited.
    leafFilter: (spec, op) => spec?.dataset === "people" && (op === undefined || !spec.operators.includes(op)),
    Leaf(leaf) {
      const spec = leaf.spec;
      if (!spec || spec.dataset !== "people") return;
      for (const op of leaf.operators) {
        if (spec.operators.includes(op)) continue;
        if (op === "match" && isOpenVocabulary(spec, context.dataset)) continue;
        const value = leaf.record[op];
        const canEq =
          op === "match" && spec.operators.includes("eq") && typeof value === "string" && leaf.operators.length === 1;
        const groupClause = groupClauseOf(spec);
        context.report({
          messageId: "notAllowed",
          data: {
            operator: op,
            field: spec.name,
            group: spec.groupLabel ?? "its group",
            allowed: list(spec.operators),
          },
          at: [...leaf.path, op],
          atKey: true,
          clauses: ["s2-2-operator-not-allowed", ...(groupClause ? [groupClause] : [])],
          suggestions: canEq ? [{ messageId: "useEq", fix: { rename: [...leaf.path, op], key: "eq" } }] : [],
        });
      }
    },
  }),
});
