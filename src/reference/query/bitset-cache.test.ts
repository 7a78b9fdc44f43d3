import { describe, expect, it } from "vitest";
import { Bitset } from "../store/bitset.js";
import { BitsetCache } from "./bitset-cache.js";

function rowsOf(size: number, rows: readonly number[]): Bitset {
  const bits = new Bitset(size);
  for (const r of rows) bits.set(r);
  return bits;
}

/** A cache with a compute that counts its calls. */
function counted(maxWords: number) {
  const cache = new BitsetCache(maxWords);
  const calls: string[] = [];
  const get = (key: string, rows: readonly number[] = [1, 5], size = 64) =>
    cache.through(key, () => {
      calls.push(key);
      return rowsOf(size, rows);
    });
  return { get, calls };
}

describe("BitsetCache", () => {
  it("computes a key once and answers it again from what it kept", () => {
    const { get, calls } = counted(16);
    expect(get("a").rows(0, 64)).toEqual([1, 5]);
    expect(get("a").rows(0, 64)).toEqual([1, 5]);
    expect(calls).toEqual(["a"]);
  });

  it("hands out copies: combining an answer in place changes neither what it kept nor the next answer", () => {
    const { get } = counted(16);
    get("a").not();
    const second = get("a");
    expect(second.rows(0, 64)).toEqual([1, 5]);
    second.and(new Bitset(64));
    expect(get("a").rows(0, 64)).toEqual([1, 5]);
  });

  it("drops the least recently used key when it holds more words than its bound", () => {
    // Each 64-row bitset is 2 words; a bound of 4 keeps two of them.
    const { get, calls } = counted(4);
    get("a");
    get("b");
    get("a");
    get("c");
    expect(calls).toEqual(["a", "b", "c"]);
    get("a");
    expect(calls).toEqual(["a", "b", "c"]);
    get("b");
    expect(calls).toEqual(["a", "b", "c", "b"]);
  });

  it("keeps nothing larger than its bound", () => {
    const { get, calls } = counted(1);
    expect(get("big").rows(0, 64)).toEqual([1, 5]);
    expect(get("big").rows(0, 64)).toEqual([1, 5]);
    expect(calls).toEqual(["big", "big"]);
  });
});
