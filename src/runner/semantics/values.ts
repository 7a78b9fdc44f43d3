import type { FieldSpec } from "../../contract/index.js";

export type Scalar = string | number | boolean;

/**
 * What a fetched record says about one queryable field. The spec does not show how a detail record
 * returns a field (s2-4-full-record-fields-not-shown), so the reading is cautious: a value is taken only
 * when its form is plain (a scalar, a list of scalars, a list of one-member objects such as jobs'
 * `regions[].region`); anything else leaves the field unknown, and an oracle never judges an unknown field.
 */
export interface FieldReading {
  readonly field: FieldSpec;
  /** False when the record does not carry the member at all (not returned: nothing can be judged). */
  readonly returned: boolean;
  /**
   * True when the record holds a value, false when it holds none (null, an empty list or a list of nulls:
   * §2.6 "A field without a value is returned as null or an empty array"), undefined when the form is unknown.
   */
  readonly present: boolean | undefined;
  /** The values usable in a query, typed for the field (numbers for number/ordinal, YYYY-MM-DD for dates). */
  readonly values: readonly Scalar[];
  /**
   * The raw entry per element, in order, when the member is a list (one entry per sub-record for a field of a
   * sub-record; null where that sub-record has no value). Undefined for a scalar member.
   */
  readonly perElement?: readonly (Scalar | null)[];
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const NUMBER = /^-?\d+(\.\d+)?$/;

/** One element typed for the field, or null when it holds no value, or undefined when its form is not plain. */
function typed(field: FieldSpec, element: unknown): Scalar | null | undefined {
  let value = element;
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    const members = Object.values(value);
    if (members.length !== 1) return undefined;
    value = members[0];
  }
  if (value === null) return null;
  switch (field.type) {
    case "number":
    case "ordinal":
      if (field.values) return typeof value === "string" ? value : undefined;
      if (typeof value === "number" && Number.isFinite(value)) return value;
      return typeof value === "string" && NUMBER.test(value) ? Number(value) : undefined;
    case "date":
      return typeof value === "string" && DATE.test(value) ? value : undefined;
    case "boolean":
      return typeof value === "boolean" ? value : undefined;
    default:
      return typeof value === "string" ? value : undefined;
  }
}

export function readField(record: Readonly<Record<string, unknown>>, field: FieldSpec): FieldReading {
  if (!Object.hasOwn(record, field.name)) return { field, returned: false, present: undefined, values: [] };
  const raw = record[field.name];
  const elements = Array.isArray(raw) ? raw : [raw];
  const entries = elements.map((e) => typed(field, e));
  const values = entries.filter((e): e is Scalar => e !== null && e !== undefined);
  const unreadable = entries.some((e) => e === undefined);
  const present = values.length > 0 ? true : unreadable ? undefined : false;
  return {
    field,
    returned: true,
    present,
    values,
    ...(Array.isArray(raw) && !unreadable ? { perElement: entries as (Scalar | null)[] } : {}),
  };
}

/** Words of a text as the reference and most engines cut them: maximal runs of letters and digits. */
export function wordsOf(text: string): string[] {
  return text.match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Words every reading of `match` agrees on: long, with a letter, not a common English stop word. */
const STOP = new Set(["and", "the", "for", "with", "from", "that", "this", "into", "over", "your", "have", "will", "are", "our", "you"]);
export function robustWords(text: string): string[] {
  return wordsOf(text).filter((w) => w.length >= 4 && /\p{L}/u.test(w) && !STOP.has(w.toLowerCase()));
}

/** The day `days` after a YYYY-MM-DD date (negative: before). */
export function addDays(date: string, days: number): string {
  const t = Date.parse(`${date}T00:00:00Z`) + days * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

/** Whole days from `a` to `b` (YYYY-MM-DD). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** The calendar date `months` months before `date` (clamped to the month's last day). */
export function monthsBefore(date: string, months: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) - months;
  const year = Math.floor(index / 12);
  const month = index - year * 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(d, last))).toISOString().slice(0, 10);
}

/** Today in UTC, YYYY-MM-DD. */
export function todayUtc(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}
