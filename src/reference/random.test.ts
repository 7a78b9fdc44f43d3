import { describe, expect, it } from "vitest";
import { hash32, Random } from "./random.js";

describe("Random", () => {
  it("repeats its sequence for a seed and differs across seeds", () => {
    const draw = (seed: number) =>
      Array.from(
        { length: 5 },
        (
          (r) => () =>
            r.next()
        )(new Random(seed)),
      );
    expect(draw(7)).toEqual(draw(7));
    expect(draw(7)).not.toEqual(draw(8));
  });

  it("keeps int() within its bounds and reaches both ends", () => {
    const r = new Random(1);
    const seen = new Set<number>();
    for (let i = 0; i < 2000; i++) seen.add(r.int(3, 6));
    expect([...seen].sort()).toEqual([3, 4, 5, 6]);
  });

  it("samples distinct items and never more than exist", () => {
    const r = new Random(2);
    const items = ["a", "b", "c", "d"];
    const sample = r.sample(items, 3);
    expect(new Set(sample).size).toBe(3);
    expect(r.sample(items, 10).sort()).toEqual(items);
  });

  it("forks streams that depend on the seed and label only, not on earlier draws", () => {
    const a = new Random(5);
    const b = new Random(5);
    b.next();
    expect(a.fork(1).next()).toBe(b.fork(1).next());
    expect(a.fork(1).next()).not.toBe(a.fork(2).next());
  });

  it("hashes text to stable 32-bit numbers", () => {
    expect(hash32("tdss")).toBe(hash32("tdss"));
    expect(hash32("tdss")).not.toBe(hash32("tdsS"));
    expect(hash32("x")).toBeLessThan(2 ** 32);
  });
});
