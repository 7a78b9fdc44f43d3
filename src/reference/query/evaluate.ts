import { Bitset } from "../store/bitset.js";
import { BitsetCache } from "./bitset-cache.js";
import type { TableName } from "../store/schema.js";
import type { Store } from "../store/store.js";
import type { Column, Table } from "../store/table.js";
import type { FieldSpec } from "../../contract/index.js";
import type { LeafArgument, Plan, PlanScalar } from "./plan.js";

/** What a leaf fault sees: the leaf, its table, and the rows the correct evaluation gives (mutants only). */
export interface LeafFaultContext {
  readonly tableName: TableName;
  readonly table: Table;
  readonly field: FieldSpec;
  readonly arg: LeafArgument;
  readonly correct: Bitset;
  /** The correct rows of another argument on the same field (e.g. eq of an in's first value). */
  evaluate(arg: LeafArgument): Bitset;
}

/** Deliberate faults of query evaluation (src/reference/faults.ts `evaluation`); the correct server has none. */
export interface EvaluationFaults {
  /** The rows one leaf matches in its own table. */
  readonly leaf?: (ctx: LeafFaultContext) => Bitset;
  /**
   * The sub-records of a scope's table that count before people are found from them (e.g. only each person's first).
   */
  readonly scope?: (sub: TableName, table: Table, rows: Bitset) => Bitset;
}

/**
 * A key naming a leaf's argument exactly: each scalar with its type, so that the string "1", the number 1 and
 * the boolean true never share rows (a text column matches no number; leafBits).
 */
function argumentKey(arg: LeafArgument): string {
  const scalar = (v: PlanScalar) => (typeof v === "string" ? JSON.stringify(v) : `${typeof v}:${String(v)}`);
  switch (arg.op) {
    case "eq":
      return `eq ${scalar(arg.value)}`;
    case "in":
      return `in ${arg.values.map(scalar).join(",")}`;
    case "match":
      return `match ${arg.words.map((w) => JSON.stringify(w)).join(",")}`;
    case "gte":
    case "lte":
      return `${arg.op} ${String(arg.bound)}`;
    case "exists":
      return `exists ${String(arg.present)}`;
  }
}

/**
 * Words of the leaf cache: 4 MB (about 270 person bitsets of the default dataset's 120,000 people), which holds
 * every distinct leaf of a conformance run against it several times over.
 */
const CACHE_WORDS = 1 << 20;

function postBits(bits: Bitset, column: Extract<Column, { kind: "text" | "list" }>, id: number): void {
  if (id < 0) return;
  const { offsets, rows } = column.postings();
  const end = offsets[id + 1]!;
  for (let k = offsets[id]!; k < end; k++) bits.set(rows[k]!);
}

/**
 * The whole-column scans below fill a word of 32 rows at a time, each row's comparison shifted into its bit
 * (`+(test) << bit`) instead of a branch per row: a comparison that holds for rows at random is mispredicted
 * half the time, and without the branch a scan of a few hundred thousand rows is several times faster
 * (docs/benchmarks.md, "The reference server's CPU in a run"). A scan's rows never include the words' tail.
 */
type NumberTest = "gte" | "lte" | "eq" | "present";

/** Rows of a number or date column (NaN for null) whose value passes `test` against `x`. */
function scanNumbers(bits: Bitset, values: Float64Array, test: NumberTest, x: number): void {
  const words = bits.words;
  const n = bits.size;
  for (let w = 0, r = 0; r < n; w++) {
    const end = Math.min(r + 32, n);
    let word = 0;
    switch (test) {
      case "gte":
        for (let bit = 0; r < end; r++, bit++) word |= +(values[r]! >= x) << bit;
        break;
      case "lte":
        for (let bit = 0; r < end; r++, bit++) word |= +(values[r]! <= x) << bit;
        break;
      case "eq":
        for (let bit = 0; r < end; r++, bit++) word |= +(values[r]! === x) << bit;
        break;
      case "present":
        // NaN, the null of the column, is the one value not equal to itself.
        for (let bit = 0; r < end; r++, bit++) word |= +(values[r]! === values[r]!) << bit;
        break;
    }
    words[w] = word;
  }
}

/** Rows of a boolean column (1, 0, -1 for null) whose code equals `code`, or, for "present", that are not null. */
function scanBooleans(bits: Bitset, values: Int8Array, test: "eq" | "present", code: number): void {
  const words = bits.words;
  const n = bits.size;
  for (let w = 0, r = 0; r < n; w++) {
    const end = Math.min(r + 32, n);
    let word = 0;
    if (test === "eq") for (let bit = 0; r < end; r++, bit++) word |= +(values[r]! === code) << bit;
    else for (let bit = 0; r < end; r++, bit++) word |= +(values[r]! >= 0) << bit;
    words[w] = word;
  }
}

