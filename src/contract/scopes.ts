import { loadContract } from "./load.js";
import { DATASETS, type ScopeKey, type SubRecord } from "./types.js";

let bound: ReadonlyMap<string, SubRecord> | undefined;

/** Every dataset's scope keys and the sub-record each binds, read once from spec/catalog/, in its order. */
function scopes(): ReadonlyMap<string, SubRecord> {
  return (bound ??= new Map(
    DATASETS.flatMap((d) => Object.entries(loadContract().datasets[d].scopes) as [ScopeKey, SubRecord][]),
  ));
}

/** The scope keys of the Query Spec (§4.2 "Scope (people only)"), in the catalog's order. */
export function scopeKeys(): readonly ScopeKey[] {
  return [...scopes().keys()] as ScopeKey[];
}

/** Whether a member name is a scope key. */
export function isScopeKey(key: string): key is ScopeKey {
  return scopes().has(key);
}

/** The sub-records the scopes bind, in the catalog's order. */
export function subRecords(): readonly SubRecord[] {
  return [...scopes().values()];
}

/** The sub-record a scope key binds; undefined for any other name. */
export function subRecordOf(key: string): SubRecord | undefined {
  return scopes().get(key);
}

/** The scope key that binds a sub-record. */
export function scopeKeyOf(sub: SubRecord): ScopeKey {
  for (const [key, binds] of scopes()) if (binds === sub) return key as ScopeKey;
  throw new Error(`tdss: spec/catalog/ has no scope binding the ${sub} sub-record`);
}

/** The queryable fields of a sub-record (the catalog's `scope` of each field), in the catalog's order. */
export function subRecordFields(sub: SubRecord): readonly string[] {
  const fields = DATASETS.flatMap((d) => [...loadContract().datasets[d].fields.values()]);
  return fields.filter((f) => f.scope === sub).map((f) => f.name);
}
