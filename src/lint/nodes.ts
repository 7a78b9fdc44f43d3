/** Small helpers the rules share for reading nodes and building the values of fixes. */
import type { Operator } from "../contract/index.js";
import type { CompositeNode, LeafNode, NodeInfo, Path } from "./rule.js";

export type JsonKind = "null" | "array" | "object" | "string" | "number" | "boolean";

export function kindOf(value: unknown): JsonKind {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  const t = typeof value;
  return t === "string" || t === "number" || t === "boolean" ? t : "object";
}

export function isScalar(value: unknown): value is string | number | boolean {
  const t = typeof value;
  return t === "string" || t === "number" || t === "boolean";
}

/** The value of one operator of a leaf: the operand the tree read once when it is the leaf's only operator. */
export function operandOf(leaf: LeafNode, op: Operator): unknown {
  return leaf.operators.length === 1 && leaf.operators[0] === op ? leaf.operand : leaf.record[op];
}

/**
 * Calls `fn` for each value an operator of a leaf compares against: its argument, or each element
 * of an `in` array (with its index). Nothing is allocated per value, so a 50 MB `in` stays cheap;
 * `valuePath` builds the path of the one being reported. The leaf and operator are passed along so
 * that a rule can make `fn` once in create() instead of a closure per leaf.
 */
export function eachValue(
  leaf: LeafNode,
  op: Operator,
  fn: (value: unknown, index: number | undefined, leaf: LeafNode, op: Operator) => void,
): void {
  const arg = operandOf(leaf, op);
  if (op !== "in") fn(arg, undefined, leaf, op);
  else if (Array.isArray(arg)) for (let i = 0; i < arg.length; i++) fn(arg[i], i, leaf, op);
}

export function valuePath(leaf: LeafNode, op: Operator, index: number | undefined): Path {
  return index === undefined ? [...leaf.path, op] : [...leaf.path, op, index];
}

/** An object built from member names that may come from the input (`__proto__` stays an own member). */
export function record(entries: Iterable<readonly [string, unknown]>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of entries)
    Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  return out;
}

export function leaf(field: unknown, op: string, value: unknown): Record<string, unknown> {
  return record([
    ["field", field],
    [op, value],
  ]);
}

/** The nodes joined by an `all`, looking through directly nested `all`s (not through any, not or a scope). */
export function conjuncts(node: NodeInfo): NodeInfo[] {
  const out: NodeInfo[] = [];
  const visit = (n: NodeInfo): void => {
    for (const child of n.children) {
      if (child.kind === "composite" && child.operator === "all") visit(child);
      else out.push(child);
    }
  };
  visit(node);
  return out;
}

/**
 * True for the outermost `all` of a chain of directly nested `all`s, the chain `conjuncts` reads. A parent `all`
 * whose argument is not an array still heads the chain (`conjuncts` looks through it), so an `all` under it is not
 * read a second time as a chain of its own.
 */
export function isOutermostAll(node: NodeInfo): boolean {
  return (
    node.kind === "composite" &&
    node.operator === "all" &&
    !(node.parent?.kind === "composite" && node.parent.operator === "all")
  );
}

/** The outermost `all` of the chain a node is a conjunct of (see `conjuncts`), if its parent is an `all`. */
export function conjunctionOf(node: NodeInfo): CompositeNode | undefined {
  let top: CompositeNode | undefined;
  for (let p = node.parent; p?.kind === "composite" && p.operator === "all"; p = p.parent) top = p;
  return top;
}

/**
 * Whether an `all` or `any` says the same as its elements spliced into a parent of the same operator, the
 * problem `nested-composite` reports and fixes. `single-child-composite` leaves such a node to it, so one node
 * gets one diagnostic for one problem (docs/lint.md, "One diagnostic per problem"). An empty one is not
 * flattened: what it matches is not shown (`argument-form`), so removing it is no meaning-preserving fix.
 */
export function flattensIntoParent(node: CompositeNode): boolean {
  const parent = node.parent;
  return (
    node.operator !== "not" &&
    Array.isArray(node.argument) &&
    node.argument.length > 0 &&
    node.unknownKeys.length === 0 &&
    parent?.kind === "composite" &&
    parent.operator === node.operator &&
    Array.isArray(parent.argument) &&
    parent.unknownKeys.length === 0
  );
}

/** `"value"` quoted for messages, shortened when long. */
export function quote(value: unknown): string {
  let s: string;
  try {
    s = JSON.stringify(value) ?? String(value);
  } catch {
    s = String(value);
  }
  return s.length > 60 ? `${s.slice(0, 57)}...` : s;
}

export function list(values: readonly string[]): string {
  return values.map((v) => `\`${v}\``).join(", ");
}

/** Stands, inside the value of a fix, for the input's own text of the value at `path` (see `sourceText`). */
export class SourceText {
  constructor(readonly path: Path) {}
}

/**
 * The input's text of the value at `path`, for building the value of a fix: the engine copies the
 * text as written (a number such as 1e400, an escape, the layout inside), where a value taken from
 * the parsed document would be written out again by JSON.stringify.
 */
export function sourceText(path: Path): SourceText {
  return new SourceText(path);
}
