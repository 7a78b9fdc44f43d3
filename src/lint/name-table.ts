/**
 * A fixed list of names, looked up by strings fresh from JSON.parse (field names, fixed-set values):
 * by length and first and last character into a small bucket, then compared whole. A Map or Set
 * would first compute the fresh string's hash, which measured slower than this whole lookup.
 */
export class NameTable {
  private readonly slots: (string | undefined)[];
  private readonly indexes: number[];
  /** Slots per bucket: the most names any bucket holds. */
  private readonly width: number;
  private readonly emptyIndex: number;

  constructor(names: readonly string[]) {
    const buckets = Array.from({ length: BUCKETS }, (): number[] => []);
    names.forEach((name, index) => {
      if (name.length > 0 && !buckets[bucketOf(name)]!.some((i) => names[i] === name))
        buckets[bucketOf(name)]!.push(index);
    });
    this.width = Math.max(1, ...buckets.map((b) => b.length));
    this.emptyIndex = names.indexOf("");
    this.slots = new Array<string | undefined>(BUCKETS * this.width).fill(undefined);
    this.indexes = new Array<number>(BUCKETS * this.width).fill(-1);
    buckets.forEach((bucket, b) =>
      bucket.forEach((index, k) => {
        this.slots[b * this.width + k] = names[index];
        this.indexes[b * this.width + k] = index;
      }),
    );
  }

  /** The index of the first name equal to `value` in the list given; -1 for anything else. */
  indexOf(value: unknown): number {
    if (typeof value !== "string") return -1;
    if (value.length === 0) return this.emptyIndex;
    const start = bucketOf(value) * this.width;
    for (let i = start; i < start + this.width; i++) if (this.slots[i] === value) return this.indexes[i]!;
    return -1;
  }

  has(value: unknown): boolean {
    return this.indexOf(value) >= 0;
  }
}

const BUCKETS = 256;

function bucketOf(name: string): number {
  return (name.length * 31 + name.charCodeAt(0) * 7 + name.charCodeAt(name.length - 1)) & (BUCKETS - 1);
}
