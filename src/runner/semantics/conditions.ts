import {
  exactField,
  scopeKeyOf,
  subRecordFields,
  subRecords,
  type DatasetSpec,
  type FieldSpec,
  type Operator,
  type ScopeKey,
} from "../../contract/index.js";
import type { QueryNode } from "./judge.js";
import {
  ARITY_POSITIONS,
  compositeAt,
  MAGNITUDE_CONTRADICTIONS,
  numericBounds,
  numericContradictions,
  shapeAt,
} from "./shapes.js";
import {
  addDays,
  daysBetween,
  monthDrift,
  monthsBefore,
  robustPairs,
  robustWords,
  todayUtc,
  type FieldReading,
  type Scalar,
} from "./values.js";

/** A value no record holds: conditions on it match nothing, so queries built on them cost nothing. */
export const NONCE = "tdss-nonce-qz7vx";

/** A record sampled from the deployment: its ID and what its detail record says of each queryable field. */
export interface Sample {
  readonly id: string;
  readonly record: Readonly<Record<string, unknown>>;
  readonly fields: ReadonlyMap<string, FieldReading>;
}

/** A condition built from a sample's own values; `clauses` are the `must` clauses that make it hold for the sample. */
export interface Condition {
  readonly node: QueryNode;
  /** What it tries, for messages (`eq on city`, `has_education: two values of one sub-record`). */
  readonly label: string;
  readonly clauses: readonly string[];
}

/** A query no record may satisfy, with the relation that says so; a record it returns is judged against it. */
export interface EmptyProbe {
  readonly where: QueryNode;
  readonly relation: string;
  readonly clauses: readonly string[];
}

export type Allowed = (field: FieldSpec, op: Operator) => boolean;

/** Another value of the same JSON type, held by no record (for `in [v, w]`). */
function otherValue(v: unknown): unknown {
  return typeof v === "boolean" ? !v : typeof v === "number" ? v + 1000003 : NONCE;
}

const leaf = (field: FieldSpec, op: Operator, value: unknown): QueryNode => ({ field: field.name, [op]: value });

/** The i-th of several distinct leaves matching nobody, on the field of `nonce` (a leaf `eq NONCE`). */
export function nonceVariant(nonce: QueryNode, i: number): QueryNode {
  return i === 0 ? nonce : { ...nonce, eq: `${NONCE}-${i}` };
}
const all = (...nodes: QueryNode[]): QueryNode => ({ all: nodes });

/**
 * The sub-record fields scoped oracles use: those the spec itself ties to one record (§2.2: "is_current and
 * is_studying describe a record", "duration_months is one job", job dates and job location "bind to one
 * job", a language level and "the language it describes"), plus the employer and school names. The full
 * membership of each sub-record is a reading (s4-2-scope-membership), so no other field is put in a scope.
 */
const SCOPED: ReadonlySet<string> = new Set([
  "title",
  "company_name",
  "workplace_city",
  "is_current",
  "duration_months",
  "started_at",
  "ended_at",
  "institution_name",
  "is_studying",
  "graduation_year",
  "study_start_year",
  "languages",
  "language_proficiency",
]);

/** Each scope key with the fields of SCOPED its sub-record holds (spec/catalog/), in the catalog's order. */
function scopedFields(): readonly { readonly scope: ScopeKey; readonly names: readonly string[] }[] {
  return subRecords().map((sub) => ({
    scope: scopeKeyOf(sub),
    names: subRecordFields(sub).filter((name) => SCOPED.has(name)),
  }));
}

const C = {
  eq: ["s4-2-eq-equal-value"],
  in: ["s4-2-in-listed-value"],
  match: ["s4-2-match-whole-word"],
  range: ["s4-2-gte-lte-inclusive"],
  relative: ["s4-2-relative-offset-back", "s4-2-gte-lte-inclusive"],
  exists: ["s4-2-exists-presence"],
  not: ["s4-2-not-negates"],
  all: ["s4-2-all-every-condition"],
  any: ["s4-2-any-one-condition"],
  multi: ["s2-2-multi-valued-any-value"],
  scope: ["s4-2-scope-same-sub-record"],
  exact: ["s7-misspelt-fixed-value-empty", "s2-2-identity-vocabulary-exact"],
} as const;