/** Rows of a text column that hold a value (an id of its dictionary; -1 for null). */
function scanTextPresent(bits: Bitset, ids: Int32Array): void {
  const words = bits.words;
  const n = bits.size;
  for (let w = 0, r = 0; r < n; w++) {
    const end = Math.min(r + 32, n);
    let word = 0;
    for (let bit = 0; r < end; r++, bit++) word |= +(ids[r]! >= 0) << bit;
    words[w] = word;
  }
}

/** Rows of a list column that hold at least one value (row r holds offsets[r] .. offsets[r + 1]). */
function scanListPresent(bits: Bitset, offsets: Uint32Array): void {
  const words = bits.words;
  const n = bits.size;
  for (let w = 0, r = 0; r < n; w++) {
    const end = Math.min(r + 32, n);
    let word = 0;
    for (let bit = 0; r < end; r++, bit++) word |= +(offsets[r + 1]! > offsets[r]!) << bit;
    words[w] = word;
  }
}

/** Rows with a value when `present`, else the rows without (the complement: not() keeps the tail clear). */
function presence(bits: Bitset, present: boolean): Bitset {
  return present ? bits : bits.not();
}

function leafBits(table: Table, columnName: string, arg: LeafArgument): Bitset {
  const column = table.columns.get(columnName);
  const bits = new Bitset(table.rows);
  if (!column) return bits;
  const n = table.rows;
  switch (column.kind) {
    case "text":
    case "list": {
      const dictId = (v: PlanScalar) => (typeof v === "string" ? column.dict.id(v) : -1);
      if (arg.op === "eq") postBits(bits, column, dictId(arg.value));
      else if (arg.op === "in") for (const v of arg.values) postBits(bits, column, dictId(v));
      else if (arg.op === "match") for (const id of column.dict.withWords(arg.words)) postBits(bits, column, id);
      else if (arg.op === "exists") {
        if (column.kind === "text") scanTextPresent(bits, column.ids);
        else scanListPresent(bits, column.offsets);
        return presence(bits, arg.present);
      }
      return bits;
    }
    case "number":
    case "date": {
      const values = column.values;
      if (arg.op === "eq") {
        // A string or a boolean equals no number.
        if (typeof arg.value === "number") scanNumbers(bits, values, "eq", arg.value);
      } else if (arg.op === "in") {
        const wanted = new Set(arg.values);
        for (let r = 0; r < n; r++) if (wanted.has(values[r]!)) bits.set(r);
      } else if (arg.op === "gte" || arg.op === "lte") scanNumbers(bits, values, arg.op, arg.bound);
      else if (arg.op === "exists") {
        scanNumbers(bits, values, "present", 0);
        return presence(bits, arg.present);
      }
      return bits;
    }
    case "boolean": {
      const values = column.values;
      const code = (v: PlanScalar): number => (v === true ? 1 : v === false ? 0 : -2);
      if (arg.op === "eq") scanBooleans(bits, values, "eq", code(arg.value));
      else if (arg.op === "in") {
        const wanted = new Set(arg.values.map(code));
        for (let r = 0; r < n; r++) if (wanted.has(values[r]!)) bits.set(r);
      } else if (arg.op === "exists") {
        scanBooleans(bits, values, "present", 0);
        return presence(bits, arg.present);
      }
      return bits;
    }
  }
}

/**
 * Evaluates a Plan over the store. Every node is evaluated in a context table: the dataset's own table, or,
 * inside a scope, the sub-record table of the scope, so that all conditions of one scope hold on the same
 * sub-record (s4-2-scope-same-sub-record). A condition on a sub-record field outside its scope is true for a
 * person when any of the person's sub-records satisfies it; a person-level condition inside a scope holds for
 * every sub-record of a person who satisfies it.
 */
export class Evaluator {
  /**
   * Rows of leaves already evaluated: the correct rows of a leaf in its own table, and, without a leaf fault, a
   * leaf's rows lifted into the context it was asked in. A fault's rows are never kept: a mutant sees the
   * correct rows and decides afresh on each query, as it would without the cache.
   */
  private readonly cache = new BitsetCache(CACHE_WORDS);

  constructor(
    private readonly store: Store,
    private readonly faults: EvaluationFaults = {},
  ) {}

