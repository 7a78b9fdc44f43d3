/**
 * §4.2 rule 1 reads a bounded range as "an all of two leaves (one gte, one lte)"; when the lower
 * bound is above the upper bound on the same field, in the same `all` and the same scope, no record
 * can match. (Outside a scope, two conditions on a sub-record field may be met by different
 * sub-records, so only person-level fields, or fields inside their own scope, are compared.)
 * A boolean field required to be both true and false is the same case.
 */
import { parseQueryDate, resolveQueryDate } from "../src/contract/dates.js";
import type { FieldSpec } from "../src/contract/index.js";
import { conjuncts, isOutermostAll, quote } from "../src/lint/nodes.js";
import { defineRule, type LeafNode, type NodeInfo } from "../src/lint/rule.js";

/**
 * Whether two leaves of an `all` chain that could contradict each other (bounds, or boolean eqs)
 * name the same field: without that there is nothing to compare, and most `all`s stop here.
 */
function hasRepeatedBound(node: NodeInfo, seen: FieldSpec[] = []): boolean {
  for (const child of node.children) {
    if (child.kind === "composite" && child.operator === "all") {
      if (hasRepeatedBound(child, seen)) return true;
    } else if (child.kind === "leaf" && child.spec && child.operators.length === 1) {
      const op = child.operators[0];
      if (op === "gte" || op === "lte" || (op === "eq" && typeof child.record.eq === "boolean")) {
        if (seen.includes(child.spec)) return true;
        seen.push(child.spec);
      }
    }
  }
  return false;
}

export default defineRule({
  meta: {
    id: "contradiction",
    consequence: "empty",
    description:
      "Conditions in one `all` that no record can meet together (gte above lte on the same field in the same scope).",
    clauses: ["s4-2-rule1-bounded-range-all", "s4-2-scope-same-sub-record"],
    messages: {
      range: "`{{field}}` must be at least {{low}} and at most {{high}} in the same `all`: nothing matches.",
      boolean: "`{{field}}` must be both true and false in the same `all`: nothing matches.",
    },
  },
  create: (context) => {
    const comparable = (leaf: LeafNode, value: unknown): number | string | undefined => {
      if (leaf.spec?.type === "date") {
        const d = parseQueryDate(value);
        if (!d || (d.kind === "relative" && !d.knownUnit)) return undefined;
        return resolveQueryDate(d, context.now);
      }
      return typeof value === "number" && Number.isFinite(value) ? value : undefined;
    };
    return {
      compositeFilter: (operator) => operator === "all",
      Composite(node) {
        if (!isOutermostAll(node) || !hasRepeatedBound(node)) return;
        const byField = new Map<string, LeafNode[]>();
        const order = new Map<LeafNode, number>();
        for (const child of conjuncts(node)) {
          if (child.kind !== "leaf" || !child.spec || child.operators.length !== 1) continue;
          const op = child.operators[0];
          if (op !== "gte" && op !== "lte" && !(op === "eq" && typeof child.record.eq === "boolean")) continue;
          const sub = context.scopeOf(child.spec.name);
          if (sub !== undefined && node.scope?.subRecord !== sub) continue;
          order.set(child, order.size);
          const list = byField.get(child.spec.name);
          if (list) list.push(child);
          else byField.set(child.spec.name, [child]);
        }
        for (const [field, leaves] of byField) {
          if (leaves.length < 2) continue;
          let low: { v: number | string; leaf: LeafNode } | undefined;
          let high: { v: number | string; leaf: LeafNode } | undefined;
          const booleans = new Map<boolean, LeafNode>();
          for (const leaf of leaves) {
            const op = leaf.operators[0]!;
            const raw = leaf.record[op];
            if (op === "eq" && typeof raw === "boolean") booleans.set(raw, leaf);
            if (op !== "gte" && op !== "lte") continue;
            const v = comparable(leaf, raw);
            if (v === undefined) continue;
            if (op === "gte" && (!low || v > low.v)) low = { v, leaf };
            if (op === "lte" && (!high || v < high.v)) high = { v, leaf };
          }
          if (low && high && typeof low.v === typeof high.v && low.v > high.v) {
            const later = order.get(low.leaf)! > order.get(high.leaf)! ? low.leaf : high.leaf;
            const op = later === low.leaf ? "gte" : "lte";
            context.report({
              messageId: "range",
              data: { field, low: quote(low.leaf.record.gte), high: quote(high.leaf.record.lte) },
              at: [...later.path, op],
            });
          } else if (booleans.size === 2) {
            const [t, f] = [booleans.get(true)!, booleans.get(false)!];
            const second = order.get(t)! > order.get(f)! ? t : f;
            context.report({ messageId: "boolean", data: { field }, at: [...second.path, "eq"] });
          }
        }
      },
    };
  },
});