function withMulti(field: FieldSpec, reading: FieldReading, clauses: readonly string[]): string[] {
  return reading.values.length > 1 || field.type === "list" || field.scope ? [...clauses, ...C.multi] : [...clauses];
}

/**
 * The last text value holding a robust word, its robust words longest first, and two of them that stand side by
 * side in it, if any (values.ts: words every reading of match agrees on).
 */
function matchWord(values: readonly Scalar[]): { value: string; words: string[]; pair?: string } | undefined {
  for (const v of [...values].reverse()) {
    if (typeof v !== "string") continue;
    const words = robustWords(v);
    if (!words.length) continue;
    const pair = robustPairs(v).sort((a, b) => b.length - a.length)[0];
    return { value: v, words: [...words].sort((a, b) => b.length - a.length), ...(pair ? { pair } : {}) };
  }
  return undefined;
}

/**
 * The fewest whole months n back from `today` such that `now-<n>m` lands before `date` by `margin` days and the
 * drift of n months of a fixed length (monthDrift): `gte now-<n>m` then holds the date under either reading of m.
 */
function monthsCovering(date: string, today: string, margin: number): number {
  let n = 0;
  while (daysBetween(monthsBefore(today, n), addDays(date, -(margin + monthDrift(n)))) < 0 && n < 2400) n++;
  return n;
}

/** The most whole months n such that `now-<n>m` lands after `date` by `margin` days and the drift (0 when none). */
function monthsWithin(date: string, today: string, margin: number): number {
  let n = 0;
  while (daysBetween(date, monthsBefore(today, n + 1)) >= margin + monthDrift(n + 1)) n++;
  return n;
}

export class ConditionBuilder {
  constructor(
    private readonly dataset: DatasetSpec,
    private readonly allowed: Allowed,
    private readonly today = todayUtc(),
  ) {}

  /** Conditions each of which the sample must satisfy (retrievability), from its own values. */
  retrievable(sample: Sample): Condition[] {
    const out: Condition[] = [];
    for (const reading of sample.fields.values()) out.push(...this.fieldConditions(reading));
    const nonce = this.nonceLeaf();
    const plain = out.filter((c) => typeof c.node.field === "string");
    // Composites of every arity with the record's condition at every child position (shapes.ts): an `any` whose
    // other children match nobody, an `all` whose others are the record's own conditions. A composite that reads only
    // some of its children misses the condition where it stands.
    // Every shape at least once, on every sixth condition in turn.
    const drawn = plain.length ? Math.max(Math.ceil(plain.length / 6), ARITY_POSITIONS.length) : 0;
    for (let n = 0; n < drawn; n++) {
      const k = (n * 6) % plain.length;
      const a = plain[k]!;
      const { arity, position } = shapeAt(n);
      if (nonce)
        out.push({
          node: compositeAt("any", arity, position, a.node, (i) => nonceVariant(nonce, i)),
          label: `any of ${arity} with ${a.label} at child ${position + 1}, the others matching nobody`,
          clauses: [...C.any, ...a.clauses],
        });
      const others = Array.from({ length: arity - 1 }, (_, i) => plain[(k + 1 + i) % plain.length]!);
      out.push({
        node: compositeAt("all", arity, position, a.node, (i) => others[i]!.node),
        label: `all of ${arity} of its own conditions, ${a.label} at child ${position + 1}`,
        // The record is missed if any child fails it: the composite rests on each child's clauses.
        clauses: [...new Set([...C.all, ...a.clauses, ...others.flatMap((o) => o.clauses)])],
      });
    }
    out.push(...this.notForms(sample, plain));
    if (this.dataset.name === "people") out.push(...this.scopedConditions(sample));
    return out;
  }

