/** The words of a text for `match` (s4-2-match-semantics): maximal runs of letters and digits, lower-cased. */
export function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

const EMPTY = new Int32Array(0);

function intersect(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(Math.min(a.length, b.length));
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.length && j < b.length) {
    const x = a[i]!;
    const y = b[j]!;
    if (x === y) {
      out[n++] = x;
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  return out.subarray(0, n);
}

/**
 * The distinct values of one column, each stored once and referred to by a small integer. `eq` looks a value
 * up whole (case-sensitive, s2-2-eq-whole-value); `match` goes through a word index built on first use.
 */
export class Dictionary {
  readonly values: string[] = [];
  private readonly ids = new Map<string, number>();
  private wordIndex: Map<string, Int32Array> | undefined;
  private lastValue: string | undefined;
  private lastId = -1;

  /** A dictionary holding `values` with ids 0..n-1 in that order (the values must be distinct). */
  static of(values: readonly string[]): Dictionary {
    const dict = new Dictionary();
    for (const v of values) dict.intern(v);
    if (dict.size !== values.length) throw new Error("Dictionary.of: values repeat");
    return dict;
  }

  intern(value: string): number {
    // Sub-records of one person often repeat a value (role, country): skip the hash lookup then.
    if (value === this.lastValue) return this.lastId;
    let id = this.ids.get(value);
    if (id === undefined) {
      id = this.values.length;
      this.values.push(value);
      this.ids.set(value, id);
      this.wordIndex = undefined;
    }
    this.lastValue = value;
    this.lastId = id;
    return id;
  }

  /** The id of a value stored exactly so, or -1. */
  id(value: string): number {
    return this.ids.get(value) ?? -1;
  }

  get size(): number {
    return this.values.length;
  }

  /** Ids of the values holding every one of `wanted` as a word (case-insensitive), ascending. */
  withWords(wanted: readonly string[]): Int32Array {
    if (wanted.length === 0) return EMPTY;
    const index = this.words();
    const lists = wanted.map((w) => index.get(w) ?? EMPTY).sort((a, b) => a.length - b.length);
    let result = lists[0]!;
    for (let k = 1; k < lists.length && result.length > 0; k++) result = intersect(result, lists[k]!);
    return result;
  }

  private words(): Map<string, Int32Array> {
    if (this.wordIndex) return this.wordIndex;
    const lists = new Map<string, number[]>();
    this.values.forEach((value, id) => {
      for (const word of new Set(words(value))) {
        const list = lists.get(word);
        if (list) list.push(id);
        else lists.set(word, [id]);
      }
    });
    this.wordIndex = new Map([...lists].map(([word, ids]) => [word, Int32Array.from(ids)]));
    return this.wordIndex;
  }
}