  /** The rows of `root` (person, jobs or companies) that match; null matches every row. */
  evaluate(plan: Plan | null, root: TableName): Bitset {
    if (!plan) return Bitset.full(this.store.tables[root].rows);
    return this.run(plan, root);
  }

  private run(plan: Plan, ctx: TableName): Bitset {
    const rows = this.store.tables[ctx].rows;
    switch (plan.kind) {
      case "all": {
        const bits = Bitset.full(rows);
        for (const node of plan.nodes) bits.and(this.run(node, ctx));
        return bits;
      }
      case "any": {
        const bits = new Bitset(rows);
        for (const node of plan.nodes) bits.or(this.run(node, ctx));
        return bits;
      }
      case "not":
        return this.run(plan.node, ctx).not();
      case "nothing":
        return new Bitset(rows);
      case "scope":
        // A scope always asks whether the person has a matching sub-record; nested in another scope, the
        // answer is the person's and holds for each of the outer scope's sub-records.
        return this.lift(
          this.toPerson(this.scopeRows(plan.sub, this.run(plan.node, plan.sub)), plan.sub),
          "person",
          ctx,
        );
      case "leaf":
        // In its own table a leaf's rows are the correct rows, kept by correctLeaf. Lifted into another table
        // (people from sub-records, or sub-records from people) they depend on the leaf alone unless a fault
        // alters them, and lifting costs as much as the scan.
        if (this.faults.leaf || plan.table === ctx) return this.leafIn(plan, ctx);
        return this.cache.through(`in ${ctx}: ${this.leafKey(plan.table, plan.field, plan.arg)}`, () =>
          this.leafIn(plan, ctx),
        );
    }
  }

  private leafIn(plan: Extract<Plan, { kind: "leaf" }>, ctx: TableName): Bitset {
    if (plan.arg.op === "exists" && !plan.arg.present && plan.table !== ctx && plan.table !== "person") {
      // Outside its scope, "absent" means the person has no sub-record with a value, not one without.
      const holders = this.toPerson(this.leaf(plan.table, plan.field, { op: "exists", present: true }), plan.table);
      return this.lift(holders.not(), "person", ctx);
    }
    return this.lift(this.leaf(plan.table, plan.field, plan.arg), plan.table, ctx);
  }

  private leafKey(tableName: TableName, field: FieldSpec, arg: LeafArgument): string {
    return `${tableName} ${field.name} ${argumentKey(arg)}`;
  }

  /** The correct rows of a leaf in its own table, a copy the caller may combine in place. */
  private correctLeaf(tableName: TableName, field: FieldSpec, arg: LeafArgument): Bitset {
    return this.cache.through(`own: ${this.leafKey(tableName, field, arg)}`, () =>
      leafBits(this.store.tables[tableName], field.name, arg),
    );
  }

  private leaf(tableName: TableName, field: FieldSpec, arg: LeafArgument): Bitset {
    const correct = this.correctLeaf(tableName, field, arg);
    // Stryker disable all: the switch of the hand-written evaluation mutants (faults.ts), never set in the reference
    if (!this.faults.leaf) return correct;
    return this.faults.leaf({
      tableName,
      table: this.store.tables[tableName],
      field,
      arg,
      correct,
      evaluate: (other) => this.correctLeaf(tableName, field, other),
    });
  }

  private scopeRows(sub: TableName, rows: Bitset): Bitset {
    return this.faults.scope ? this.faults.scope(sub, this.store.tables[sub], rows) : rows;
  }
  // Stryker restore all

  private lift(bits: Bitset, from: TableName, to: TableName): Bitset {
    if (from === to) return bits;
    const person = from === "person" ? bits : this.toPerson(bits, from);
    return to === "person" ? person : this.toSub(person, to);
  }

  /** People with at least one sub-record in `bits`. */
  private toPerson(bits: Bitset, sub: TableName): Bitset {
    if (sub === "person") return bits;
    const owner = this.store.tables[sub].owner!;
    const out = new Bitset(this.store.tables.person.rows);
    const words = bits.words;
    for (let w = 0; w < words.length; w++) {
      let word = words[w]!;
      while (word !== 0) {
        const bit = 31 - Math.clz32(word & -word);
        word &= word - 1;
        out.set(owner[(w << 5) + bit]!);
      }
    }
    return out;
  }

  /** Sub-records whose person is in `people`. */
  private toSub(people: Bitset, sub: TableName): Bitset {
    const owner = this.store.tables[sub].owner!;
    const out = new Bitset(owner.length);
    for (let r = 0; r < owner.length; r++) if (people.has(owner[r]!)) out.set(r);
    return out;
  }
}
