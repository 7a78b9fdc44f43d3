/**
 * A small seeded PRNG (mulberry32). Faker is far too slow to call for every one of 160,000 records, so it
 * only fills the value pools (pools.ts); this assembles the records from them, deterministically per seed.
 */
export class Random {
  private state: number;
  private readonly seed: number;

  constructor(seed: number) {
    this.seed = seed >>> 0;
    this.state = this.seed;
  }

  /** A float in [0, 1). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError("Random.pick: empty list");
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** Index into `weights`, each chosen in proportion to its weight. */
  weighted(weights: readonly number[]): number {
    let total = 0;
    for (const w of weights) total += w;
    let r = this.next() * total;
    for (let i = 0; i < weights.length; i++) {
      r -= weights[i]!;
      if (r < 0) return i;
    }
    return weights.length - 1;
  }

  /** Up to `count` distinct items, in the order drawn. */
  sample<T>(items: readonly T[], count: number): T[] {
    const n = Math.min(count, items.length);
    const picked: number[] = [];
    const out: T[] = [];
    while (out.length < n) {
      const i = Math.floor(this.next() * items.length);
      if (picked.includes(i)) continue;
      picked.push(i);
      out.push(items[i]!);
    }
    return out;
  }

  /** A child generator whose sequence depends only on this seed and `label`, not on how much was drawn before. */
  fork(label: number): Random {
    return new Random(Math.imul(this.seed ^ Math.imul(label, 0x85ebca6b), 0x9e3779b1) ^ 0x5bd1e995);
  }
}

/** A 32-bit hash of a string (FNV-1a), to turn text seeds and labels into numbers. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
