import { dayString, toDay } from "../days.js";
import { Dictionary } from "./dictionary.js";

/**
 * Columnar storage: 120,000 people with their sub-records as plain objects would cost several hundred MB and
 * slow every scan; as typed arrays over shared dictionaries they take a few tens of MB and scan in a
 * fraction of a millisecond (speed targets in docs/benchmarks.md).
 */
type ColumnKind = "text" | "list" | "number" | "date" | "boolean";
/**
 * Kinds a column is built as: "prose" is a text column of mostly distinct values (names, URLs, headlines),
 * kept as plain strings while the store is built and put into its dictionary on first use (ready time).
 */
type BuildKind = ColumnKind | "prose";

/** Row lists per dictionary id (an inverted index), built on first use by a counting sort. */
interface Postings {
  readonly offsets: Uint32Array;
  readonly rows: Int32Array;
}

export interface TextColumn {
  readonly kind: "text";
  readonly dict: Dictionary;
  /** Dictionary id per row; -1 for null. */
  readonly ids: Int32Array;
  postings(): Postings;
}

export interface ListColumn {
  readonly kind: "list";
  readonly dict: Dictionary;
  /** Row r holds ids[offsets[r] .. offsets[r + 1]). */
  readonly offsets: Uint32Array;
  readonly ids: Int32Array;
  postings(): Postings;
}

interface NumberColumn {
  /** "date" columns hold day numbers (days.ts). */
  readonly kind: "number" | "date";
  /** NaN for null. */
  readonly values: Float64Array;
}

interface BooleanColumn {
  readonly kind: "boolean";
  /** 1, 0, or -1 for null. */
  readonly values: Int8Array;
}

export type Column = TextColumn | ListColumn | NumberColumn | BooleanColumn;
export type CellValue = string | number | boolean | null | string[];

export interface Table {
  readonly name: string;
  readonly rows: number;
  readonly columns: ReadonlyMap<string, Column>;
  /** For a sub-record table (experience, education, language): the person row each row belongs to. */
  readonly owner?: Int32Array;
  /** For a person table: the rows of a sub-record table per person (sub-table name -> CSR offsets). */
  readonly children?: ReadonlyMap<string, Uint32Array>;
}

function buildPostings(dictSize: number, rowOf: (visit: (row: number, id: number) => void) => void): Postings {
  const counts = new Uint32Array(dictSize + 1);
  rowOf((_row, id) => counts[id + 1]!++);
  for (let i = 1; i <= dictSize; i++) counts[i]! += counts[i - 1]!;
  const offsets = counts.slice();
  const rows = new Int32Array(counts[dictSize]!);
  const cursor = counts.subarray(0, dictSize).slice();
  rowOf((row, id) => {
    rows[cursor[id]!++] = row;
  });
  return { offsets, rows };
}

function lazyPostings(build: () => Postings): () => Postings {
  let postings: Postings | undefined;
  return () => (postings ??= build());
}

function textColumn(dict: Dictionary, ids: Int32Array): TextColumn {
  return {
    kind: "text",
    dict,
    ids,
    postings: lazyPostings(() =>
      buildPostings(dict.size, (visit) => {
        for (let r = 0; r < ids.length; r++) if (ids[r]! >= 0) visit(r, ids[r]!);
      }),
    ),
  };
}

/**
 * Prose kept as UTF-8 bytes off the JavaScript heap while the store is built (hundreds of thousands of live
 * strings would be copied by every young-generation collection); row r spans bytes[offsets[r] .. offsets[r+1]),
 * and an empty span with nulls[r] = 1 is null.
 */
interface ProseBytes {
  readonly bytes: Uint8Array;
  readonly offsets: Uint32Array;
  readonly nulls: Int8Array;
}

