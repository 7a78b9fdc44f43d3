/**
 * §4.2 "Composite: one key among all, any, not": the same node twice in one `all` or `any` adds
 * nothing (A and A is A; A or A is A); fixed by dropping the repeats.
 */
import { canonicalHash, sameJson } from "../src/lint/canonical.js";
import { defineRule, type NodeInfo } from "../src/lint/rule.js";

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
    compositeFilter: (operator) => operator !== "not",
    Composite(node) {
      const arg = node.argument;
      if (node.operator === "not" || !Array.isArray(arg) || arg.length < 2) return;
      const kids = node.children.length === arg.length ? node.children : undefined;
      const report = (i: number, earlier: number) =>
        context.report({
          messageId: "duplicate",
          data: { first: `/${earlier}`, operator: node.operator },
          at: [...node.path, node.operator, i],
          fix: { remove: [...node.path, node.operator, i] },
        });
      // A short list (the usual one) is compared pair by pair, most pairs told apart by their classified
      // nodes alone, allocating nothing.
      if (arg.length <= SHORT_LIST) {
        for (let i = 1; i < arg.length; i++)
          for (let j = 0; j < i; j++)
            if (mayBeEqual(kids?.[j], kids?.[i]) && sameJson(arg[j], arg[i])) {
              report(i, j);
              break;
            }
        return;
      }
      // A long list stays linear: children are grouped by a cheap key (a leaf's field, else its first
      // member name); only a key seen before leads to a hash of the child's canonical form, and
      // only an equal hash to a full comparison. A child repeating an earlier one is reported once.
      const firstByKey = new Map<unknown, number>();
      let byHash: Map<number, number[]> | undefined;
      const hashed = new Set<number>();
      const hashOf = (i: number): number | undefined => {
        const h = canonicalHash(arg[i]);
        if (h !== undefined && !hashed.has(i)) {
          hashed.add(i);
          const list = (byHash ??= new Map<number, number[]>()).get(h);
          if (list) list.push(i);
          else byHash.set(h, [i]);
        }
        return h;
      };
      for (let i = 0; i < arg.length; i++) {
        const key = keyOf(kids?.[i], arg[i]);
        const first = firstByKey.get(key);
        if (first === undefined) {
          firstByKey.set(key, i);
          continue;
        }
        hashOf(first);
        const h = canonicalHash(arg[i]);
        const earlier = h === undefined ? undefined : byHash?.get(h)?.find((j) => sameJson(arg[j], arg[i]));
        if (earlier === undefined) {
          hashOf(i);
          continue;
        }
        report(i, earlier);
      }
    },
  }),
});

/** Lists up to this length are compared pair by pair. */
const SHORT_LIST = 16;

/** False when two classified children certainly differ (their kind, field, operator or scalar operand). */
function mayBeEqual(a: NodeInfo | undefined, b: NodeInfo | undefined): boolean {
  if (!a || !b) return true;
  if (a.kind === "leaf") {
    if (b.kind !== "leaf" || a.field !== b.field || a.operators.length !== b.operators.length) return false;
    if (a.operators[0] !== b.operators[0]) return false;
    const operand = a.operand;
    return (operand !== null && typeof operand === "object") || operand === b.operand;
  }
  if (a.kind === "composite") return b.kind === "composite" && a.operator === b.operator;
  if (a.kind === "scope") return b.kind === "scope" && a.key === b.key;
  return b.kind === "invalid";
}

/** A child's cheap key, from its classified node where there is one. */
function keyOf(kid: NodeInfo | undefined, value: unknown): unknown {
  if (!kid) return cheapKey(value);
  return kid.kind === "leaf"
    ? kid.field
    : kid.kind === "invalid"
      ? cheapKey(value)
      : kid.kind === "composite"
        ? kid.operator
        : kid.key;
}

function cheapKey(node: unknown): unknown {
  if (node === null || typeof node !== "object" || Array.isArray(node)) return node;
  const field = (node as { field?: unknown }).field;
  if (typeof field === "string") return field;
  for (const key in node) return key;
  return "";
}
