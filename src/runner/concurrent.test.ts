import { describe, expect, it } from "vitest";
import { countRoundTrip, onChain } from "../client/round-trips.js";
import { forEachConcurrent, settleAll } from "./concurrent.js";

const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("forEachConcurrent", () => {
  it("starts items in order, never more than the limit at once", async () => {
    let inFlight = 0;
    let most = 0;
    const started: number[] = [];
    await forEachConcurrent([30, 5, 20, 5, 10, 5], 2, async (ms, i) => {
      started.push(i);
      most = Math.max(most, ++inFlight);
      await later(ms);
      inFlight--;
    });
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    expect(most).toBe(2);
  });

  it("starts nothing more once stop() holds, and lets the started ones finish", async () => {
    const finished: number[] = [];
    let stop = false;
    await forEachConcurrent(
      [0, 1, 2, 3, 4, 5],
      2,
      async (i) => {
        await later(5);
        if (i === 1) stop = true;
        finished.push(i);
      },
      () => stop,
    );
    expect(finished.sort()).toEqual([0, 1, 2, 3].slice(0, finished.length));
    expect(finished.length).toBeLessThan(6);
  });

  it("rethrows the first failure only after every started item has settled", async () => {
    const finished: number[] = [];
    const run = forEachConcurrent([0, 1, 2], 3, async (i) => {
      if (i === 0) throw new Error("first");
      await later(20);
      finished.push(i);
    });
    await expect(run).rejects.toThrow("first");
    expect(finished.sort()).toEqual([1, 2]);
  });
});

describe("settleAll", () => {
  it("returns values in the order of the tasks, whatever order they finish in", async () => {
    const values = await settleAll([
      () => later(20).then(() => "a"),
      () => Promise.resolve("b"),
      () => later(5).then(() => "c"),
    ]);
    expect(values).toEqual(["a", "b", "c"]);
  });

  it("rejects with the first failure once all tasks have settled", async () => {
    let slowDone = false;
    await expect(
      settleAll([() => Promise.reject(new Error("no")), () => later(20).then(() => (slowDone = true))]),
    ).rejects.toThrow("no");
    expect(slowDone).toBe(true);
  });
});

describe("chains of round trips", () => {
  it("count a sequence in full and side-by-side work by its longest branch", async () => {
    const { chain } = await onChain(async () => {
      countRoundTrip(); // one request before
      await settleAll([
        async () => countRoundTrip(3),
        async () => {
          countRoundTrip();
          await forEachConcurrent([1, 2, 5], 1, async (n) => countRoundTrip(n));
        },
      ]);
      countRoundTrip(); // one request after
    });
    // 1 + max(3, 1 + max(1, 2, 5)) + 1: items of forEachConcurrent are independent even one at a time.
    expect(chain.roundTrips).toBe(8);
  });

  it("count nothing outside a chain", async () => {
    countRoundTrip(4);
    const { chain } = await onChain(async () => undefined);
    expect(chain.roundTrips).toBe(0);
  });
});