/** A text column over prose bytes: the strings and their dictionary are made on first use. */
function proseColumn(prose: ProseBytes): TextColumn {
  let built: { dict: Dictionary; ids: Int32Array } | undefined;
  const build = () => {
    if (built) return built;
    const dict = new Dictionary();
    const rows = prose.nulls.length;
    const ids = new Int32Array(rows);
    const buffer = Buffer.from(prose.bytes.buffer, prose.bytes.byteOffset, prose.bytes.byteLength);
    for (let r = 0; r < rows; r++)
      ids[r] = prose.nulls[r] ? -1 : dict.intern(buffer.toString("utf8", prose.offsets[r], prose.offsets[r + 1]));
    return (built = { dict, ids });
  };
  const postings = lazyPostings(() => textColumn(build().dict, build().ids).postings());
  return {
    kind: "text",
    get dict() {
      return build().dict;
    },
    get ids() {
      return build().ids;
    },
    postings,
  };
}

function listColumn(dict: Dictionary, offsets: Uint32Array, ids: Int32Array): ListColumn {
  return {
    kind: "list",
    dict,
    offsets,
    ids,
    postings: lazyPostings(() =>
      buildPostings(dict.size, (visit) => {
        for (let r = 0; r + 1 < offsets.length; r++) {
          const end = offsets[r + 1]!;
          for (let k = offsets[r]!; k < end; k++) {
            // A value listed twice on one row is posted once.
            let repeated = false;
            for (let j = offsets[r]!; j < k; j++) if (ids[j] === ids[k]) repeated = true;
            if (!repeated) visit(r, ids[k]!);
          }
        }
      }),
    ),
  };
}

/** The stored value of one cell, as a record shows it (dates as YYYY-MM-DD). */
export function cell(column: Column, row: number): CellValue {
  switch (column.kind) {
    case "text": {
      const id = column.ids[row]!;
      return id < 0 ? null : column.dict.values[id]!;
    }
    case "list": {
      const out: string[] = [];
      for (let k = column.offsets[row]!; k < column.offsets[row + 1]!; k++)
        out.push(column.dict.values[column.ids[k]!]!);
      return out;
    }
    case "number": {
      const v = column.values[row]!;
      return Number.isNaN(v) ? null : v;
    }
    case "date": {
      const v = column.values[row]!;
      return Number.isNaN(v) ? null : dayString(v);
    }
    case "boolean": {
      const v = column.values[row]!;
      return v < 0 ? null : v === 1;
    }
  }
}

/**
 * A column of a table under construction: its kind and, where it differs from the column name, where the value comes
 * from.
 */
// A reader takes the row it was written for; only the compiled appender calls it, so its parameter is `never`
// here (any row type's reader fits) rather than `any`.
export type ColumnSpec = BuildKind | readonly [kind: BuildKind, read: (row: never) => unknown];

type NumberArray = Int32Array | Float64Array | Int8Array | Uint32Array;

/** A typed array that doubles as it fills, so that building 600,000 rows leaves no garbage of boxed numbers. */
interface Growable<T extends NumberArray> {
  length: number;
  array: T;
  push(value: number): void;
  done(): T;
}

/**
 * One class per element type, so that each push site sees a single typed-array kind (monomorphic) rather
 * than all four.
 */
function growableClass<T extends NumberArray>(make: (n: number) => T): new () => Growable<T> {
  return class {
    length = 0;
    array = make(1024);
    push(value: number): void {
      if (this.length === this.array.length) {
        const bigger = make(this.array.length * 2);
        bigger.set(this.array);
        this.array = bigger;
      }
      this.array[this.length++] = value;
    }
    done(): T {
      return this.array.slice(0, this.length) as T;
    }
  };
}
const GrowInt32 = growableClass((n) => new Int32Array(n));
const GrowFloat64 = growableClass((n) => new Float64Array(n));
const GrowInt8 = growableClass((n) => new Int8Array(n));
const GrowUint32 = growableClass((n) => new Uint32Array(n));

/** Growing UTF-8 bytes of a prose column, with the row offsets and null flags. */
class GrowProse {
  private bytes = Buffer.allocUnsafeSlow(1 << 16);
  private used = 0;
  private readonly offsets = new GrowUint32();
  private readonly nulls = new GrowInt8();

