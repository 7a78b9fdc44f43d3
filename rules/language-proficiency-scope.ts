/**
 * §2.2 Language level: language_proficiency "Must sit in the same has_language scope as the
 * language it describes, otherwise any language on the profile satisfies it".
 */
import { groupClauseOf } from "../src/lint/facts.js";
import { record, sourceText } from "../src/lint/nodes.js";
import { inScopeSiblingGroup } from "../src/lint/scope-groups.js";
import { defineRule } from "../src/lint/rule.js";

export default defineRule({
  meta: {
    id: "language-proficiency-scope",
    consequence: "broadened",
    description: "A language level outside a has_language scope: any language on the profile satisfies it.",
    clauses: ["s2-2-language-proficiency-in-has-language", "s4-2-scope-same-sub-record"],
    fixable: "suggestion",
    messages: {
      outside: "`{{field}}` outside `{{scope}}` is met by any language on the profile, not the one you mean.",
      wrap: "Put it in `{{scope}}` with the language it describes.",
    },
  },
  create: (context) => ({
    leafFilter: (spec, _op, scope) =>
      scope === undefined && spec !== undefined && groupClauseOf(spec) === "s2-2-ops-language-level",
    Leaf(leaf) {
      const spec = leaf.spec;
      if (!spec || leaf.scope || groupClauseOf(spec) !== "s2-2-ops-language-level") return;
      const sub = context.scopeOf(spec.name);
      const scope = sub && context.scopeKeyOf(sub);
      if (!scope || inScopeSiblingGroup(leaf, context.scopeOf)) return;
      context.report({
        messageId: "outside",
        data: { field: spec.name, scope },
        at: [...leaf.path, "field"],
        suggestions: [
          {
            messageId: "wrap",
            data: { scope },
            fix: { at: leaf.path, value: record([[scope, sourceText(leaf.path)]]) },
          },
        ],
      });
    },
  }),
});
