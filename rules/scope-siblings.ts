/**
 * §4.2 "Every condition inside one scope must match the same sub-record": two or more conditions
 * on fields of the same sub-record, side by side in an `all` outside a scope, may be met by
 * different records (title and company_name by two different jobs; §2.2 "title matches any job
 * held"). Wrapping them in the scope makes one record meet them all.
 */
import type { SubRecord } from "../src/contract/index.js";
import { conjuncts, isOutermostAll, list, record, sourceText } from "../src/lint/nodes.js";
import { defineRule, type LeafNode, type NodeInfo } from "../src/lint/rule.js";

export default defineRule({
  meta: {
    id: "scope-siblings",
    consequence: "broadened",
    description:
      "Conditions on fields of the same sub-record side by side outside its scope: different records may meet them.",
    clauses: ["s4-2-scope-same-sub-record", "s4-2-scope-membership", "s2-2-title-vs-active-title"],
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
      if (!isOutermostAll(node) || node.scope || !hasSiblings(node, context.scopeOf)) return;
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
          clauses: sub === "experience" ? undefined : ["s4-2-scope-same-sub-record", "s4-2-scope-membership"],
          suggestions: [
            { messageId: "wrap", data: { scope }, fix: { at: node.path, value: wrapped(node, parts, leaves, scope) } },
          ],
        });
      }
    },
  }),
});

/** Whether two leaves of an `all` chain share a sub-record (no closure or string made per call). */
function hasSiblings(
  node: NodeInfo,
  scopeOf: (field: string) => SubRecord | undefined,
  seen: SubRecord[] = [],
): boolean {
  for (const child of node.children) {
    if (child.kind === "composite" && child.operator === "all") {
      if (hasSiblings(child, scopeOf, seen)) return true;
    } else if (child.kind === "leaf" && child.spec) {
      const sub = scopeOf(child.spec.name);
      if (sub === undefined) continue;
      if (seen.includes(sub)) return true;
      seen.push(sub);
    }
  }
  return false;
}

function wrapped(node: NodeInfo, parts: readonly NodeInfo[], leaves: readonly LeafNode[], scope: string): unknown {
  // When the leaves are the whole `all`, the `all` itself is wrapped: the fix inserts text before and after it and
  // every line between keeps its layout (docs/lint.md, "Fixes").
  if (parts.length === leaves.length && node.children.length === leaves.length)
    return record([[scope, sourceText(node.path)]]);
  // The input's text of each node is kept as written (sourceText); only the new structure is written out.
  const inner = record([[scope, record([["all", leaves.map((l) => sourceText(l.path))]])]]);
  if (parts.length === leaves.length) return inner;
  const out: unknown[] = [];
  for (const part of parts) {
    if (part === leaves[0]) out.push(inner);
    else if (!leaves.includes(part as LeafNode)) out.push(sourceText(part.path));
  }
  return record([["all", out]]);
}
