/**
 * Conditions on fields of one sub-record side by side in an `all` outside its scope (§4.2 "Every condition
 * inside one scope must match the same sub-record"). `scope-siblings` reports such a group and wraps it in one
 * scope; the rules that report one field outside its scope (`field-outside-scope`,
 * `language-proficiency-scope`) leave a field of a group to it, since wrapping that field alone would still
 * leave its siblings to other records: one node, one diagnostic for one problem (docs/lint.md, "One
 * diagnostic per problem").
 */
import type { SubRecord } from "../contract/index.js";
import { conjunctionOf, conjuncts } from "./nodes.js";
import type { LeafNode, NodeInfo } from "./rule.js";
import type { ScopeOf } from "./scopes.js";

interface Groups {
  readonly scopeOf: ScopeOf;
  readonly repeated: ReadonlySet<SubRecord>;
}

/** Per outermost `all`, computed once for all of its leaves: no quadratic work on a long `all`. */
const cache = new WeakMap<NodeInfo, Groups>();

/** The sub-records two or more leaves of an `all` chain (its conjuncts) describe. */
export function repeatedSubRecords(all: NodeInfo, scopeOf: ScopeOf): ReadonlySet<SubRecord> {
  const cached = cache.get(all);
  if (cached?.scopeOf === scopeOf) return cached.repeated;
  const seen = new Set<SubRecord>();
  const repeated = new Set<SubRecord>();
  for (const child of conjuncts(all)) {
    if (child.kind !== "leaf" || !child.spec) continue;
    const sub = scopeOf(child.spec.name);
    if (sub === undefined) continue;
    if (seen.has(sub)) repeated.add(sub);
    else seen.add(sub);
  }
  cache.set(all, { scopeOf, repeated });
  return repeated;
}

/** Whether a leaf outside any scope is one of a group `scope-siblings` reports. */
export function inScopeSiblingGroup(leaf: LeafNode, scopeOf: ScopeOf): boolean {
  const sub = leaf.spec && scopeOf(leaf.spec.name);
  const all = sub && !leaf.scope ? conjunctionOf(leaf) : undefined;
  return all !== undefined && repeatedSubRecords(all, scopeOf).has(sub!);
}
