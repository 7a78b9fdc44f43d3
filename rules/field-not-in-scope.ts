/**
 * §4.2 "Every condition inside one scope must match the same sub-record." A field inside a scope
 * whose sub-record does not have it (under the scope table, clause s4-2-scope-membership) asks the
 * sub-record for something it does not hold; the spec does not say what the service does then.
 */
import { defineRule } from "../src/lint/rule.js";

export default defineRule({
  meta: {
    id: "field-not-in-scope",
    consequence: "unspecified",
    description: "A field inside a scope whose sub-record does not have it.",
    clauses: ["s4-2-scope-membership", "s4-2-scope-same-sub-record"],
    messages: {
      personLevel: "`{{field}}` is a person-level field, not a field of the {{record}} record that `{{scope}}` binds.",
      otherRecord:
        "`{{field}}` is a field of the {{other}} record (`{{otherScope}}`), not of the {{record}} record that " +
        "`{{scope}}` binds.",
    },
  },
  create: (context) => ({
    leafFilter: (spec, _op, scope) =>
      spec?.dataset === "people" && scope?.subRecord !== undefined && context.scopeOf(spec.name) !== scope.subRecord,
    Leaf(leaf) {
      const spec = leaf.spec;
      const scope = leaf.scope;
      if (!spec || !scope?.subRecord) return;
      const sub = context.scopeOf(spec.name);
      if (sub === scope.subRecord) return;
      const data = {
        field: spec.name,
        record: scope.subRecord,
        scope: scope.key,
        other: sub,
        otherScope: sub && context.scopeKeyOf(sub),
      };
      context.report({ messageId: sub ? "otherRecord" : "personLevel", data, at: [...leaf.path, "field"] });
    },
  }),
});
