/**
 * §4.2 "Every condition inside one scope must match the same sub-record": two or more conditions
 * on fields of the same sub-record, side by side in an `all` outside a scope, may be met by
 * different records (title and company_name by two different jobs; §2.2 "title matches any job
 * held"). Wrapping them in the scope makes one record meet them all.
 */
import type { SubRecord } from "../src/contract/index.js";
import { groupClauseOf } from "../src/lint/facts.js";
import { conjuncts, isOutermostAll, list, record, sourceText } from "../src/lint/nodes.js";
import { defineRule, type FixSpec, type LeafNode, type NodeInfo } from "../src/lint/rule.js";
import { repeatedSubRecords } from "../src/lint/scope-groups.js";

export default defineRule({
  meta: {
    id: "scope-siblings",
    consequence: "broadened",
    description:
      "Conditions on fields of the same sub-record side by side outside its scope: different records may meet them.",
    clauses: [
      "s4-2-scope-same-sub-record",
      "s4-2-scope-membership",
      "s2-2-title-vs-active-title",
      "s2-2-language-proficiency-in-has-language",
    ],
    fixable: "suggestion",
    messages: {
      siblings:
        "{{fields}} describe {{record}} records but are not in one `{{scope}}`: each may be met by a different record.",
      wrap: "Wrap them in one `{{scope}}`.",
    },
  },
  create: (context) => ({
    compositeFilter: (operator) => operator === "all",
    Composite(node) {
      if (!isOutermostAll(node) || node.scope || repeatedSubRecords(node, context.scopeOf).size === 0) return;
      const parts = conjuncts(node);
      const groups = new Map<SubRecord, LeafNode[]>();
      for (const child of parts) {
        if (child.kind !== "leaf" || !child.spec) continue;
        const sub = context.scopeOf(child.spec.name);
        if (!sub) continue;
        const g = groups.get(sub);
        if (g) g.push(child);
        else groups.set(sub, [child]);
      }
      for (const [sub, leaves] of groups) {
        const scope = context.scopeKeyOf(sub);
        if (leaves.length < 2 || !scope) continue;
        const names = [...new Set(leaves.map((l) => l.spec!.name))];
        context.report({
          messageId: "siblings",
          data: { fields: list(names), record: sub, scope },
          at: [...leaves[1]!.path, "field"],
          clauses: clausesOf(sub, leaves),
          suggestions: [{ messageId: "wrap", data: { scope }, fix: wrapping(node, parts, leaves, scope) }],
        });
      }
    },
  }),
});

/** The group's clauses: a language level among them is §2.2's own case (language-proficiency-scope leaves it). */
function clausesOf(sub: SubRecord, leaves: readonly LeafNode[]): string[] {
  const clauses = ["s4-2-scope-same-sub-record", "s4-2-scope-membership"];
  if (sub === "experience") clauses.push("s2-2-title-vs-active-title");
  if (leaves.some((l) => groupClauseOf(l.spec!) === "s2-2-ops-language-level"))
    clauses.push("s2-2-language-proficiency-in-has-language");
  return clauses;
}

/**
 * The fix, as edits of the text of the nodes it changes only (docs/lint.md, "Fixes"): the whole `all` wrapped
 * when the group is all of it; else the first leaf of the group becomes the scope of the group's leaves and the
 * others are removed, each with one comma, so every other child keeps its text and its line.
 */
function wrapping(node: NodeInfo, parts: readonly NodeInfo[], leaves: readonly LeafNode[], scope: string): FixSpec {
  if (parts.length === leaves.length && node.children.length === leaves.length)
    return { at: node.path, value: record([[scope, sourceText(node.path)]]) };
  const inner = record([[scope, record([["all", leaves.map((l) => sourceText(l.path))]])]]);
  return [{ at: leaves[0]!.path, value: inner }, ...removals(node, leaves.slice(1)).map((n) => ({ remove: n.path }))];
}

/**
 * The nodes to remove so that the given leaves of the `all` chain go: a nested `all` they would leave empty goes
 * whole, so no `{"all": []}` (whose meaning is not shown) is left behind.
 */
function removals(node: NodeInfo, leaves: readonly LeafNode[]): NodeInfo[] {
  const gone = new Set<NodeInfo>(leaves);
  for (const leaf of leaves)
    for (let p = leaf.parent; p && p !== node && !gone.has(p); p = p.parent) {
      if (!p.children.every((c) => gone.has(c))) break;
      gone.add(p);
    }
  return [...gone].filter((n) => !n.parent || !gone.has(n.parent));
}