  constructor() {
    this.offsets.push(0);
  }

  push(value: unknown): void {
    if (typeof value === "string") {
      const need = this.used + value.length * 3;
      if (need > this.bytes.length) {
        const bigger = Buffer.allocUnsafeSlow(Math.max(need, this.bytes.length * 2));
        this.bytes.copy(bigger, 0, 0, this.used);
        this.bytes = bigger;
      }
      this.used += this.bytes.write(value, this.used, "utf8");
      this.nulls.push(0);
    } else this.nulls.push(1);
    this.offsets.push(this.used);
  }

  done(): ProseBytes {
    return {
      bytes: new Uint8Array(this.bytes.subarray(0, this.used)),
      offsets: this.offsets.done(),
      nulls: this.nulls.done(),
    };
  }
}

interface BuildColumn {
  readonly name: string;
  readonly kind: BuildKind;
  readonly read: ((row: never) => unknown) | undefined;
  readonly data: Growable<Int32Array> | Growable<Float64Array> | Growable<Int8Array>;
  readonly prose: GrowProse | undefined;
  readonly offsets: Growable<Uint32Array> | undefined;
  readonly dict: Dictionary | undefined;
}

/** Value conversions of the compiled appender (days.ts, lists). */
const HELPERS = {
  day: (v: unknown) => (typeof v === "string" || typeof v === "number" ? toDay(v)! : NaN),
  list(v: unknown, dict: Dictionary, data: Growable<Int32Array>, offsets: Growable<Uint32Array>) {
    if (Array.isArray(v)) for (const item of v) if (typeof item === "string") data.push(dict.intern(item));
    offsets.push(data.length);
  },
};

/**
 * The function that appends one row, compiled once per table as straight-line code: one statement per
 * column, each reading its member at its own site (monomorphic), instead of a loop whose shared sites see
 * every column and every kind; building the default dataset's 600,000 rows is most of the ready time.
 * Column names come from the schema (schema.ts), never from input.
 */
type Appender = (row: Readonly<Record<string, unknown>>) => void;

function compileAppender(columns: readonly BuildColumn[]): Appender {
  const lines = columns.map((c, i) => {
    if (!/^[a-z_][a-z0-9_]*$/.test(c.name)) throw new Error(`bad column name ${c.name}`);
    const read = c.read ? `r[${i}](row)` : `row.${c.name}`;
    switch (c.kind) {
      case "text":
        return `v = ${read}; g[${i}].push(typeof v === "string" ? d[${i}].intern(v) : -1);`;
      case "list":
        return `h.list(${read}, d[${i}], g[${i}], o[${i}]);`;
      case "number":
        return `v = ${read}; g[${i}].push(typeof v === "number" && Number.isFinite(v) ? v : NaN);`;
      case "date":
        return `g[${i}].push(h.day(${read}));`;
      case "boolean":
        return `v = ${read}; g[${i}].push(v === true ? 1 : v === false ? 0 : -1);`;
      case "prose":
        return `p[${i}].push(${read});`;
    }
  });
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- code from schema column names, never input
  const factory = new Function(
    "g",
    "d",
    "o",
    "p",
    "r",
    "h",
    `return function append(row) { let v; ${lines.join(" ")} };`,
  );
  return (factory as (...parts: unknown[]) => Appender)(
    columns.map((c) => c.data),
    columns.map((c) => c.dict),
    columns.map((c) => c.offsets),
    columns.map((c) => c.prose),
    columns.map((c) => c.read),
    HELPERS,
  );
}

/** Appends rows column by column into growing typed arrays; part() hands them over for mergeParts. */
export class TableBuilder {
  private readonly columns: BuildColumn[];
  private readonly owners = new GrowInt32();
  private readonly append: Appender;
  private count = 0;

