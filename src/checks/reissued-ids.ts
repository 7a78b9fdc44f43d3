import { canonicalJson } from "../contract/index.js";
import { escapeToken } from "../contract/json-pointer.js";

/**
 * IDs issued afresh on every call (clause s2-1-id-stability-not-shown, docs/verdicts.md "What a check assumes about ID
 * strings"): a deployment encrypting IDs with a random nonce answers the same request twice with other ID strings for
 * the same records. A check comparing ID strings across requests learns it from two answers of one request (a second
 * look gives them), never assumes it: on a deployment whose IDs are stable the two answers hold the same strings and
 * nothing here excuses anything.
 */

/** The observation topic of ID strings a deployment issues afresh on every call (spec/catalog/choices.yaml). */
export const REISSUED_IDS = "ids.issued-afresh";
export const REISSUED_CLAUSE = "s2-1-id-stability-not-shown";

/** The placeholder a member answered afresh on every call is compared as. */
const REISSUED = "<an ID issued afresh>";

/**
 * Whether two answers to the same search name the same number of IDs and share none: what a narrowed set collected
 * whole in one pass looks like twice when every ID is encrypted afresh (a refresh of the data changes a few records,
 * not every string).
 */
export function reissuedIds(first: readonly unknown[], second: readonly unknown[]): boolean {
  if (first.length === 0 || first.length !== second.length) return false;
  if (![...first, ...second].every((id) => typeof id === "string")) return false;
  const before = new Set(first);
  return before.size === first.length && new Set(second).size === second.length && !second.some((id) => before.has(id));
}

/** Every string leaf of a record, by its JSON pointer. */
function stringLeaves(value: unknown, pointer = "", out = new Map<string, string>()): Map<string, string> {
  if (typeof value === "string") out.set(pointer, value);
  else if (value !== null && typeof value === "object")
    for (const [key, inner] of Object.entries(value)) stringLeaves(inner, `${pointer}/${escapeToken(key)}`, out);
  return out;
}

/** A member whose name says it holds an identifier: `id`, `profile_id`, `company_id`, `companyId`. */
const ID_MEMBER = /(?:^|_)id$|[a-z]Id$/i;
const namesAnId = (pointer: string) => ID_MEMBER.test(pointer.slice(pointer.lastIndexOf("/") + 1));

/**
 * The JSON pointers at which two reads of one record hold other strings in members named for an ID, or undefined when
 * they differ otherwise (any other member, or a string of another name, is data that must not change on a re-read).
 */
function stringDifferences(a: unknown, b: unknown): string[] | undefined {
  const left = stringLeaves(a);
  const right = stringLeaves(b);
  const differing = [...left]
    .filter(([at, v]) => namesAnId(at) && right.has(at) && right.get(at) !== v)
    .map(([at]) => at);
  return canonicalJson(mask(a, differing)) === canonicalJson(mask(b, differing)) ? differing : undefined;
}

/**
 * The members named for an ID that two answers to the same detail request hold as other strings in every record,
 * records paired in any order (s4-4-results-order-not-shown): the members the deployment answers afresh on every call,
 * as a record's own ID and the IDs of other records it holds. Empty when the answers agree, or when a record of one
 * has no counterpart in the other differing in such strings alone; a member that differs in some records only (a
 * refresh changing a value) is not one.
 */
export function reissuedMembers(first: readonly unknown[], second: readonly unknown[]): string[] {
  if (first.length === 0 || first.length !== second.length) return [];
  const spare = [...second];
  let every: Set<string> | undefined;
  for (const record of first) {
    let best: { at: number; differing: string[] } | undefined;
    spare.forEach((candidate, at) => {
      const differing = stringDifferences(record, candidate);
      if (differing && (!best || differing.length < best.differing.length)) best = { at, differing };
    });
    if (!best) return [];
    spare.splice(best.at, 1);
    every = new Set(every ? best.differing.filter((at) => every!.has(at)) : best.differing);
  }
  return [...(every ?? [])].sort();
}

/**
 * The value with the string at each of `pointers` replaced by one placeholder, so that records differing only in IDs
 * issued afresh compare equal. A member holding anything but a string there is left as it is, so it still differs.
 */
export function mask(value: unknown, pointers: readonly string[]): unknown {
  const wanted = new Set(pointers);
  const walk = (v: unknown, pointer: string): unknown => {
    if (typeof v === "string") return wanted.has(pointer) ? REISSUED : v;
    if (Array.isArray(v)) return v.map((inner, i) => walk(inner, `${pointer}/${i}`));
    if (v !== null && typeof v === "object")
      return Object.fromEntries(
        Object.entries(v).map(([k, inner]) => [k, walk(inner, `${pointer}/${escapeToken(k)}`)]),
      );
    return v;
  };
  return wanted.size ? walk(value, "") : value;
}