  private fieldConditions(r: FieldReading): Condition[] {
    const f = r.field;
    const ok = (op: Operator) => this.allowed(f, op);
    const out: Condition[] = [];
    const add = (node: QueryNode, label: string, clauses: readonly string[]) =>
      out.push({ node, label: `${label} on ${f.name}`, clauses: withMulti(f, r, clauses) });
    if (r.present === false) {
      if (ok("exists")) {
        add(leaf(f, "exists", false), "exists: false (no value)", C.exists);
        add({ not: leaf(f, "exists", true) }, "not exists: true (no value)", [...C.exists, ...C.not]);
      }
      return out;
    }
    if (r.present !== true || r.values.length === 0) return out;
    // With values possibly missing from what was returned, only what the known values satisfy is certain.
    const negative = !r.partial;
    // The last value: a fault that reads only a list's first element (or a person's first sub-record) misses it.
    const v = r.values[r.values.length - 1]!;
    if (ok("exists")) add(leaf(f, "exists", true), "exists: true", C.exists);
    if (typeof v === "string" && f.type !== "date") {
      if (ok("eq")) add(leaf(f, "eq", v), "eq its value", C.eq);
      if (ok("in")) add(leaf(f, "in", [NONCE, v]), "in [other, its value]", C.in);
      if (ok("eq")) add({ not: leaf(f, "eq", NONCE) }, "not eq another value", C.not);
      const m = ok("match") ? matchWord(r.values) : undefined;
      if (m) {
        add(leaf(f, "match", m.words[0]), "match one whole word", C.match);
        if (m.pair) add(leaf(f, "match", m.pair), "match two whole words of one value, side by side", C.match);
      }
    } else if (typeof v === "boolean") {
      if (ok("eq")) add(leaf(f, "eq", v), "eq its value", C.eq);
      if (ok("in")) add(leaf(f, "in", [!v, v]), "in [other, its value]", C.in);
      if (ok("eq") && negative && !r.values.includes(!v))
        add({ not: leaf(f, "eq", !v) }, "not eq the other value", C.not);
    } else if (typeof v === "number") {
      // Bounds of other magnitudes than its value too: a comparison of decimal strings agrees with equal ones only.
      const others = r.values.filter((x): x is number => typeof x === "number");
      for (const b of numericBounds(v, others))
        if (ok(b.op))
          add(
            leaf(f, b.op, b.bound),
            b.form === "equal" ? `${b.op} exactly its value` : `${b.op} ${b.bound} (${b.form}, its value ${v})`,
            C.range,
          );
      if (ok("eq")) add(leaf(f, "eq", v), "eq its value", C.eq);
      if (ok("in")) add(leaf(f, "in", [otherValue(v), v]), "in [other, its value]", C.in);
    } else if (f.type === "date" && typeof v === "string") {
      if (ok("gte")) add(leaf(f, "gte", v), "gte exactly its date", C.range);
      if (ok("lte")) add(leaf(f, "lte", v), "lte exactly its date", C.range);
      const days = daysBetween(v, this.today);
      if (ok("gte") && days >= 0)
        add(leaf(f, "gte", `now-${days + 3}d`), `gte now-${days + 3}d (its date ${v})`, C.relative);
      if (ok("lte") && days >= 3)
        add(leaf(f, "lte", `now-${days - 3}d`), `lte now-${days - 3}d (its date ${v})`, C.relative);
      const back = monthsCovering(v, this.today, 5);
      if (ok("gte") && back > 0) add(leaf(f, "gte", `now-${back}m`), `gte now-${back}m (its date ${v})`, C.relative);
      const forward = monthsWithin(v, this.today, 5);
      if (ok("lte") && forward > 0)
        add(leaf(f, "lte", `now-${forward}m`), `lte now-${forward}m (its date ${v})`, C.relative);
    }
    return out;
  }

