/**
 * §4.2 "Composite: one key among all, any, not": the same node twice in one `all` or `any` adds
 * nothing (A and A is A; A or A is A); fixed by dropping the repeats.
 */
import { canonicalForm } from "../src/lint/canonical.js";
import { defineRule } from "../src/lint/rule.js";

export default defineRule({
  meta: {
    id: "duplicate-sibling",
    consequence: "style",
    description: "The same node twice in one `all` or `any`.",
    clauses: ["s4-2-composite-forms"],
    fixable: "meaning-preserving",
    messages: { duplicate: "This node repeats node {{first}} of the same `{{operator}}`; drop it." },
  },
  create: (context) => ({
    Composite(node) {
      const arg = node.argument;
      if (node.operator === "not" || !Array.isArray(arg) || arg.length < 2) return;
      const seen = new Map<string, number>();
      const keep: unknown[] = [];
      const repeats: number[] = [];
      arg.forEach((child, i) => {
        const key = canonicalForm(child);
        if (key === undefined) {
          keep.push(child);
          return;
        }
        const first = seen.get(key);
        if (first === undefined) {
          seen.set(key, i);
          keep.push(child);
        } else repeats.push(i);
      });
      for (const i of repeats) {
        const first = seen.get(canonicalForm(arg[i])!)!;
        context.report({
          messageId: "duplicate",
          data: { first: `/${first}`, operator: node.operator },
          at: [...node.path, node.operator, i],
          fix: { at: [...node.path, node.operator], value: keep },
        });
      }
    },
  }),
});
