import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Bitset } from "./bitset.js";

function fromRows(size: number, rows: number[]): Bitset {
  const b = new Bitset(size);
  for (const r of rows) b.set(r);
  return b;
}

describe("Bitset", () => {
  it("combines sets like the set operations they stand for", () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 200 })
          .chain((size) =>
            fc.tuple(fc.constant(size), fc.uniqueArray(fc.nat(size - 1)), fc.uniqueArray(fc.nat(size - 1))),
          ),
        ([size, a, b]) => {
          const sa = new Set(a);
          const sb = new Set(b);
          const all = Array.from({ length: size }, (_, i) => i);
          expect(fromRows(size, a).and(fromRows(size, b)).rows(0, size)).toEqual(
            all.filter((i) => sa.has(i) && sb.has(i)),
          );
          expect(fromRows(size, a).or(fromRows(size, b)).rows(0, size)).toEqual(
            all.filter((i) => sa.has(i) || sb.has(i)),
          );
          expect(fromRows(size, a).not().rows(0, size)).toEqual(all.filter((i) => !sa.has(i)));
          expect(fromRows(size, a).count()).toBe(sa.size);
        },
      ),
      { numRuns: 150 },
    );
  });

  it("pages rows in ascending order with offset and limit", () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.nat(299)), fc.nat(320), fc.integer({ min: 1, max: 50 }), (rows, offset, limit) => {
        const sorted = [...rows].sort((x, y) => x - y);
        expect(fromRows(300, rows).rows(offset, limit)).toEqual(sorted.slice(offset, offset + limit));
      }),
      { numRuns: 150 },
    );
  });

  it("keeps rows beyond its size out of full() and not()", () => {
    expect(Bitset.full(33).count()).toBe(33);
    expect(new Bitset(33).not().count()).toBe(33);
    expect(Bitset.full(33).rows(30, 10)).toEqual([30, 31, 32]);
  });
});
