import { describe, expect, it } from "vitest";
import { BalanceLock } from "./lock.js";

const tick = () => new Promise((r) => setImmediate(r));

describe("BalanceLock", () => {
  it("lets shared holders overlap and keeps an exclusive holder alone", async () => {
    const lock = new BalanceLock();
    const log: string[] = [];
    const a = await lock.acquire(false);
    const b = await lock.acquire(false);
    const exclusive = lock.acquire(true).then((release) => {
      log.push("exclusive");
      return release;
    });
    const later = lock.acquire(false).then((release) => {
      log.push("later shared");
      return release;
    });
    await tick();
    expect(log).toEqual([]);
    a();
    await tick();
    expect(log).toEqual([]);
    b();
    const releaseExclusive = await exclusive;
    await tick();
    expect(log).toEqual(["exclusive"]);
    releaseExclusive();
    (await later)();
    expect(log).toEqual(["exclusive", "later shared"]);
  });
});
