/**
 * A hash of the key-order-independent form of a JSON value, and equality under the same reading,
 * for finding repeated nodes in linear time (a hash per node, compared within one list). Values
 * nested deeper than a node tree may be (they are refused anyway) hash to undefined, so a hostile
 * depth costs no stack. Each object's hash is kept while it lives: a node's hash is computed once
 * however many enclosing lists are checked.
 */
const MAX_DEPTH = 72;

const hashes = new WeakMap<object, number | null>();

function mix(h: number, x: number): number {
  h = Math.imul(h ^ x, 0x01000193);
  return h ^ (h >>> 15);
}

function stringHash(s: string, seed: number): number {
  let h = seed;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return mix(h, s.length);
}

/** A 32-bit hash that equal values (member order aside) share; undefined beyond the depth bound. */
export function canonicalHash(value: unknown, depth = 0): number | undefined {
  if (value === null) return 0x6e756c6c;
  switch (typeof value) {
    case "string":
      return stringHash(value, 0x811c9dc5);
    case "number":
      return stringHash(String(value), 0x2545f491);
    case "boolean":
      return value ? 0x74727565 : 0x66616c73;
    case "object":
      break;
    default:
      return 0x756e6466;
  }
  const cached = hashes.get(value);
  if (cached !== undefined) return cached ?? undefined;
  let h: number | undefined;
  if (depth > MAX_DEPTH) h = undefined;
  else if (Array.isArray(value)) {
    h = 0x5b5d;
    for (const item of value) {
      const x = canonicalHash(item, depth + 1);
      if (x === undefined) {
        h = undefined;
        break;
      }
      h = mix(h, x);
    }
  } else {
    // Members are summed: the same members in any order give the same hash.
    let sum = 0;
    let count = 0;
    for (const key in value) {
      if (!Object.hasOwn(value, key)) continue;
      const x = canonicalHash((value as Record<string, unknown>)[key], depth + 1);
      if (x === undefined) {
        sum = NaN;
        break;
      }
      sum = (sum + mix(stringHash(key, 0x3b9aca07), x)) | 0;
      count++;
    }
    h = Number.isNaN(sum) ? undefined : mix(mix(0x7b7d, sum), count);
  }
  hashes.set(value, h ?? null);
  return h;
}

/** Structural equality of JSON values, member order aside; false beyond a node tree's depth. */
export function sameJson(a: unknown, b: unknown, depth = 0): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object" || depth > MAX_DEPTH) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i], depth + 1)) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  let count = 0;
  for (const key in ra) {
    if (!Object.hasOwn(ra, key)) continue;
    count++;
    if (!Object.hasOwn(rb, key) || !sameJson(ra[key], rb[key], depth + 1)) return false;
  }
  for (const key in rb) if (Object.hasOwn(rb, key)) count--;
  return count === 0;
}
