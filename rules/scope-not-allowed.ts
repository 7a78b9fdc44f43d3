/**
 * §4.2 rule 4 "Jobs and companies have no scopes, since one document is one posting or company";
 * "Scope (people only)". A scope key in a jobs or companies query is a malformed tree.
 */
import { scopeKeys } from "../src/contract/index.js";
import { defineRule } from "../src/lint/rule.js";

export default defineRule({
  meta: {
    id: "scope-not-allowed",
    consequence: "refused",
    description: `A scope key (${scopeKeys().join(", ")}) in a jobs or companies query.`,
    clauses: ["s4-2-rule4-no-scopes-jobs-companies", "s4-2-scope-people-only"],
    fixable: "suggestion",
    messages: {
      notAllowed: "{{dataset}} queries have no scopes (one document is one {{document}}); `{{key}}` is refused.",
      unwrap: "Put the condition directly in place of the scope.",
    },
  },
  create: (context) => ({
    Scope(node) {
      if (node.subRecord !== undefined) return;
      context.report({
        messageId: "notAllowed",
        data: {
          dataset: context.dataset.name,
          document: context.dataset.name === "jobs" ? "posting" : "company",
          key: node.key,
        },
        at: [...node.path, node.key],
        atKey: true,
        suggestions:
          node.unknownKeys.length === 0
            ? [{ messageId: "unwrap", fix: { at: node.path, unwrap: [...node.path, node.key] } }]
            : [],
      });
    },
  }),
});