  /**
   * `not` over every node form the record is outside of (shapes.ts): a leaf, `any` of every arity whose children
   * match nobody, `all` with one child matching nobody at each position, a nested `not`, and each scope: one whose
   * leaf no sub-record holds, and one whose two values the record holds only on different sub-records (so a `not`
   * that does not bind them to one sub-record leaves the record out).
   */
  private notForms(sample: Sample, plain: readonly Condition[]): Condition[] {
    const out: Condition[] = [];
    const add = (node: QueryNode, label: string, clauses: readonly string[]) =>
      out.push({ node, label, clauses: [...C.not, ...clauses] });
    // Leaves matching nobody on a person-level text field the record holds: their `not` holds under every reading of
    // what `not` does with a missing value.
    const held = plain.find((c) => {
      const f = this.dataset.fields.get(String(c.node.field));
      return typeof c.node.eq === "string" && f !== undefined && !f.scope && f.type !== "date";
    });
    if (held && plain.length) {
      const nothing = (i: number) => nonceVariant({ field: held.node.field, eq: NONCE }, i);
      add({ not: nothing(0) }, `not (leaf): eq nothing on ${String(held.node.field)}`, []);
      for (const { arity, position } of [1, 2, 3, 4].map((a) => ({ arity: a, position: 0 })))
        add(
          { not: compositeAt("any", arity, position, nothing(0), (i) => nothing(i + 1)) },
          `not any of ${arity} matching nobody`,
          C.any,
        );
      for (const arity of [2, 3, 4])
        for (let position = 0; position < arity; position++)
          add(
            { not: compositeAt("all", arity, position, nothing(0), (i) => plain[i % plain.length]!.node) },
            `not all of ${arity} of its own conditions with one matching nobody at child ${position + 1}`,
            C.all,
          );
      add({ not: { not: plain[0]!.node } }, `not not (${plain[0]!.label})`, plain[0]!.clauses);
      add({ not: { not: { not: nothing(0) } } }, "not not not (eq nothing)", []);
    }
    if (this.dataset.name !== "people") return out;
    const fold = (x: Scalar | null | undefined) => (typeof x === "string" ? x.toLowerCase() : x);
    for (const { scope, names } of scopedFields()) {
      if (!this.dataset.scopes[scope]) continue;
      const readings = names
        .map((n) => sample.fields.get(n))
        .filter(
          (r): r is FieldReading =>
            r?.perElement !== undefined &&
            r.perElement.length > 0 &&
            r.field.type !== "date" &&
            (this.allowed(r.field, "eq") || (this.allowed(r.field, "gte") && this.allowed(r.field, "lte"))) &&
            r.perElement.every((x) => typeof x === "string" || typeof x === "boolean" || typeof x === "number"),
        );
      // A value exactly: eq, or for numbers (which take only gte and lte) both bounds at it.
      const exactlyIt = (f: FieldSpec, v: Scalar): QueryNode[] =>
        typeof v === "number" ? [leaf(f, "gte", v), leaf(f, "lte", v)] : [leaf(f, "eq", v)];
      const text = readings.find((r) => typeof r.perElement![0] === "string" && this.allowed(r.field, "eq"));
      if (text)
        add(
          { not: { [scope]: leaf(text.field, "eq", NONCE) } },
          `not ${scope}: eq nothing on ${text.field.name}`,
          C.scope,
        );
      // Two values held only on different sub-records: no one sub-record holds both, so not {scope: all[a, b]} holds.
      const count = readings[0]?.perElement?.length ?? 0;
      const pair = readings
        .flatMap((x) => readings.filter((y) => y !== x).map((y) => ({ x, y })))
        .filter(({ x, y }) => x.perElement!.length === count && y.perElement!.length === count)
        .flatMap(({ x, y }) => {
          const a = x.perElement![0]!;
          const b = y.perElement![count - 1]!;
          const apart = x.perElement!.every((xa, j) => fold(xa) !== fold(a) || fold(y.perElement![j]) !== fold(b));
          return count >= 2 && apart ? [{ x, y, a, b }] : [];
        })[0];
      if (pair)
        add(
          { not: { [scope]: all(...exactlyIt(pair.x.field, pair.a), ...exactlyIt(pair.y.field, pair.b)) } },
          `not ${scope}: ${pair.x.field.name} and ${pair.y.field.name} of two different sub-records`,
          C.scope,
        );
    }
    return out;
  }

