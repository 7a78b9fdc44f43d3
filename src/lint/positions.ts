/**
 * Structural positions of a node in a Query Spec tree (§4.2 "Node forms"): at the root, directly inside
 * `all`, `any`, `not` or a people scope, or three levels down. Validation must hold at every one of them
 * (docs/validity.md); the conformance matrix places each refusal there and the position-by-position
 * mutants switch a rule off at one of them.
 */
import { isScopeKey, scopeKeys, type ScopeKey } from "../contract/index.js";
import { decodePointer } from "../contract/json-pointer.js";

export type Position = "top" | "all" | "any" | "not" | ScopeKey | "deep";

/** Positions that exist on every dataset (scopes are people only, §4.2 rule 4). */
export const GENERAL_POSITIONS: readonly Position[] = ["top", "all", "any", "not", "deep"];

/** Every position: the general ones with the scope keys of spec/catalog/ before `deep`. */
export const POSITIONS: readonly Position[] = [...GENERAL_POSITIONS.slice(0, -1), ...scopeKeys(), "deep"];

/**
 * The structural keys from the root node down to the node a pointer points into: `/where/all/1/not/field`
 * → [all, not]. `rootLength` segments (e.g. `where`) are skipped; the walk stops at the first segment that
 * does not step into a child node (a leaf's `field`, an operator, an `all` that is not followed by an index).
 */
export function nodeChain(pointer: string, rootLength: number): string[] {
  const segments = decodePointer(pointer);
  const chain: string[] = [];
  let i = rootLength;
  while (i < segments.length) {
    const s = segments[i]!;
    const next = segments[i + 1];
    if ((s === "all" || s === "any") && next !== undefined && /^\d+$/.test(next)) i += 2;
    else if (s === "not") i += next !== undefined && /^\d+$/.test(next) ? 2 : 1;
    else if (isScopeKey(s) && next !== undefined) i += 1;
    else break;
    chain.push(s);
  }
  return chain;
}

/** Whether a node whose chain is `chain` sits at `position`: the root, directly under a key, or three levels down. */
export function atPosition(chain: readonly string[], position: Position): boolean {
  if (position === "top") return chain.length === 0;
  if (position === "deep") return chain.length >= 3;
  return chain[chain.length - 1] === position;
}

/**
 * Places `node` at `position` inside a query that otherwise matches nothing: `zero` is a condition no
 * record meets, joined by `all`, so that a deployment that wrongly serves the node returns no ID and
 * charges nothing (§8). At the top the node stands alone (there is nothing to join it with).
 */
export function place(position: Position, node: unknown, zero: unknown): unknown {
  switch (position) {
    case "top":
      return node;
    case "all":
      return { all: [node, zero] };
    case "any":
      return { all: [{ any: [node, zero] }, zero] };
    case "not":
      return { all: [{ not: node }, zero] };
    case "deep":
      return { all: [{ any: [zero, { not: node }] }, zero] };
    default:
      return { all: [{ [position]: node }, zero] };
  }
}
