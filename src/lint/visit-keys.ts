/**
 * Visit keys: one small integer per node standing for everything the rules' filters may ask about
 * it (its kind, a composite's operator, a leaf's field, single operator and enclosing sub-record).
 * The engine keeps one visitor list per key and configuration in an array, so a node finds its
 * visitors with one array read, and each filter runs once per key instead of once per node.
 */
import { OPERATORS, type DatasetSpec, type FieldSpec, type SubRecord } from "../contract/index.js";
import { NameTable } from "./name-table.js";

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
  private readonly names: NameTable;
  private readonly subRecords: readonly SubRecord[];
  /** Scope slots: outside any scope, in a scope binding no sub-record, then one per sub-record. */
  private readonly scopeSlots: number;

  constructor(dataset: DatasetSpec) {
    this.fields = [...dataset.fields.values()];
    this.names = new NameTable(this.fields.map((f) => f.name));
    this.subRecords = [...new Set(Object.values(dataset.scopes))];
    this.scopeSlots = 2 + this.subRecords.length;
    this.size = FIRST_LEAF_KEY + (this.fields.length + 1) * OPERATOR_SLOTS * this.scopeSlots;
  }

  /** The ordinal of a queryable field name; -1 for any other value. */
  ordinalOf(field: unknown): number {
    return this.names.indexOf(field);
  }

  /** The catalog entry of an ordinal from ordinalOf. */
  fieldAt(ordinal: number): FieldSpec | undefined {
    return ordinal < 0 ? undefined : this.fields[ordinal];
  }

  leaf(
    ordinal: number,
    operatorSlot: number,
    scope: { readonly subRecord: SubRecord | undefined } | undefined,
  ): number {
    const scopeSlot =
      scope === undefined ? 0 : scope.subRecord === undefined ? 1 : 2 + this.subRecords.indexOf(scope.subRecord);
    return FIRST_LEAF_KEY + ((ordinal + 1) * OPERATOR_SLOTS + operatorSlot) * this.scopeSlots + scopeSlot;
  }
}

const byDataset = new WeakMap<DatasetSpec, VisitKeys>();

export function visitKeys(dataset: DatasetSpec): VisitKeys {
  let keys = byDataset.get(dataset);
  if (!keys) byDataset.set(dataset, (keys = new VisitKeys(dataset)));
  return keys;
}