  /**
   * Two values of one sub-record (its last), in its scope; with two sub-records, one value and the negation of
   * another's.
   */
  private scopedConditions(sample: Sample): Condition[] {
    const out: Condition[] = [];
    for (const { scope, names } of scopedFields()) {
      if (!this.dataset.scopes[scope]) continue;
      const readings = names
        .map((n) => sample.fields.get(n))
        .filter((r): r is FieldReading => r?.perElement !== undefined);
      const count = readings[0]?.perElement?.length ?? 0;
      if (count === 0 || readings.some((r) => r.perElement!.length !== count)) continue;
      const i = count - 1;
      const held = readings.flatMap((r) => {
        const value = r.perElement![i];
        return value === null || value === undefined ? [] : [{ field: r.field, value }];
      });
      const nodes = held.map((h) => this.exactly(h.field, h.value)).filter((n): n is QueryNode => n !== undefined);
      if (nodes.length >= 2) {
        out.push({
          node: { [scope]: all(nodes[0]!, nodes[1]!) },
          label: `${scope}: two values of its last sub-record`,
          clauses: [...C.scope, ...C.all],
        });
        const text = held.find(
          (h) => typeof h.value === "string" && this.allowed(h.field, "eq") && h.field.type !== "date",
        );
        if (text)
          out.push({
            node: { [scope]: all(nodes[0]!, { not: leaf(text.field, "eq", NONCE) }) },
            label: `${scope}: a value and not another value`,
            clauses: [...C.scope, ...C.not],
          });
      }
      // Another sub-record's different value, negated in the same scope: only one sub-record is looked at.
      const other = readings.find(
        (r) =>
          typeof r.perElement![i] === "string" &&
          r.perElement!.some((x, j) => j !== i && typeof x === "string" && x !== r.perElement![i]),
      );
      if (other && this.allowed(other.field, "eq")) {
        const mine = other.perElement![i] as string;
        const theirs = other.perElement!.find((x, j) => j !== i && typeof x === "string" && x !== mine) as string;
        out.push({
          node: { [scope]: all(leaf(other.field, "eq", mine), { not: leaf(other.field, "eq", theirs) }) },
          label: `${scope}: one sub-record's ${other.field.name} and not another's`,
          clauses: [...C.scope, ...C.not],
        });
      }
    }
    return out;
  }

  /** A leaf the value satisfies exactly: eq on text and booleans, gte at the value for numbers and dates. */
  private exactly(field: FieldSpec, value: Scalar): QueryNode | undefined {
    if (typeof value === "number" || field.type === "date")
      return this.allowed(field, "gte") ? leaf(field, "gte", value) : undefined;
    return this.allowed(field, "eq") ? leaf(field, "eq", value) : undefined;
  }

  /**
   * Queries that must match nobody, built from the sample's conditions and values: free on a conformant
   * deployment (a search that returns nothing costs nothing, §8), each resting on a relation.
   */
  emptyProbes(sample: Sample, conditions: readonly Condition[], anchor: QueryNode | undefined): EmptyProbe[] {
    const out: EmptyProbe[] = [];
    const plain = conditions.filter((c) => typeof c.node.field === "string" && !("exists" in c.node));
    out.push(...this.conditionProbes(plain));
    out.push(...this.booleanProbes());
    for (let k = 0; k + 1 < plain.length; k += 2) {
      const [a, b] = [plain[k]!, plain[k + 1]!];
      out.push({
        where: all(all(a.node, b.node), { not: a.node }),
        relation: `all[A, B] ⊆ A (A: ${a.label}; B: ${b.label})`,
        clauses: [...C.all, ...C.not],
      });
    }
    for (const r of sample.fields.values()) out.push(...this.valueProbes(r));
    out.push(...this.magnitudeProbes(sample));
    if (this.dataset.name === "people") out.push(...this.scopeProbes(sample, anchor));
    return out;
  }

