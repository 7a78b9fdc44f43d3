/**
 * "Did you mean" candidates, as graphql-js's suggestionList does it: the optimal string alignment
 * distance between the lower-cased words (a case change alone costs one edit), within a threshold
 * of 40% of the input's length, closest first.
 */
export function suggestionList(input: string, options: readonly string[]): string[] {
  // No name in the contract is this long; a hostile input must not cost a quadratic table.
  if (input.length > MAX_INPUT) return options.filter((o) => o.toLowerCase() === input.toLowerCase());
  const scored: [string, number][] = [];
  const threshold = Math.floor(input.length * 0.4) + 1;
  const lower = input.toLowerCase();
  const lowered = options.map((o) => o.toLowerCase());
  const rows = distanceRows(Math.max(0, ...lowered.map((o) => o.length)) + 1);
  options.forEach((option, k) => {
    const distance = option === input ? 0 : lowered[k] === lower ? 1 : rows.osaDistance(lower, lowered[k]!, threshold);
    if (distance !== undefined && distance <= threshold) scored.push([option, distance]);
  });
  return scored.sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0])).map(([o]) => o);
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

/** Up to three "did you mean" suggestions, each replacing the value at `at` with a near name. */
export function didYouMean<At>(input: string, options: readonly string[], at: At) {
  return suggestionList(input, options)
    .slice(0, 3)
    .map((name) => ({ messageId: "didYouMean", data: { name }, fix: { at, value: name } }));
}
