import { describe, expect, it } from "vitest";
import { onChain } from "../client/round-trips.js";
import type { BalanceMeter } from "./balance.js";
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

/** A key's ledger whose key status shows a charge only from the `late`-th reading after it (billing settling late). */
function lateLedger(late: number, balance = 100) {
  const state = { balance, reads: 0 };
  let shown = balance;
  let since = 0;
  const meter = {
    read: () => {
      state.reads++;
      if (state.balance !== shown && ++since > late) [shown, since] = [state.balance, 0];
      return Promise.resolve({ value: shown });
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
    release(null);
    return charge;
  };
}

/** A charged request sent outside any measurement: admitted, charged `charge`, released with what it `expected`. */
async function unmeasured(windows: MeasurementWindows, state: { balance: number }, charge: number, expected = charge) {
  const release = await windows.admit("primary");
  await tick();
  state.balance -= charge;
  release(expected);
}

describe("MeasurementWindows", () => {
  it("measures runs that ask together in one window, two readings in all", async () => {
    const { state, meter } = ledger();
    const windows = new MeasurementWindows(meter);
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

  it("counts what requests outside any measurement were expected to cost in the window they were sent in", async () => {
    const { state, meter } = ledger();
    const windows = new MeasurementWindows(meter);
    const [measured] = await Promise.all([
      windows.measure("primary", charged(state, 2), () => 2),
      unmeasured(windows, state, 5),
      unmeasured(windows, state, 1),
    ]);
    expect(measured).toMatchObject({ measured: 2, before: { value: 100 }, after: { value: 92 } });
  });

  it("cannot tell runs apart when the balance fell by something else than what was sent adds up to", async () => {
    const { state, meter } = ledger();
    const windows = new MeasurementWindows(meter);
    const results = await Promise.all([
      windows.measure("primary", charged(state, 2), () => 1),
      windows.measure("primary", charged(state, 0), () => 0),
    ]);
    expect(results.map((r) => [r.measured, r.mismatch])).toEqual([
      [undefined, true],
      [undefined, true],
    ]);
  });

  it("pins a wrong charge of a request outside any measurement on no measured run", async () => {
    const { state, meter } = ledger();
    const windows = new MeasurementWindows(meter);
    const [measured] = await Promise.all([
      windows.measure("primary", charged(state, 2), () => 2),
      unmeasured(windows, state, 3, 1),
    ]);
    expect(measured).toMatchObject({ mismatch: true });
    expect(measured.measured).toBeUndefined();
  });

  it("cannot tell a run's cost when a request beside it had no known price", async () => {
    const { state, meter } = ledger();
    const windows = new MeasurementWindows(meter);
    const release = await windows.admit("primary");
    const measured = windows.measure("primary", charged(state, 2), () => 2);
    await tick();
    release(null);
    expect(await measured).toMatchObject({ mismatch: true });
  });

  it("gives a window of one run and nothing else the whole fall, whatever it expected", async () => {
    const { state, meter } = ledger();
    const windows = new MeasurementWindows(meter);
    const alone = await windows.measure("primary", charged(state, 4), () => 1);
    expect(alone.measured).toBe(4);
    expect(alone.mismatch).toBeUndefined();
  });

  it("costs nothing and reads nothing for a run that never asks to send a charged request", async () => {
    const { state, meter } = ledger();
    const windows = new MeasurementWindows(meter);
    const result = await windows.measure(
      "primary",
      () => Promise.resolve("no request"),
      () => null,
    );
    expect(result).toMatchObject({ result: "no request", measured: 0 });
    expect(state.reads).toBe(0);
  });

  it("closes once every request it admitted is answered, and holds new ones back until the next opens", async () => {
    const { state, meter } = ledger();
    const windows = new MeasurementWindows(meter);
    const inFlight = await windows.admit("primary");
    const measured = windows.measure("primary", charged(state, 1), () => 1);
    // The measured run is over and its window closing (after the few round trips it stays open): a new charged request
    // waits for the next window.
    await new Promise((resolve) => setTimeout(resolve, 10));
    let laterAdmitted = false;
    const later = windows.admit("primary").then((release) => ((laterAdmitted = true), release));
    for (let i = 0; i < 5; i++) await tick();
    expect(state.reads).toBe(1);
    expect(laterAdmitted).toBe(false);
    state.balance -= 5; // the request in flight is charged before the window closes
    inFlight(5);
    const result = await measured;
    expect(result).toMatchObject({ measured: 1, before: { value: 100 }, after: { value: 94 } });
    (await later)(0);
    expect(laterAdmitted).toBe(true);
    // The next window opened on the closing reading: no reading of its own.
    expect(state.reads).toBe(2);
  });

  it("measures a run alone once the open window has closed, and lets nothing charged go beside it", async () => {
    const { state, meter } = ledger();
    const windows = new MeasurementWindows(meter);
    const inFlight = await windows.admit("primary");
    let during = false;
    const alone = windows.alone("primary", async () => {
      during = true;
      await tick();
      state.balance -= 7;
      during = false;
      return "sent";
    });
    let besideAlone: boolean | undefined;
    const later = windows.admit("primary").then((release) => ((besideAlone = during), release));
    await tick();
    state.balance -= 2;
    inFlight(2);
    expect(await alone).toEqual({ result: "sent", before: { value: 98 }, after: { value: 91 } });
    (await later)(0);
    expect(besideAlone).toBe(false);
  });

  it("keeps each key's windows apart", async () => {
    const { state, meter } = ledger();
    const windows = new MeasurementWindows(meter);
    const inFlightOnSecond = await windows.admit("second");
    // A window of the primary key opens and closes while a request of the second key is still in flight.
    const result = await windows.measure("primary", charged(state, 3), () => 3);
    expect(result.measured).toBe(3);
    inFlightOnSecond(0);
  });

  it("refuses admission when the run may no longer proceed once it joins a window", async () => {
    const { state, meter } = ledger();
    const windows = new MeasurementWindows(meter);
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

  it("tells every quiet reading to the run (the budget catches up with the key's true spend)", async () => {
    const { state, meter } = ledger();
    const quiet: (number | undefined)[] = [];
    const windows = new MeasurementWindows(meter, (_, reading) => quiet.push(reading.value));
    await windows.measure("primary", charged(state, 3), () => 3);
    await windows.alone("primary", () => Promise.resolve((state.balance -= 1)));
    expect(quiet).toEqual([100, 97, 97, 96]);
  });

  it("waits for a balance that shows a window's charges late, and opens the next window on that reading", async () => {
    const { state, meter } = lateLedger(2);
    const windows = new MeasurementWindows(meter);
    const [a, b] = await Promise.all([
      windows.measure("primary", charged(state, 2), () => 2),
      windows.measure("primary", charged(state, 3), () => 3),
    ]);
    expect([a.measured, b.measured]).toEqual([2, 3]);
    expect(a.after.value).toBe(95);
    const next = await windows.measure("primary", charged(state, 1), () => 1);
    expect(next).toMatchObject({ measured: 1, before: { value: 95 }, after: { value: 94 } });
  });

  it("waits for a balance that shows the charge of a run measured alone late", async () => {
    const { state, meter } = lateLedger(3);
    const windows = new MeasurementWindows(meter);
    const alone = await windows.alone(
      "primary",
      () => Promise.resolve((state.balance -= 4)),
      () => 4,
    );
    expect(alone).toMatchObject({ before: { value: 100 }, after: { value: 96 } });
  });

  it("puts the window's closing reading on the chain of every run it measured", async () => {
    const { state, meter } = ledger();
    const windows = new MeasurementWindows(meter);
    const chains = await Promise.all(
      [1, 2].map((n) => onChain(() => windows.measure("primary", charged(state, n), () => n))),
    );
    expect(chains.map((c) => c.chain.roundTrips)).toEqual([1, 1]);
  });
});