  constructor(
    private readonly name: string,
    columns: Readonly<Record<string, ColumnSpec>>,
    /** True for a sub-record table, whose rows each belong to a person row. */
    private readonly owned = false,
  ) {
    this.columns = Object.entries(columns).map(([col, spec]) => {
      const kind = typeof spec === "string" ? spec : spec[0];
      const data =
        kind === "number" || kind === "date"
          ? new GrowFloat64()
          : kind === "boolean"
            ? new GrowInt8()
            : new GrowInt32();
      const offsets = kind === "list" ? new GrowUint32() : undefined;
      offsets?.push(0);
      return {
        name: col,
        kind,
        read: typeof spec === "string" ? undefined : spec[1],
        data,
        prose: kind === "prose" ? new GrowProse() : undefined,
        offsets,
        dict: kind === "text" || kind === "list" ? new Dictionary() : undefined,
      };
    });
    this.append = compileAppender(this.columns);
  }

  get rows(): number {
    return this.count;
  }

  /** Adds one row; members missing from `values` are null (or an empty list). Returns the row number. */
  add(values: Readonly<Record<string, unknown>>, owner?: number): number {
    this.append(values);
    if (this.owned) this.owners.push(owner ?? -1);
    return this.count++;
  }

  /** The rows built so far as plain arrays, transferable between threads and merged by mergeParts. */
  part(): TablePart {
    const columns: Record<string, ColumnPart> = {};
    for (const c of this.columns) {
      columns[c.name] =
        c.kind === "prose"
          ? { kind: c.kind, prose: c.prose!.done() }
          : {
              kind: c.kind,
              data: c.data.done(),
              ...(c.offsets ? { offsets: c.offsets.done() } : {}),
              ...(c.dict ? { dict: c.dict.values } : {}),
            };
    }
    return { name: this.name, rows: this.count, columns, ...(this.owned ? { owner: this.owners.done() } : {}) };
  }
}

/** One column of a TablePart: typed arrays plus the dictionary's values (ids index into them). */
interface ColumnPart {
  readonly kind: BuildKind;
  readonly data?: Int32Array | Float64Array | Int8Array;
  readonly offsets?: Uint32Array;
  readonly dict?: readonly string[];
  readonly prose?: ProseBytes;
}

/** Rows of one table built in one place (a thread), to be merged with the parts built elsewhere. */
export interface TablePart {
  readonly name: string;
  readonly rows: number;
  readonly columns: Readonly<Record<string, ColumnPart>>;
  /** Owner rows (sub-record tables), relative to the part's own person rows. */
  readonly owner?: Int32Array;
}

function concat<T extends Int32Array | Float64Array | Int8Array | Uint32Array | Uint8Array>(
  arrays: readonly T[],
  make: (n: number) => T,
): T {
  if (arrays.length === 1) return arrays[0]!;
  const out = make(arrays.reduce((n, a) => n + a.length, 0));
  let at = 0;
  for (const a of arrays) {
    out.set(a, at);
    at += a.length;
  }
  return out;
}

/** Prose parts joined: bytes end to end, each part's offsets shifted by the bytes before it. */
function mergeProse(pieces: readonly ColumnPart[]): Column {
  const offsets = concat(
    pieces.map((c) => c.prose!.offsets.subarray(1)),
    (n) => new Uint32Array(n),
  );
  let at = 0;
  let base = 0;
  for (const c of pieces) {
    const o = c.prose!.offsets;
    for (let k = at; k < at + o.length - 1; k++) offsets[k]! += base;
    at += o.length - 1;
    base += c.prose!.bytes.length;
  }
  const bytes = concat(
    pieces.map((c) => c.prose!.bytes),
    (n) => new Uint8Array(n),
  );
  const nulls = concat(
    pieces.map((c) => c.prose!.nulls),
    (n) => new Int8Array(n),
  );
  const withStart = new Uint32Array(offsets.length + 1);
  withStart.set(offsets, 1);
  return proseColumn({ bytes, offsets: withStart, nulls });
}

