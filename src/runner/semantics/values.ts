import type { FieldSpec } from "../../contract/index.js";

export type Scalar = string | number | boolean;

/**
 * What a fetched record says about one queryable field. The spec does not show how a detail record
 * returns a field (s2-4-full-record-fields-not-shown), so the reading is cautious: a value is taken only
 * when its form is plain (a scalar or a list of scalars); an object (jobs' `regions[].region`) or a number
 * returned as text shows a value but none a query can be built from, and an oracle never judges such a field.
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
   * True when `values` may not be all the record holds: some elements could not be used (an object, a number as
   * text), or a sub-record field came back as one value. Only conditions its values satisfy are built then.
   */
  readonly partial?: boolean;
  /**
   * The raw entry per element, in order, when the member is a list (one entry per sub-record for a field of a
   * sub-record; null where that sub-record has no value). Undefined for a scalar member.
   */
  readonly perElement?: readonly (Scalar | null)[];
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/**
 * A day written as a timestamp at its start, UTC (`1988-08-15T00:00:00Z`), as a timestamp column serializes one
 * (`detail-dates-as-timestamps`): its day is the date. Another time of day, or another zone, could be another day.
 */
const MIDNIGHT_UTC = /^(\d{4}-\d{2}-\d{2})T00:00(?::00(?:\.0+)?)?(?:Z|[+-]00:?00)?$/;

/** An element that holds a value in a form a query does not compare with (an object such as jobs' `regions[]`). */
const OPAQUE = Symbol("opaque");

/** One element typed for the field, null when it holds no value, OPAQUE, or undefined when its form is not plain. */
function typed(field: FieldSpec, element: unknown): Scalar | null | typeof OPAQUE | undefined {
  const value = element;
  if (value !== null && typeof value === "object") return OPAQUE;
  if (value === null) return null;
  switch (field.type) {
    case "number":
    case "ordinal":
      if (field.values) return typeof value === "string" ? value : undefined;
      // A number returned as text (jobs' applicants_count, §2.6) may be stored and compared as text: not used.
      return typeof value === "number" && Number.isFinite(value) ? value : undefined;
    case "date":
      if (typeof value !== "string") return undefined;
      return DATE.test(value) ? value : MIDNIGHT_UTC.exec(value)?.[1];
    case "boolean":
      // 1 and 0, as a database without a boolean type stores them (`detail-booleans-as-integers`).
      return typeof value === "boolean" ? value : value === 1 || value === 0 ? value === 1 : undefined;
    default:
      // An empty text is a value to a database and none to a full-text engine's exists: its presence is unknown.
      return typeof value === "string" && value.trim() !== "" ? value : undefined;
  }
}

export function readField(record: Readonly<Record<string, unknown>>, field: FieldSpec): FieldReading {
  if (!Object.hasOwn(record, field.name)) return { field, returned: false, present: undefined, values: [] };
  const raw = record[field.name];
  const elements = Array.isArray(raw) ? raw : [raw];
  const entries = elements.map((e) => typed(field, e));
  const values = entries.filter((e): e is Scalar => e !== null && e !== undefined && e !== OPAQUE);
  const opaque = entries.includes(OPAQUE);
  const unreadable = entries.some((e) => e === undefined);
  // A sub-record field returned as one value (say, the latest job's) may not be all the person holds.
  const oneOfMany = field.scope !== undefined && !Array.isArray(raw);
  // An empty list of the record's own: no value on a posting (§2.6), undecided on people and companies, where a store
  // that keeps [] counts it as one (s4-2-exists-empty-list). A sub-record field's [] is a person without such records.
  const emptyOwnList = Array.isArray(raw) && raw.length === 0 && field.scope === undefined && field.dataset !== "jobs";
  const present = values.length > 0 || opaque ? true : unreadable || oneOfMany || emptyOwnList ? undefined : false;
  return {
    field,
    returned: true,
    present,
    values,
    ...(opaque || unreadable || oneOfMany ? { partial: true } : {}),
    ...(Array.isArray(raw) && !unreadable && !opaque ? { perElement: entries as (Scalar | null)[] } : {}),
  };
}

