import type { DatasetSpec, ScopeKey, SubRecord } from "../contract/index.js";
import type { ScopeOverrides } from "./types.js";
import { didYouMeanHint } from "./suggest.js";

export type ScopeOf = (field: string) => SubRecord | undefined;

const normalized = new WeakMap<object, ReadonlyMap<string, SubRecord | null>>();

/**
 * The scope table in force: the catalog's `scope:` entries (the project's reading, clause
 * s4-2-scope-membership) with a user's overrides on top. Throws RangeError on an override that
 * names no people field or no sub-record.
 */
export function scopeTable(people: DatasetSpec, overrides?: ScopeOverrides): ScopeOf {
  const catalog: ScopeOf = (field) => people.fields.get(field)?.scope;
  if (!overrides) return catalog;
  const map = normalizeScopeOverrides(people, overrides);
  if (map.size === 0) return catalog;
  return (field) => {
    const o = map.get(field);
    if (o === undefined) return catalog(field);
    return o ?? undefined;
  };
}

export function normalizeScopeOverrides(
  people: DatasetSpec,
  overrides: ScopeOverrides,
): ReadonlyMap<string, SubRecord | null> {
  const cached = normalized.get(overrides);
  if (cached) return cached;
  const subRecords = new Map<string, SubRecord>();
  for (const [key, sub] of Object.entries(people.scopes) as [ScopeKey, SubRecord][]) {
    subRecords.set(sub, sub);
    subRecords.set(key, sub);
  }
  const entries: [string, unknown][] =
    overrides instanceof Map
      ? [...(overrides as Map<string, unknown>).entries()]
      : Object.entries(overrides as Record<string, unknown>);
  const map = new Map<string, SubRecord | null>();
  for (const [field, target] of entries) {
    if (!people.fields.has(field)) {
      const hint = didYouMeanHint(field, [...people.fields.keys()]);
      throw new RangeError(`scope table: "${field}" is not a people field${hint}`);
    }
    if (target === null || target === "person") {
      map.set(field, null);
      continue;
    }
    const sub = typeof target === "string" ? subRecords.get(target) : undefined;
    if (!sub) {
      throw new RangeError(
        `scope table: "${field}" maps to ${JSON.stringify(target)}; expected one ` +
          `of ${[...subRecords.keys()].join(", ")}, or null for person level`,
      );
    }
    map.set(field, sub);
  }
  normalized.set(overrides, map);
  return map;
}