  /** Relations on each field's first condition: not, exists, all and any at a position by field, eq within in. */
  private conditionProbes(plain: readonly Condition[]): EmptyProbe[] {
    const out: EmptyProbe[] = [];
    const nonce = this.nonceLeaf();
    const fields = [...new Set(plain.map((c) => String(c.node.field)))];
    for (const [index, field] of fields.entries()) {
      const c = plain.find((x) => x.node.field === field)!;
      // all[..., B, ...] with B matching nobody, and any[..., A, ...] with the others matching nobody, of a shape by
      // field (shapes.ts): a composite that reads only some children shows at some position.
      const { arity, position } = shapeAt(index);
      const f = this.dataset.fields.get(field)!;
      const relations: (EmptyProbe | undefined)[] = [
        { where: all(c.node, { not: c.node }), relation: `not A ∩ A = ∅ (A: ${c.label})`, clauses: C.not },
        this.allowed(f, "exists")
          ? {
              where: all(c.node, leaf(f, "exists", false)),
              relation: `A ⊆ exists (A: ${c.label})`,
              clauses: [...C.exists, ...c.clauses],
            }
          : undefined,
        nonce
          ? {
              where: compositeAt("all", Math.max(2, arity), position, nonce, () => c.node),
              relation: `all[A, B] ⊆ B, B matching nobody at child ${position + 1} (A: ${c.label})`,
              clauses: C.all,
            }
          : undefined,
        nonce
          ? {
              where: all(c.node, {
                not: compositeAt("any", arity, position, c.node, (i) => nonceVariant(nonce, i)),
              }),
              relation: `any[A, B] ⊇ A, A at child ${position + 1} of ${arity} (A: ${c.label})`,
              clauses: [...C.any, ...C.not],
            }
          : undefined,
        "eq" in c.node && this.allowed(f, "in")
          ? {
              where: all(c.node, { not: leaf(f, "in", [c.node.eq, otherValue(c.node.eq)]) }),
              relation: `eq v ⊆ in [v, w] (${c.label})`,
              clauses: [...C.eq, ...C.in, ...C.not],
            }
          : undefined,
      ];
      out.push(...relations.filter((x): x is EmptyProbe => x !== undefined));
    }
    return out;
  }

  private booleanProbes(): EmptyProbe[] {
    const out: EmptyProbe[] = [];
    // On both values of every boolean (whichever the sample holds): a value condition implies a value, and `in` one
    // value leaves the other out (with every record holding a value, `in [true, false]` cannot tell an `in` that
    // matches everything).
    for (const f of this.dataset.fields.values()) {
      if (f.type !== "boolean" || !this.allowed(f, "eq")) continue;
      for (const b of [true, false]) {
        if (this.allowed(f, "exists"))
          out.push({
            where: all(leaf(f, "eq", b), leaf(f, "exists", false)),
            relation: `eq ${b} ⊆ exists on ${f.name}`,
            clauses: [...C.exists, ...C.eq],
          });
        if (this.allowed(f, "in"))
          out.push({
            where: all(leaf(f, "in", [b]), leaf(f, "eq", !b)),
            relation: `in [${b}] ∩ eq ${!b} = ∅ on ${f.name}`,
            clauses: [...C.in, ...C.eq],
          });
      }
    }
    return out;
  }

  private magnitudeProbes(sample: Sample): EmptyProbe[] {
    const out: EmptyProbe[] = [];
    // Bounds no number meets whatever the data holds: other magnitudes than the sample's values, on the number fields
    // its record returns as numbers or without a value (one that comes as text could not be judged, at a Credit a
    // batch).
    for (const r of sample.fields.values())
      if (
        r.field.type === "number" &&
        r.returned &&
        (r.present === false || r.values.some((x) => typeof x === "number")) &&
        this.allowed(r.field, "gte") &&
        this.allowed(r.field, "lte")
      )
        for (const c of MAGNITUDE_CONTRADICTIONS)
          out.push({
            where: this.oneValue(r.field, leaf(r.field, "gte", c.gte), leaf(r.field, "lte", c.lte)),
            relation: `gte ${c.gte} and lte ${c.lte} on one value of ${r.field.name}`,
            clauses: this.oneValueClauses(r.field, C.range),
          });
    return out;
  }

  /** A leaf matching nobody on a field that takes eq. */
  nonceLeaf(): QueryNode | undefined {
    for (const f of this.dataset.fields.values())
      if ((f.type === "text" || f.type === "identity") && !f.scope && this.allowed(f, "eq"))
        return leaf(f, "eq", NONCE);
    return undefined;
  }

