function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/** A set of row numbers of one table: query results are combined word by word (all = and, any = or, not). */
export class Bitset {
  readonly words: Uint32Array;

  constructor(readonly size: number) {
    this.words = new Uint32Array((size + 31) >>> 5);
  }

  static full(size: number): Bitset {
    const b = new Bitset(size);
    b.words.fill(0xffffffff);
    b.clearTail();
    return b;
  }

  /** A copy that shares no words with this one: combining it in place (and, or, not) leaves this one as it was. */
  clone(): Bitset {
    const copy = new Bitset(this.size);
    copy.words.set(this.words);
    return copy;
  }

  set(row: number): void {
    this.words[row >>> 5]! |= 1 << (row & 31);
  }

  has(row: number): boolean {
    return (this.words[row >>> 5]! & (1 << (row & 31))) !== 0;
  }

  and(other: Bitset): this {
    const w = this.words;
    const o = other.words;
    for (let i = 0; i < w.length; i++) w[i]! &= o[i]!;
    return this;
  }

  or(other: Bitset): this {
    const w = this.words;
    const o = other.words;
    for (let i = 0; i < w.length; i++) w[i]! |= o[i]!;
    return this;
  }

  not(): this {
    const w = this.words;
    for (let i = 0; i < w.length; i++) w[i] = ~w[i]! >>> 0;
    this.clearTail();
    return this;
  }

  count(): number {
    let n = 0;
    for (const word of this.words) if (word !== 0) n += popcount(word);
    return n;
  }

  /** Up to `limit` rows in ascending order, skipping the first `offset` of them. */
  rows(offset: number, limit: number): number[] {
    const out: number[] = [];
    let skip = offset;
    const w = this.words;
    for (let i = 0; i < w.length && out.length < limit; i++) {
      let word = w[i]!;
      if (word === 0) continue;
      if (skip > 0) {
        const n = popcount(word);
        if (n <= skip) {
          skip -= n;
          continue;
        }
      }
      while (word !== 0 && out.length < limit) {
        const bit = 31 - Math.clz32(word & -word);
        word &= word - 1;
        if (skip > 0) skip--;
        else out.push((i << 5) + bit);
      }
    }
    return out;
  }

  private clearTail(): void {
    const extra = this.words.length * 32 - this.size;
    if (extra > 0 && this.words.length > 0) this.words[this.words.length - 1]! &= 0xffffffff >>> extra;
  }
}
