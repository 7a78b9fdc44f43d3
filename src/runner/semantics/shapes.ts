import type { QueryNode } from "./judge.js";

/**
 * The shapes the search-semantics oracles draw their queries in (docs/search-semantics.md "Shapes"): composites of
 * every arity with the condition under test at every child position, `not` over every node form, and numeric bounds
 * of other magnitudes than the record's own values. A fault that reads only some children, or compares numbers as
 * decimal strings, agrees with queries of one shape; these span them.
 */

/** Every (arity, position) pair up to four children: a composite's condition under test stands at `position`. */
export const ARITY_POSITIONS: readonly { readonly arity: number; readonly position: number }[] = [1, 2, 3, 4].flatMap(
  (arity) => Array.from({ length: arity }, (_, position) => ({ arity, position })),
);

/** The k-th (arity, position) pair, cycling: successive conditions of a generator take successive shapes. */
export function shapeAt(k: number): { readonly arity: number; readonly position: number } {
  return ARITY_POSITIONS[((k % ARITY_POSITIONS.length) + ARITY_POSITIONS.length) % ARITY_POSITIONS.length]!;
}

/**
 * A composite of `arity` children with `node` at `position` and fillers elsewhere (`filler(i)` for the i-th other
 * child): `any` with fillers that match nobody holds exactly where `node` does; so does `all` with fillers the record
 * satisfies.
 */
export function compositeAt(
  kind: "all" | "any",
  arity: number,
  position: number,
  node: QueryNode,
  filler: (i: number) => QueryNode,
): QueryNode {
  let other = 0;
  return { [kind]: Array.from({ length: arity }, (_, i) => (i === position ? node : filler(other++))) };
}

export type NotForm = "leaf" | "any" | "all" | "not" | "scope";

/** The node kind `not` is put over, as `notOver` reads it (a scope key counts as "scope"). */
export function formOf(node: QueryNode): NotForm {
  if ("any" in node) return "any";
  if ("all" in node) return "all";
  if ("not" in node) return "not";
  if (typeof node.field === "string") return "leaf";
  return "scope";
}

/** Digits of a non-negative integer. */
const digits = (v: number) => String(Math.trunc(Math.abs(v))).length;

export type BoundForm = "equal" | "fewer-digits" | "more-digits" | "between";

/** A bound a number field's value `v` satisfies, with the form it takes. */
export interface NumericBound {
  readonly op: "gte" | "lte";
  readonly bound: number;
  readonly form: BoundForm;
}

/**
 * Bounds the value `v` satisfies, across magnitudes: equal to it, with fewer digits (the largest number of one digit
 * fewer, below it), with more digits (the smallest of one digit more, above it), and between it and another value of
 * the record (`others`). For every integer from 2 up, one of them orders otherwise as decimal strings than as numbers.
 */
export function numericBounds(v: number, others: readonly number[] = []): NumericBound[] {
  const out: NumericBound[] = [
    { op: "gte", bound: v, form: "equal" },
    { op: "lte", bound: v, form: "equal" },
  ];
  if (!Number.isInteger(v) || v < 0) return out;
  const d = digits(v);
  if (d >= 2) out.push({ op: "gte", bound: 10 ** (d - 1) - 1, form: "fewer-digits" });
  out.push({ op: "lte", bound: 10 ** d, form: "more-digits" });
  const below = others.filter((w) => Number.isInteger(w) && w < v - 1).sort((a, b) => b - a)[0];
  const above = others.filter((w) => Number.isInteger(w) && w > v + 1).sort((a, b) => a - b)[0];
  if (below !== undefined) out.push({ op: "gte", bound: Math.floor((below + v) / 2) + 1, form: "between" });
  if (above !== undefined) out.push({ op: "lte", bound: Math.floor((above + v) / 2), form: "between" });
  return out;
}

/**
 * Pairs of bounds no single value `v` can meet together, at other magnitudes than `v` itself: `gte` one digit more
 * with `lte v`, and `gte v` with `lte` one digit fewer. Each is put on one value (in its scope for a sub-record).
 */
export function numericContradictions(v: number): { gte: number; lte: number; form: BoundForm }[] {
  if (!Number.isInteger(v) || v < 0) return [];
  const d = digits(v);
  return [
    { gte: 10 ** d, lte: v, form: "more-digits" },
    ...(d >= 2 ? [{ gte: v, lte: 10 ** (d - 1) - 1, form: "fewer-digits" as const }] : []),
  ];
}

/**
 * Pairs of bounds no number meets together whatever the data holds (`gte 10^d` with `lte 10^d - 1`), at magnitudes
 * of one, three and five digits: compared as decimal strings, every value from 2 to 99998 meets one of them.
 */
export const MAGNITUDE_CONTRADICTIONS: readonly { readonly gte: number; readonly lte: number }[] = [1, 3, 5].map(
  (d) => ({ gte: 10 ** d, lte: 10 ** d - 1 }),
);
