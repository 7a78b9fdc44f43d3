/**
 * "Did you mean" candidates: the names closest to the input by optimal string alignment distance between the
 * lower-cased words (a case change alone costs one edit), within a quarter of the input's length (at least one
 * edit), keeping only the closest ones, so that `citty` gets `city` and not `title` beside it. A name the input
 * completes or extends word by word (`ended` -> `ended_at`, `job_title` -> `title`), when only one does, wins
 * where nothing is within one edit. Measured on src/lint/testing/misspellings.ts (src/lint/suggest.test.ts).
 */
export function suggestionList(input: string, options: readonly string[]): string[] {
  // No name in the contract is this long; a hostile input must not cost a quadratic table.
  if (input.length > MAX_INPUT) return options.filter((o) => o.toLowerCase() === input.toLowerCase());
  const threshold = Math.max(1, Math.floor(input.length / 4));
  const lower = input.toLowerCase();
  const lowered = options.map((o) => o.toLowerCase());
  const rows = distanceRows(Math.max(0, ...lowered.map((o) => o.length)) + 1);
  let best = threshold + 1;
  let closest: string[] = [];
  options.forEach((option, k) => {
    const distance =
      option === input ? 0 : lowered[k] === lower ? 1 : rows.osaDistance(lower, lowered[k]!, Math.min(threshold, best));
    if (distance === undefined || distance > threshold || distance > best) return;
    if (distance < best) {
      best = distance;
      closest = [];
    }
    closest.push(option);
  });
  const words = options.filter((_, k) => wordExtension(lower, lowered[k]!));
  // Two edits or more away, a name the input is a whole part of says more than one that merely looks alike.
  if (words.length === 1 && (closest.length === 0 || best >= 2)) return words;
  return closest.sort((a, b) => a.localeCompare(b));
}

/** True when one name is the other with words added before or after it (`ended`, `ended_at`). */
function wordExtension(a: string, b: string): boolean {
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  if (short.length < 4 || short === long) return false;
  return long.startsWith(short) || long.endsWith(`_${short}`);
}

const MAX_INPUT = 100;

let shared: DistanceRows | undefined;

/** Rows at least `width` wide, made once and reused (suggestion lists are built one at a time, synchronously). */
function distanceRows(width: number): DistanceRows {
  if (!shared || shared.width < width) shared = new DistanceRows(Math.max(width, 64));
  return shared;
}

/**
 * The three rows the optimal string alignment distance needs (this one, the one before, and the
 * one before that for a transposition), rather than a table per option.
 */
class DistanceRows {
  private before: Int32Array;
  private previous: Int32Array;
  private current: Int32Array;

  constructor(readonly width: number) {
    this.before = new Int32Array(width);
    this.previous = new Int32Array(width);
    this.current = new Int32Array(width);
  }

  /** The distance from a to b (b no longer than the rows), or undefined once it must exceed threshold. */
  osaDistance(a: string, b: string, threshold: number): number | undefined {
    if (Math.abs(a.length - b.length) > threshold) return undefined;
    for (let j = 0; j <= b.length; j++) this.previous[j] = j;
    for (let i = 1; i <= a.length; i++) {
      const row = this.current;
      row[0] = i;
      let best = Infinity;
      const ai = a.charCodeAt(i - 1);
      const aPrev = i > 1 ? a.charCodeAt(i - 2) : -1;
      for (let j = 1; j <= b.length; j++) {
        const bj = b.charCodeAt(j - 1);
        const cost = ai === bj ? 0 : 1;
        let d = Math.min(this.previous[j]! + 1, row[j - 1]! + 1, this.previous[j - 1]! + cost);
        if (j > 1 && aPrev >= 0 && ai === b.charCodeAt(j - 2) && aPrev === bj) d = Math.min(d, this.before[j - 2]! + 1);
        row[j] = d;
        if (d < best) best = d;
      }
      if (best > threshold) return undefined;
      // Rotate: the row just made is the previous one of the next.
      this.current = this.before;
      this.before = this.previous;
      this.previous = row;
    }
    return this.previous[b.length];
  }
}

/**
 * The optimal string alignment distance between two strings (a swap of two neighbours is one edit, as Lucene's fuzzy
 * queries count it), or undefined once it exceeds `threshold`.
 */
export function distanceWithin(a: string, b: string, threshold: number): number | undefined {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (short.length === 0) return long.length <= threshold ? long.length : undefined;
  return distanceRows(long.length + 1).osaDistance(long, short, threshold);
}

/** The edits a full-text engine's fuzzy match allows a word (Lucene's fuzziness AUTO: 1 from 3 letters, 2 from 6). */
export function fuzzyEdits(word: string): number {
  return word.length < 3 ? 0 : word.length < 6 ? 1 : 2;
}

/**
 * ` (did you mean "a" or "b"?)` after an unknown name, or "" when no known name is near: the hint of every message
 * that refuses a name (rule ids, configuration keys, fields of a scope table).
 */
export function didYouMeanHint(input: string, options: readonly string[]): string {
  const near = suggestionList(input, options);
  return near.length > 0 ? ` (did you mean ${near.map((n) => `"${n}"`).join(" or ")}?)` : "";
}

/** Up to three "did you mean" suggestions, each replacing the value at `at` with a near name. */
export function didYouMean<At>(input: string, options: readonly string[], at: At) {
  return suggestionList(input, options)
    .slice(0, 3)
    .map((name) => ({ messageId: "didYouMean" as const, data: { name }, fix: { at, value: name } }));
}