  /** A contradiction that holds on one value: in the field's scope when it belongs to a sub-record. */
  private oneValue(field: FieldSpec, a: QueryNode, b: QueryNode): QueryNode {
    const both = all(a, b);
    return this.scoped(field) ? { [scopeKeyOf(field.scope!)]: both } : both;
  }

  /** The clauses a `oneValue` contradiction rests on: its relation's, and the scope's that binds it to one value. */
  private oneValueClauses(field: FieldSpec, relation: readonly string[]): string[] {
    return [...relation, ...(this.scoped(field) ? C.scope : [])];
  }

  private scoped(field: FieldSpec): boolean {
    return field.scope !== undefined && this.dataset.scopes[scopeKeyOf(field.scope)] !== undefined;
  }

  private valueProbes(r: FieldReading): EmptyProbe[] {
    const f = r.field;
    const out: EmptyProbe[] = [];
    const v = r.values[r.values.length - 1];
    if (v === undefined) return out;
    const ok = (op: Operator) => this.allowed(f, op);
    if (typeof v === "string" && f.type !== "date") out.push(...this.textProbes(r, v));
    if (typeof v === "number" && Number.isInteger(v) && ok("gte") && ok("lte")) {
      out.push({
        where: this.oneValue(f, leaf(f, "gte", v), leaf(f, "lte", v - 1)),
        relation: `gte ${v} and lte ${v - 1} on one value`,
        clauses: this.oneValueClauses(f, C.range),
      });
      for (const c of numericContradictions(v))
        out.push({
          where: this.oneValue(f, leaf(f, "gte", c.gte), leaf(f, "lte", c.lte)),
          relation: `gte ${c.gte} and lte ${c.lte} on one value (${c.form})`,
          clauses: this.oneValueClauses(f, C.range),
        });
    }
    if (f.type === "date" && typeof v === "string" && ok("gte") && ok("lte")) out.push(...this.dateProbes(r, v));
    return out;
  }

  /**
   * On a text value: eq is whole and exact (a prefix, the case swapped). No probe of match inside a word: a database's
   * ILIKE and a fuzzy engine find one, and both are readings of match (s4-2-match-semantics).
   */
  private textProbes(r: FieldReading, v: string): EmptyProbe[] {
    const f = r.field;
    const out: EmptyProbe[] = [];
    const ok = (op: Operator) => this.allowed(f, op);
    if (ok("eq") && v.length >= 5 && /\p{L}/u.test(v)) {
      out.push({
        where: leaf(f, "eq", v.slice(0, -2)),
        relation:
          `eq compares the whole value: eq ${JSON.stringify(v.slice(0, -2))} ` + `(a prefix of ${JSON.stringify(v)})`,
        clauses: C.eq,
      });
      const swapped = [...v].map((ch) => (ch === ch.toUpperCase() ? ch.toLowerCase() : ch.toUpperCase())).join("");
      if (exactField(f) && swapped !== v)
        out.push({
          where: leaf(f, "eq", swapped),
          relation: `${f.name} is matched exactly, case included: eq ${JSON.stringify(swapped)}`,
          clauses: C.exact,
        });
    }
    return out;
  }

