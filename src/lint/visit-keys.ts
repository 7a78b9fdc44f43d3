/**
 * Visit keys: one small integer per node standing for everything the rules' filters may ask about
 * it (its kind, a composite's operator, a leaf's field, single operator and enclosing sub-record).
 * The engine keeps one visitor list per key and configuration in an array, so a node finds its
 * visitors with one array read, and each filter runs once per key instead of once per node.
 */
import { OPERATORS, type DatasetSpec, type FieldSpec, type SubRecord } from "../contract/index.js";

export const KEY_ALL = 0;
export const KEY_ANY = 1;
export const KEY_NOT = 2;
export const KEY_SCOPE = 3;
export const KEY_INVALID = 4;
const FIRST_LEAF_KEY = 5;

/** A leaf's operator slot: its operator's index in OPERATORS, or this one for none or several. */
export const SEVERAL_OPERATORS = OPERATORS.length;
const OPERATOR_SLOTS = OPERATORS.length + 1;

export class VisitKeys {
  /** One more than the largest key: the length of a visitor table. */
  readonly size: number;
  private readonly fields: readonly FieldSpec[];
  /** Field names and their ordinals in buckets of BUCKET_SIZE slots, by bucketOf(name). */
  private readonly names: (string | undefined)[];
  private readonly ordinals: number[];
  private readonly subRecords: readonly SubRecord[];
  /** Scope slots: outside any scope, in a scope binding no sub-record, then one per sub-record. */
  private readonly scopeSlots: number;

  constructor(dataset: DatasetSpec) {
    this.fields = [...dataset.fields.values()];
    this.names = new Array<string | undefined>(BUCKETS * BUCKET_SIZE).fill(undefined);
    this.ordinals = new Array<number>(BUCKETS * BUCKET_SIZE).fill(-1);
    this.fields.forEach((f, ordinal) => {
      let slot = bucketOf(f.name) * BUCKET_SIZE;
      const end = slot + BUCKET_SIZE;
      while (slot < end && this.names[slot] !== undefined) slot++;
      if (slot === end) throw new Error(`visit-keys.ts: more than ${BUCKET_SIZE} field names share a bucket (${f.name})`);
      this.names[slot] = f.name;
      this.ordinals[slot] = ordinal;
    });
    this.subRecords = [...new Set(Object.values(dataset.scopes))];
    this.scopeSlots = 2 + this.subRecords.length;
    this.size = FIRST_LEAF_KEY + (this.fields.length + 1) * OPERATOR_SLOTS * this.scopeSlots;
  }

  /**
   * The ordinal of a queryable field name; -1 for any other value. Names are found in a small table
   * by length and first and last character, then compared whole: JSON.parse gives each `field`
   * value as a fresh string, and a Map would first compute its hash (a call out of the fast path).
   */
  ordinalOf(field: unknown): number {
    if (typeof field !== "string" || field.length === 0) return -1;
    const slot = bucketOf(field) * BUCKET_SIZE;
    for (let i = slot; i < slot + BUCKET_SIZE; i++) if (this.names[i] === field) return this.ordinals[i]!;
    return -1;
  }

  /** The catalog entry of an ordinal from ordinalOf. */
  fieldAt(ordinal: number): FieldSpec | undefined {
    return ordinal < 0 ? undefined : this.fields[ordinal];
  }

  leaf(ordinal: number, operatorSlot: number, scope: { readonly subRecord: SubRecord | undefined } | undefined): number {
    const scopeSlot = scope === undefined ? 0 : scope.subRecord === undefined ? 1 : 2 + this.subRecords.indexOf(scope.subRecord);
    return FIRST_LEAF_KEY + ((ordinal + 1) * OPERATOR_SLOTS + operatorSlot) * this.scopeSlots + scopeSlot;
  }
}

const BUCKETS = 512;
const BUCKET_SIZE = 4;

function bucketOf(name: string): number {
  return (name.length * 31 + name.charCodeAt(0) * 7 + name.charCodeAt(name.length - 1)) & (BUCKETS - 1);
}

const byDataset = new WeakMap<DatasetSpec, VisitKeys>();

export function visitKeys(dataset: DatasetSpec): VisitKeys {
  let keys = byDataset.get(dataset);
  if (!keys) byDataset.set(dataset, (keys = new VisitKeys(dataset)));
  return keys;
}
