/**
 * §4.2 "Scope (people only): one key among has_experience, has_education, has_language, holding
 * a node. Every condition inside one scope must match the same sub-record." A scope inside another
 * scope binds a sub-record within a sub-record, which the spec does not describe.
 */
import { defineRule } from "../src/lint/rule.js";

export default defineRule({
  meta: {
    id: "nested-scope",
    consequence: "unspecified",
    description: "A scope inside another scope.",
    clauses: ["s4-2-scope-same-sub-record", "s4-2-scope-people-only"],
    messages: { nested: "`{{key}}` inside `{{outer}}`: the spec does not say what a scope within a scope matches." },
  },
  create: (context) => ({
    Scope(node) {
      if (!node.scope || node.subRecord === undefined) return;
      context.report({
        messageId: "nested",
        data: { key: node.key, outer: node.scope.key },
        at: [...node.path, node.key],
        atKey: true,
      });
    },
  }),
});
