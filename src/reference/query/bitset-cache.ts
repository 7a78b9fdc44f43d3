import type { Bitset } from "../store/bitset.js";

/**
 * The rows of query leaves already evaluated, by a key naming the leaf. A conformance run sends many queries
 * that share leaves (a relation A, then A and B, A and not B, the parts of a partition: docs/benchmarks.md), and
 * each leaf is a scan of a column of up to a few hundred thousand rows; kept here, a repeated leaf costs a copy.
 * The evaluator combines bitsets in place (and, or, not), so the cache keeps its own copy and hands out copies.
 * Bounded by the words it holds, least recently used first out, so a long-running server stays within a few MB.
 */
export class BitsetCache {
  private readonly entries = new Map<string, Bitset>();
  private words = 0;

  constructor(private readonly maxWords: number) {}

  /** A copy of the rows kept under `key`, computed by `compute` (and kept) when none are. */
  through(key: string, compute: () => Bitset): Bitset {
    const kept = this.entries.get(key);
    if (kept) {
      // Map iteration follows insertion, so moving a hit to the end makes the first entry the least recently used.
      this.entries.delete(key);
      this.entries.set(key, kept);
      return kept.clone();
    }
    const bits = compute();
    if (bits.words.length > this.maxWords) return bits;
    this.entries.set(key, bits.clone());
    this.words += bits.words.length;
    for (const [oldest, old] of this.entries) {
      if (this.words <= this.maxWords) break;
      this.entries.delete(oldest);
      this.words -= old.words.length;
    }
    return bits;
  }
}
