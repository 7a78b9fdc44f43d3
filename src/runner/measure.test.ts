import { describe, expect, it } from "vitest";
import { onChain } from "../client/round-trips.js";
import type { BalanceMeter } from "./balance.js";
import { BalanceLock } from "./lock.js";
import { MeasurementWindows, NotAdmitted, type Admit } from "./measure.js";

const tick = () => new Promise((resolve) => setImmediate(resolve));

/** A key's ledger read the way BalanceMeter reads it, counting the readings. */
function ledger(balance = 100) {
  const state = { balance, reads: 0 };
  const meter = {
    read: () => {
      state.reads++;
      return Promise.resolve({ value: state.balance });
    },
  } as unknown as BalanceMeter;
  return { state, meter };
}

/** A measured run that asks for admission, then is charged `charge` Credits. */
function charged(state: { balance: number }, charge: number) {
  return async (admit: Admit) => {
    const release = await admit();
    await tick();
    state.balance -= charge;
    release();
    return charge;
  };
}

describe("MeasurementWindows", () => {
  it("measures runs that ask together in one window, two readings in all", async () => {
    const { state, meter } = ledger();
    const windows = new MeasurementWindows(new BalanceLock(), meter);
    const [a, b, c] = await Promise.all([
      windows.measure("primary", charged(state, 2), () => 2),
      windows.measure("primary", charged(state, 0), () => 0),
      windows.measure("primary", charged(state, 3), () => 3),
    ]);
    expect([a.measured, b.measured, c.measured]).toEqual([2, 0, 3]);
    expect(state.reads).toBe(2);
    expect(a.before.value).toBe(100);
    expect(a.after.value).toBe(95);
  });

  it("cannot tell runs apart when the balance fell by something else than they add up to", async () => {
    const { state, meter } = ledger();
    const windows = new MeasurementWindows(new BalanceLock(), meter);
    const results = await Promise.all([
      windows.measure("primary", charged(state, 2), () => 1),
      windows.measure("primary", charged(state, 0), () => 0),
    ]);
    expect(results.map((r) => [r.measured, r.mismatch])).toEqual([
      [undefined, true],
      [undefined, true],
    ]);
  });

  it("gives a window of one run the whole fall, whatever it expected", async () => {
    const { state, meter } = ledger();
    const windows = new MeasurementWindows(new BalanceLock(), meter);
    const alone = await windows.measure("primary", charged(state, 4), () => 1);
    expect(alone.measured).toBe(4);
    expect(alone.mismatch).toBeUndefined();
  });

  it("costs nothing and reads nothing for a run that never asks to send a charged request", async () => {
    const { state, meter } = ledger();
    const windows = new MeasurementWindows(new BalanceLock(), meter);
    const result = await windows.measure(
      "primary",
      () => Promise.resolve("no request"),
      () => null,
    );
    expect(result).toMatchObject({ result: "no request", measured: 0 });
    expect(state.reads).toBe(0);
  });

  it("opens only once nothing charged is in flight, and holds charged requests back while it is open", async () => {
    const { state, meter } = ledger();
    const lock = new BalanceLock();
    const windows = new MeasurementWindows(lock, meter);
    const releaseShared = await lock.acquire(false);
    const measured = windows.measure("primary", charged(state, 1), () => 1);
    await tick();
    expect(state.reads).toBe(0);
    state.balance -= 5; // the request in flight is charged before the window opens
    releaseShared();
    const result = await measured;
    expect(result.measured).toBe(1);
    expect(result.before.value).toBe(95);
  });

  it("refuses admission when the run may no longer proceed once the balance is read", async () => {
    const { state, meter } = ledger();
    const windows = new MeasurementWindows(new BalanceLock(), meter);
    await expect(
      windows.measure(
        "primary",
        charged(state, 1),
        () => 1,
        () => false,
      ),
    ).rejects.toBeInstanceOf(NotAdmitted);
    expect(state.balance).toBe(100);
  });

  it("puts the window's two readings on the chain of every run it measured", async () => {
    const { state, meter } = ledger();
    const windows = new MeasurementWindows(new BalanceLock(), meter);
    const chains = await Promise.all(
      [1, 2].map((n) => onChain(() => windows.measure("primary", charged(state, n), () => n))),
    );
    expect(chains.map((c) => c.chain.roundTrips)).toEqual([2, 2]);
  });
});