  /** On a date value: a one-day contradiction, and relative dates read as the days and months they name. */
  private dateProbes(r: FieldReading, v: string): EmptyProbe[] {
    const f = r.field;
    const out: EmptyProbe[] = [];
    out.push({
      where: this.oneValue(f, leaf(f, "gte", v), leaf(f, "lte", addDays(v, -1))),
      relation: `gte ${v} and lte the day before on one value`,
      clauses: this.oneValueClauses(f, C.range),
    });
    const oldest = [...r.values].sort()[0] as string;
    const days = daysBetween(oldest, this.today);
    const months = Math.max(1, Math.floor(days / 30.44));
    const bound = monthsBefore(this.today, months);
    const relative = (a: QueryNode, b: QueryNode, relation: string) =>
      out.push({ where: this.oneValue(f, a, b), relation, clauses: this.oneValueClauses(f, C.relative) });
    // A month of a fixed 30 or 31 days is a reading of "m" (s4-2-relative-month-length): past its drift, a failure.
    const margin = 5 + monthDrift(months);
    relative(
      leaf(f, "lte", `now-${months}m`),
      leaf(f, "gte", addDays(bound, margin)),
      `now-${months}m is ${bound}: lte now-${months}m and gte ${addDays(bound, margin)}`,
    );
    relative(
      leaf(f, "gte", `now-${months}m`),
      leaf(f, "lte", addDays(bound, -margin)),
      `now-${months}m is ${bound}: gte now-${months}m and lte ${addDays(bound, -margin)}`,
    );
    if (days > 3) {
      const day = addDays(this.today, -days);
      relative(
        leaf(f, "lte", `now-${days}d`),
        leaf(f, "gte", addDays(day, 3)),
        `now-${days}d is ${day}: lte now-${days}d and gte ${addDays(day, 3)}`,
      );
      relative(
        leaf(f, "gte", `now-${days}d`),
        leaf(f, "lte", addDays(day, -3)),
        `now-${days}d is ${day}: gte now-${days}d and lte ${addDays(day, -3)}`,
      );
    }
    out.push({
      where: all(leaf(f, "gte", "now-30d"), { not: leaf(f, "gte", "now-6m") }),
      relation: "gte now-6m ⊇ gte now-30d",
      clauses: [...C.relative, ...C.not],
    });
    return out;
  }

  /** Contradictions inside one sub-record, and scoped ⊆ unscoped, for each scope the sample can fill. */
  private scopeProbes(sample: Sample, anchor: QueryNode | undefined): EmptyProbe[] {
    const out: EmptyProbe[] = [];
    for (const { scope, names } of scopedFields()) {
      const readings = names
        .map((n) => sample.fields.get(n))
        .filter((r): r is FieldReading => r?.perElement !== undefined && r.values.length > 0);
      const text = readings.find(
        (r) => typeof r.values[0] === "string" && r.field.type !== "date" && this.allowed(r.field, "eq"),
      );
      if (text) {
        const a = leaf(text.field, "eq", text.values[0]);
        out.push({
          where: { [scope]: all(a, { not: a }) },
          relation: `${scope}: A and not A on one sub-record match nobody (A: eq on ${text.field.name})`,
          clauses: [...C.scope, ...C.not],
        });
      }
      const count = readings[0]?.perElement?.length ?? 0;
      if (readings.length < 2 || readings.some((r) => r.perElement!.length !== count)) continue;
      const nodes = readings
        .map((r) => ({ r, value: r.perElement![count - 1] }))
        .filter((x) => x.value !== null && x.value !== undefined)
        .map((x) => this.exactly(x.r.field, x.value!))
        .filter((n): n is QueryNode => n !== undefined);
      if (nodes.length >= 2) {
        const pair = all(nodes[0]!, nodes[1]!);
        out.push({
          where: all({ [scope]: pair }, { not: pair }),
          relation: `${scope}: scoped ⊆ the same conditions unscoped`,
          clauses: [...C.scope, ...C.multi, ...C.not],
        });
      }
      // Values of two different sub-records, bound to one: only this person could hold them apart, and must not match.
      if (anchor && count >= 2) {
        const [x, y] = [readings[0]!, readings[1]!];
        const a = x.perElement![0];
        const b = y.perElement![count - 1];
        const same = [...Array(count).keys()].some((j) => x.perElement![j] === a && y.perElement![j] === b);
        const na = a === null || a === undefined ? undefined : this.exactly(x.field, a);
        const nb = b === null || b === undefined ? undefined : this.exactly(y.field, b);
        if (
          !same &&
          na &&
          nb &&
          typeof a !== "number" &&
          typeof b !== "number" &&
          x.field.type !== "date" &&
          y.field.type !== "date"
        ) {
          out.push({
            where: all(anchor, { [scope]: all(na, nb) }),
            relation: `${scope}: values of two different sub-records do not meet in one`,
            clauses: C.scope,
          });
        }
      }
    }
    return out;
  }
}
