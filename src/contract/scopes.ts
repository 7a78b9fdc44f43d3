import { loadContract } from "./load.js";
import { DATASETS, type ScopeKey, type SubRecord } from "./types.js";

interface Scopes {
  readonly bound: ReadonlyMap<ScopeKey, SubRecord>;
  readonly keyOf: ReadonlyMap<SubRecord, ScopeKey>;
  readonly fields: ReadonlyMap<SubRecord, readonly string[]>;
}

let scopes: Scopes | undefined;

/** Read once from spec/catalog/ (the `scopes` of a dataset, the `scope` of each field), in the catalog's order. */
function get(): Scopes {
  if (scopes) return scopes;
  const contract = loadContract();
  const bound = new Map<ScopeKey, SubRecord>();
  const fields = new Map<SubRecord, string[]>();
  for (const d of DATASETS) {
    const dataset = contract.datasets[d];
    for (const [key, sub] of Object.entries(dataset.scopes) as [ScopeKey, SubRecord][]) {
      bound.set(key, sub);
      if (!fields.has(sub)) fields.set(sub, []);
    }
    for (const f of dataset.fields.values()) if (f.scope) fields.get(f.scope)?.push(f.name);
  }
  return (scopes = { bound, keyOf: new Map([...bound].map(([k, s]) => [s, k])), fields });
}

/** The scope keys of the Query Spec (§4.2 "Scope (people only)"), in the catalog's order. */
export function scopeKeys(): readonly ScopeKey[] {
  return [...get().bound.keys()];
}

/** Whether a member name is a scope key. */
export function isScopeKey(key: string): key is ScopeKey {
  return get().bound.has(key as ScopeKey);
}

/** The sub-records a scope binds (experience, education, language), in the catalog's order. */
export function subRecords(): readonly SubRecord[] {
  return [...get().bound.values()];
}

/** The sub-record a scope key binds; undefined for any other name. */
export function subRecordOf(key: string): SubRecord | undefined {
  return get().bound.get(key as ScopeKey);
}

/** The scope key that binds a sub-record. */
export function scopeKeyOf(sub: SubRecord): ScopeKey {
  return get().keyOf.get(sub)!;
}

/** The queryable fields of a sub-record (the catalog's `scope` of each field), in the catalog's order. */
export function subRecordFields(sub: SubRecord): readonly string[] {
  return get().fields.get(sub) ?? [];
}