/** List offsets of the parts joined: each part's offsets shifted by the values before it. */
function mergeListOffsets(pieces: readonly ColumnPart[], rows: number): Uint32Array {
  const offsets = new Uint32Array(rows + 1);
  let row = 0;
  let base = 0;
  for (const c of pieces) {
    const o = c.offsets!;
    for (let r = 1; r < o.length; r++) offsets[++row] = o[r]! + base;
    base += o[o.length - 1]!;
  }
  return offsets;
}

/** Text or list parts joined into one dictionary: the part with most values keeps its ids, the others are mapped. */
function mergeDictionaryColumn(kind: "text" | "list", pieces: readonly ColumnPart[], rows: number): Column {
  const largest = pieces.reduce((best, c, i) => (c.data!.length > pieces[best]!.data!.length ? i : best), 0);
  const dict = Dictionary.of(pieces[largest]!.dict!);
  const ids = concat(
    pieces.map((c) => c.data as Int32Array),
    (n) => new Int32Array(n),
  );
  let at = 0;
  pieces.forEach((c, i) => {
    const end = at + c.data!.length;
    if (i !== largest) {
      const remap = Int32Array.from(c.dict!, (v) => dict.intern(v));
      for (let k = at; k < end; k++) if (ids[k]! >= 0) ids[k] = remap[ids[k]!]!;
    }
    at = end;
  });
  return kind === "text" ? textColumn(dict, ids) : listColumn(dict, mergeListOffsets(pieces, rows), ids);
}

function mergeColumn(kind: BuildKind, pieces: readonly ColumnPart[], rows: number): Column {
  if (kind === "prose") return mergeProse(pieces);
  if (kind === "text" || kind === "list") return mergeDictionaryColumn(kind, pieces, rows);
  if (kind === "boolean")
    return {
      kind,
      values: concat(
        pieces.map((c) => c.data as Int8Array),
        (n) => new Int8Array(n),
      ),
    };
  return {
    kind,
    values: concat(
      pieces.map((c) => c.data as Float64Array),
      (n) => new Float64Array(n),
    ),
  };
}

/** Owner rows of the parts joined, each part's shifted by its first person row. */
function mergeOwners(parts: readonly TablePart[], personOffsets: readonly number[] | undefined): Int32Array {
  const owner = concat(
    parts.map((p) => p.owner!),
    (n) => new Int32Array(n),
  );
  let at = 0;
  parts.forEach((p, i) => {
    const shift = personOffsets?.[i] ?? 0;
    for (let k = at; k < at + p.owner!.length; k++) owner[k]! += shift;
    at += p.owner!.length;
  });
  return owner;
}

/**
 * Joins parts of one table into a Table: dictionary ids of each part are mapped into one dictionary, list
 * offsets and owner rows are shifted. `personOffsets[i]` is the first person row of part i (sub-record tables).
 */
export function mergeParts(parts: readonly TablePart[], personOffsets?: readonly number[]): Table {
  const first = parts[0]!;
  const rows = parts.reduce((n, p) => n + p.rows, 0);
  const columns = new Map<string, Column>();
  for (const [name, { kind }] of Object.entries(first.columns)) {
    columns.set(
      name,
      mergeColumn(
        kind,
        parts.map((p) => p.columns[name]!),
        rows,
      ),
    );
  }
  const owner = first.owner ? mergeOwners(parts, personOffsets) : undefined;
  return { name: first.name, rows, columns, ...(owner ? { owner } : {}) };
}

/** For each sub-record table, the CSR offsets of each person's rows, from the (non-decreasing) owner column. */
export function childOffsets(people: number, owner: Int32Array): Uint32Array {
  const offsets = new Uint32Array(people + 1);
  for (let k = 0; k < owner.length; k++) offsets[owner[k]! + 1]!++;
  for (let p = 1; p <= people; p++) offsets[p]! += offsets[p - 1]!;
  return offsets;
}
