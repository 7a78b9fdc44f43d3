/**
 * Fields that describe one sub-record, used outside the scope of that sub-record, are met by any of
 * the person's records (§4.2 "Every condition inside one scope must match the same sub-record"):
 * §2.2 "is_current and is_studying describe a record, so they belong inside a scope", job location
 * "Most useful inside has_experience, where it binds to one job", "duration_months is one job",
 * the job dates, and §2.3 "level is the same set inside has_experience, describing one job".
 * Which sub-record a field belongs to is the scope table (clause s4-2-scope-membership).
 */
import { groupClauseOf, personLevelTwin } from "../src/lint/facts.js";
import type { FieldSpec } from "../src/contract/index.js";
import { record, sourceText } from "../src/lint/nodes.js";
import { inScopeSiblingGroup } from "../src/lint/scope-groups.js";
import { defineRule, type RuleContext } from "../src/lint/rule.js";

/** §2.2 rows whose scoped fields describe one record, with the clause that says so. */
const ROWS: Readonly<Record<string, string>> = {
  "s2-2-ops-booleans": "s2-2-is-current-is-studying-in-scope",
  "s2-2-ops-job-location": "s2-2-workplace-inside-has-experience",
  "s2-2-ops-durations": "s2-2-experience-vs-duration-months",
  "s2-2-ops-job-dates": "s4-2-scope-same-sub-record",
};

export default defineRule({
  meta: {
    id: "field-outside-scope",
    consequence: "broadened",
    description: "A field that describes one experience or education record, used outside that record's scope.",
    clauses: [
      "s2-2-is-current-is-studying-in-scope",
      "s2-2-workplace-inside-has-experience",
      "s2-2-experience-vs-duration-months",
      "s2-3-level-describes-one-job",
      "s4-2-scope-same-sub-record",
      "s4-2-scope-membership",
    ],
    fixable: "suggestion",
    messages: {
      outside:
        "`{{field}}` describes one {{record}} record; outside `{{scope}}` any of the person's records can meet it.",
      wrap: "Put it in `{{scope}}`.",
      twin: "For the person as a whole, use `{{twin}}`.",
    },
  },
  create: (context) => ({
    leafFilter: (spec, _op, scope) =>
      scope === undefined && spec?.dataset === "people" && context.scopeOf(spec.name) !== undefined,
    Leaf(leaf) {
      const spec = leaf.spec;
      if (!spec || leaf.scope || spec.dataset !== "people") return;
      const sub = context.scopeOf(spec.name);
      const scope = sub && context.scopeKeyOf(sub);
      if (!sub || !scope || inScopeSiblingGroup(leaf, context.scopeOf)) return;
      const row = groupClauseOf(spec);
      const twin = twinOf(spec, context);
      const clause = twin && spec.values ? "s2-3-level-describes-one-job" : row ? ROWS[row] : undefined;
      if (!clause) return;
      const at = [...leaf.path, "field"];
      context.report({
        messageId: "outside",
        data: { field: spec.name, record: sub, scope },
        at,
        clauses: [clause, "s4-2-scope-membership"],
        suggestions: [
          {
            messageId: "wrap",
            data: { scope },
            fix: { at: leaf.path, value: record([[scope, sourceText(leaf.path)]]) },
          },
          ...(twin ? [{ messageId: "twin" as const, data: { twin: twin.name }, fix: { at, value: twin.name } }] : []),
        ],
      });
    },
  }),
});

/** The person-level counterpart: the same fixed set (level -> management_level) or the same §2.2 duration row. */
function twinOf(spec: FieldSpec, context: RuleContext): FieldSpec | undefined {
  const same = personLevelTwin(spec, context.dataset);
  if (same) return same;
  if (groupClauseOf(spec) !== "s2-2-ops-durations") return undefined;
  for (const f of context.dataset.fields.values())
    if (f.group === spec.group && context.scopeOf(f.name) === undefined) return f;
  return undefined;
}
