/**
 * §4.2 "Composite: one key among all, any, not": the same node twice in one `all` or `any` adds
 * nothing (A and A is A; A or A is A); fixed by dropping the repeats.
 */
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
      // Children are grouped by a cheap key (a leaf's field, else its first member name); only
      // children sharing one are compared in full, and the comparison stops at the first difference.
      // The child nodes the engine classified give the cheap key without reading the values again.
      const kids = node.children.length === arg.length ? node.children : undefined;
      const keys = new Array<unknown>(arg.length);
      for (let i = 0; i < arg.length; i++) keys[i] = keyOf(kids?.[i], arg[i]);
      let firstOf: Map<number, number> | undefined;
      for (let i = 1; i < arg.length; i++) {
        const key = keys[i];
        for (let j = 0; j < i; j++) {
          if (keys[j] !== key || firstOf?.has(j) || !deepEqual(arg[j], arg[i], 0)) continue;
          (firstOf ??= new Map()).set(i, j);
          break;
        }
      }
      if (!firstOf) return;
      const keep = arg.filter((_, i) => !firstOf.has(i));
      for (const [i, first] of firstOf) {
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

/** A child's cheap key, from its classified node where there is one. */
function keyOf(kid: NodeInfo | undefined, value: unknown): unknown {
  if (!kid) return cheapKey(value);
  return kid.kind === "leaf" ? kid.field : kid.kind === "invalid" ? cheapKey(value) : kid.kind === "composite" ? kid.operator : kid.key;
}

function cheapKey(node: unknown): unknown {
  if (node === null || typeof node !== "object" || Array.isArray(node)) return node;
  const field = (node as { field?: unknown }).field;
  if (typeof field === "string") return field;
  for (const key in node as object) return key;
  return "";
}

/** Structural equality of JSON values, member order aside; false beyond a node tree's depth. */
function deepEqual(a: unknown, b: unknown, depth: number): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object" || depth > 72) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!deepEqual(a[i], b[i], depth + 1)) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  let count = 0;
  for (const key in ra) {
    count++;
    if (!Object.hasOwn(rb, key) || !deepEqual(ra[key], rb[key], depth + 1)) return false;
  }
  for (const _ in rb) count--;
  return count === 0;
}
