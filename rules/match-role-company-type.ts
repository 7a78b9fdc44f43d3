/**
 * §2.3 "role, company_type and the free-text fields are not fixed sets; query them with match and
 * expect a long tail of values" against §2.2, whose Platform vocabulary row gives role and
 * company_type only eq, in and exists. The spec contradicts itself (clause
 * s2-3-role-company-type-match): `match` there may be refused, and `eq` misses the long tail.
 */
import { isOpenVocabulary } from "../src/lint/facts.js";
import { defineRule } from "../src/lint/rule.js";

export default defineRule({
  meta: {
    id: "match-role-company-type",
    consequence: "unspecified",
    description: "`match` on role or company_type: §2.3 recommends it, §2.2 does not allow it.",
    clauses: ["s2-3-role-company-type-match", "s2-3-free-text-long-tail"],
    messages: {
      contradiction:
        "`match` on `{{field}}`: §2.3 says to query it with match, §2.2 allows only {{allowed}}; the service " +
        "may refuse it.",
    },
  },
  create: (context) => ({
    leafFilter: (spec, op) =>
      spec !== undefined && op !== "eq" && op !== "in" && op !== "exists" && isOpenVocabulary(spec, context.dataset),
    Leaf(leaf) {
      const spec = leaf.spec;
      if (!spec || !leaf.operators.includes("match") || !isOpenVocabulary(spec, context.dataset)) return;
      context.report({
        messageId: "contradiction",
        data: { field: spec.name, allowed: spec.operators.join(", ") },
        at: [...leaf.path, "match"],
        atKey: true,
      });
    },
  }),
});