/** Words of a text as the reference and most engines cut them: maximal runs of letters and digits. */
export function wordsOf(text: string): string[] {
  return text.match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * English stop words of four letters or more (shorter words are never probed): an engine may drop them from a text
 * and from a query alike, so that a match on one alone finds nothing (Lucene's English list, and the longer one of
 * PostgreSQL's english text search configuration, whose words are these).
 */
const STOP = new Set(
  (
    "that this into over your have will from with there these they their were been such then about above after " +
    "again against being below between both could does doing down during each further having here hers herself " +
    "himself itself just more most myself once only other ours ourselves same should some than theirs them " +
    "themselves those through under until very what when where which while whom would yours yourself yourselves " +
    "because before"
  ).split(" "),
);

/** Punctuation that may open or close a word of prose ("(Mumbai", "Mumbai.") without joining it to another. */
const OPENING = `("'“‘\\[`;
const CLOSING = `)\\]"'”’,.;:!?`;
const OPENED = new RegExp(`^[${OPENING}]+`, "u");
const CLOSED = new RegExp(`[${CLOSING}]+$`, "u");
const BEFORE_WORD = new RegExp(`(?:^|\\s)[${OPENING}]*$`, "u");
const AFTER_WORD = new RegExp(`^[${CLOSING}]*(?:\\s|$)`, "u");

/**
 * The word a token of a text (cut at white space) stands for under every reading of `match`, or undefined: letters
 * and digits only once the punctuation that opens or closes it is taken off, with a letter, four long at least, not
 * a stop word. "node.js", "O'Brien", "e-mail" and "C++" give none, since engines cut them differently (Unicode's
 * word boundaries keep "node.js" whole; a database's ILIKE sees "js" in it).
 */
function robustWord(token: string): string | undefined {
  const w = token.replace(OPENED, "").replace(CLOSED, "");
  return /^[\p{L}\p{N}]+$/u.test(w) && w.length >= 4 && /\p{L}/u.test(w) && !STOP.has(w.toLowerCase()) ? w : undefined;
}

/**
 * Whether a text holds the query under every reading of match: the query's words, one space apart, written in the
 * text as it is stored, case included, with white space or the text's end around them (punctuation that opens or
 * closes a word aside). Whole words, all of them or any one, a phrase, a substring, fuzzy or stemmed: each finds it.
 */
export function holdsAsWritten(text: string, query: string): boolean {
  const q = query.trim();
  if (!/^[\p{L}\p{N}]+(?: [\p{L}\p{N}]+)*$/u.test(q)) return false;
  for (let at = text.indexOf(q); at >= 0; at = text.indexOf(q, at + 1))
    if (BEFORE_WORD.test(text.slice(0, at)) && AFTER_WORD.test(text.slice(at + q.length))) return true;
  return false;
}

/** Words every reading of `match` agrees are words of the text (robustWord), in their order. */
export function robustWords(text: string): string[] {
  return text.split(/\s+/u).flatMap((token) => robustWord(token) ?? []);
}

/**
 * Two robust words standing side by side in the text, one space apart and in their order, as the text writes them
 * ("Senior Engineer" of "Senior Engineer, Payments"): every reading of a two-word `match` finds the text by them,
 * all words, any word, a phrase, a substring, fuzzy or stemmed (s4-2-match-semantics).
 */
export function robustPairs(text: string): string[] {
  const tokens = text.split(" ");
  const out: string[] = [];
  for (let i = 0; i + 1 < tokens.length; i++) {
    const [a, b] = [tokens[i]!, tokens[i + 1]!];
    const first = robustWord(a);
    const second = robustWord(b);
    // The first may open with punctuation and the second close with it, but nothing may stand between them.
    if (first && second && a.endsWith(first) && b.startsWith(second)) out.push(`${first} ${second}`);
  }
  return out;
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

/**
 * The days by which `now-Nm` read as N months of a fixed 30 or 31 days may stand off the calendar date N months back
 * (half a day a month, rounded up): a reading of "m" the spec leaves open (s4-2-relative-month-length).
 */
export function monthDrift(months: number): number {
  return Math.ceil(0.6 * months);
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
