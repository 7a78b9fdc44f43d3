import { exactField, subRecordOf, type DatasetSpec, type FieldSpec, type SubRecord } from "../../contract/index.js";
import { distanceWithin, fuzzyEdits } from "../../lint/suggest.js";
import {
  addDays,
  daysBetween,
  holdsAsWritten,
  monthDrift,
  monthsBefore,
  readField,
  todayUtc,
  wordsOf,
  type FieldReading,
  type Scalar,
} from "./values.js";

/** A Query Spec node as sent (§4.2). */
export type QueryNode = Readonly<Record<string, unknown>>;

/**
 * Kleene truth values as sets of what a condition may be for one record: T (holds), F (fails), N (unknown,
 * the SQL reading of a comparison on a missing value). A set with several members means the judge cannot
 * tell (a field not returned, a reading the spec leaves open), and a record is only judged outside a query
 * when no member of the set is T under every reading.
 */
const T = 1;
const F = 2;
const N = 4;
const ANY = T | F | N;

/**
 * How `not` and comparisons treat a record without a value: the spec does not say (docs/search-semantics.md), so the
 * judge tries both readings: as false (so `not` selects the record) and as unknown (SQL: `not` keeps it out).
 */
type MissingReading = "false" | "unknown";

function mapSet(set: number, fn: (v: number) => number): number {
  let out = 0;
  for (const v of [T, F, N]) if (set & v) out |= fn(v);
  return out;
}

function combine(a: number, b: number, op: (x: number, y: number) => number): number {
  let out = 0;
  for (const x of [T, F, N]) if (a & x) for (const y of [T, F, N]) if (b & y) out |= op(x, y);
  return out;
}

const and = (x: number, y: number) => (x === F || y === F ? F : x === T && y === T ? T : N);
const or = (x: number, y: number) => (x === T || y === T ? T : x === F && y === F ? F : N);
const negate = (x: number) => (x === T ? F : x === F ? T : N);

function looselyEqual(a: Scalar, b: unknown): boolean {
  if (typeof a === "string" && typeof b === "string") return a.trim().toLowerCase() === b.trim().toLowerCase();
  if (typeof a === "number" && (typeof b === "number" || typeof b === "string")) return a === Number(b);
  return a === b;
}

/**
 * Whether a word of the query may find a word of a record under some reading of match (s4-2-match-semantics): the
 * same word case aside, a shared stem (the first four letters), a run of letters inside it (a database's ILIKE), or
 * within the edits of a full-text engine's fuzzy match (fuzziness AUTO: one edit from three letters, two from six).
 */
function mayMatchWord(query: string, word: string): boolean {
  const q = query.toLowerCase();
  const w = word.toLowerCase();
  if (q === w || w.includes(q)) return true;
  const stem = Math.min(4, q.length, w.length);
  if (q.slice(0, stem) === w.slice(0, stem)) return true;
  const edits = fuzzyEdits(q);
  return edits > 0 && distanceWithin(q, w, edits) !== undefined;
}

/** The day interval a date bound can stand for on a deployment whose clock and month arithmetic may differ slightly. */
export function dateBound(value: string, today = todayUtc()): { lo: string; hi: string } | undefined {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return { lo: value, hi: value };
  const rel = /^now-(\d+)([dm])$/.exec(value);
  if (!rel) return undefined;
  const n = Number(rel[1]);
  const day = rel[2] === "d" ? addDays(today, -n) : monthsBefore(today, n);
  const slack = rel[2] === "d" ? 2 : 4 + monthDrift(n);
  return { lo: addDays(day, -slack), hi: addDays(day, slack) };
}

interface Values {
  readonly present: boolean | undefined;
  readonly values: readonly Scalar[];
  readonly partial?: boolean;
  readonly perElement?: readonly unknown[];
}

function leafTruth(
  field: FieldSpec,
  leaf: QueryNode,
  v: Values | undefined,
  missing: MissingReading,
  today: string,
): number {
  // A person's or a company's own empty list: whether it holds a value is open (s4-2-exists-empty-list), but no
  // condition on a value holds on it.
  const emptyList = v !== undefined && v.present === undefined && v.perElement?.length === 0;
  if (!v || (v.present === undefined && !emptyList)) return ANY;
  if ("exists" in leaf) {
    if (typeof leaf.exists !== "boolean" || emptyList) return ANY;
    return v.present === leaf.exists ? T : F;
  }
  if (!v.present) return missing === "false" ? F : N;
  if (v.partial) {
    // Some of the record's values are unknown: what the known ones satisfy holds, nothing else can be ruled out.
    const known = leafTruth(field, leaf, { present: true, values: v.values }, missing, today);
    return v.values.length && known === T ? T : ANY;
  }
  const values = v.values;
  if ("eq" in leaf || "in" in leaf) {
    const wanted = "eq" in leaf ? [leaf.eq] : Array.isArray(leaf.in) ? (leaf.in as unknown[]) : undefined;
    if (!wanted) return ANY;
    if (values.some((x) => wanted.some((w) => x === w))) return T;
    if (values.some((x) => wanted.some((w) => looselyEqual(x, w)))) return exactField(field) ? F : T | F;
    return F;
  }
  if ("match" in leaf) {
    if (typeof leaf.match !== "string") return ANY;
    const query = wordsOf(leaf.match);
    const texts = values.filter((x): x is string => typeof x === "string");
    if (query.length === 0 || texts.length !== values.length) return ANY;
    if (texts.some((t) => holdsAsWritten(t, leaf.match as string))) return T;
    const recordWords = texts.flatMap(wordsOf);
    return query.some((q) => recordWords.some((w) => mayMatchWord(q, w))) ? T | F : F;
  }
  for (const op of ["gte", "lte"] as const) {
    if (!(op in leaf)) continue;
    const bound = leaf[op];
    const holds = (lower: boolean) =>
      values.some((x) => (op === "gte" ? compare(x, lower) >= 0 : compare(x, lower) <= 0));
    let compare: (x: Scalar, lower: boolean) => number;
    if (typeof bound === "number") compare = (x) => (typeof x === "number" ? x - bound : NaN);
    else if (typeof bound === "string" && field.type === "date") {
      const range = dateBound(bound, today);
      if (!range) return ANY;
      compare = (x, lower) => (typeof x === "string" ? daysBetween(lower ? range.lo : range.hi, x) : NaN);
    } else return ANY;
    // Holds whatever the exact bound is (the strictest end of its interval), or fails whatever it is.
    const sure = holds(op === "lte");
    const possible = holds(op === "gte");
    return sure ? T : possible ? T | F : F;
  }
  return ANY;
}

/** Which sub-record of a scope a condition is judged on. */
interface Context {
  readonly sub: SubRecord;
  readonly index: number;
}

/**
 * Judges whether a fetched record can satisfy a query. Returns false only when the record fails the query
 * under every reading the spec leaves open (missing values, match beyond whole words, eq case on free
 * text, a deployment's clock): a record a deployment returned for the query is then outside it.
 */
export class Judge {
  private readonly readings = new Map<string, FieldReading>();

  constructor(
    private readonly dataset: DatasetSpec,
    private readonly record: Readonly<Record<string, unknown>>,
    private readonly today = todayUtc(),
  ) {}

  /** False when the record is outside the query under every reading; true when it may be inside. */
  mayMatch(node: QueryNode): boolean {
    return (["false", "unknown"] as const).some((missing) => (this.truth(node, missing, undefined) & T) !== 0);
  }

  /** The leaves of a query the record certainly fails (for a failure message). */
  failingLeaves(node: QueryNode, out: QueryNode[] = []): QueryNode[] {
    if (typeof node.field === "string") {
      if ((this.truth(node, "false", undefined) & T) === 0) out.push(node);
      return out;
    }
    for (const [key, child] of Object.entries(node)) {
      if (key === "not") continue;
      for (const c of Array.isArray(child) ? child : [child])
        if (c && typeof c === "object") this.failingLeaves(c as QueryNode, out);
    }
    return out;
  }

  private reading(field: FieldSpec): FieldReading {
    let r = this.readings.get(field.name);
    if (!r) this.readings.set(field.name, (r = readField(this.record, field)));
    return r;
  }

  private truth(node: QueryNode, missing: MissingReading, ctx: Context | undefined): number {
    if (typeof node.field === "string") {
      const field = this.dataset.fields.get(node.field);
      if (!field) return ANY;
      return leafTruth(field, node, this.valuesIn(field, ctx), missing, this.today);
    }
    const keys = Object.keys(node);
    if (keys.length !== 1) return ANY;
    const key = keys[0]!;
    const arg = node[key];
    if (key === "all" || key === "any") {
      if (!Array.isArray(arg) || arg.length === 0) return ANY;
      return arg
        .map((c) => this.truth(c as QueryNode, missing, ctx))
        .reduce((a, b) => combine(a, b, key === "all" ? and : or));
    }
    if (key === "not")
      return arg && typeof arg === "object" ? mapSet(this.truth(arg as QueryNode, missing, ctx), negate) : ANY;
    const sub = subRecordOf(key);
    if (!sub || !arg || typeof arg !== "object" || ctx) return ANY;
    const count = this.subRecords(arg as QueryNode, sub);
    if (count === undefined) return ANY;
    const each = Array.from({ length: count }, (_, index) => this.truth(arg as QueryNode, missing, { sub, index }));
    return (each.some((s) => s & T) ? T : 0) | (each.every((s) => s & (F | N)) ? F : 0);
  }

  /** The values a leaf sees: one sub-record's entry inside its scope, every value of the record elsewhere. */
  private valuesIn(field: FieldSpec, ctx: Context | undefined): Values | undefined {
    const r = this.reading(field);
    if (!r.returned) return undefined;
    if (!ctx) return r;
    if (field.scope !== ctx.sub) return field.scope ? undefined : r;
    const entry = r.perElement?.[ctx.index];
    if (entry === undefined) return undefined;
    return entry === null ? { present: false, values: [] } : { present: true, values: [entry] };
  }

  /**
   * How many sub-records the scope's fields describe: the same count for every field of the scope the query
   * names (one entry per sub-record, in one order; the reference's form), or undefined when they disagree.
   */
  private subRecords(node: QueryNode, sub: SubRecord): number | undefined {
    const lengths = new Set<number>();
    const visit = (n: QueryNode) => {
      if (typeof n.field === "string") {
        const field = this.dataset.fields.get(n.field);
        if (field?.scope === sub) lengths.add(this.reading(field).perElement?.length ?? -1);
        return;
      }
      for (const child of Object.values(n))
        for (const c of Array.isArray(child) ? child : [child]) if (c && typeof c === "object") visit(c as QueryNode);
    };
    visit(node);
    return lengths.size === 1 && !lengths.has(-1) ? [...lengths][0] : undefined;
  }
}
