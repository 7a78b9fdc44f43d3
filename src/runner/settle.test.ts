import { describe, expect, it } from "vitest";
import { BalanceSettling, type SettleClock } from "./settle.js";

/** A clock that moves only when the settling sleeps. */
function fakeClock(): SettleClock & { slept: number[] } {
  let now = 0;
  const slept: number[] = [];
  return {
    slept,
    now: () => now,
    sleep: (ms) => {
      slept.push(ms);
      now += ms;
      return Promise.resolve();
    },
  };
}

/**
 * A key status that shows a balance of `before` less `charge` only from its `settlesAfter`-th reading on (a
 * charge billed late); `drift` Credits more are gone at every reading from then on (a balance that never settles).
 */
function keyStatus(before: number, charge: number, settlesAfter: number, drift = 0) {
  let reads = 0;
  const shown = () => (reads >= settlesAfter ? before - charge - drift * (reads - settlesAfter) : before);
  return {
    get reads() {
      return reads;
    },
    read: () => {
      reads++;
      return Promise.resolve({ value: shown() });
    },
    /** The reading taken right after the answer (the caller's own, before settling). */
    first: () => {
      reads = 0;
      return { value: shown() };
    },
  };
}

describe("BalanceSettling", () => {
  it("reads nothing more when the first reading shows the expected figure", async () => {
    const clock = fakeClock();
    const settling = new BalanceSettling(3000, clock);
    const status = keyStatus(100, 3, 0);
    expect(await settling.settle(status.first(), 100, 3, status.read)).toEqual({ value: 97 });
    expect(status.reads).toBe(0);
    expect(clock.slept).toEqual([]);
  });

  it("reads nothing more when the balance fell by more than expected: late charges only add to it", async () => {
    const settling = new BalanceSettling(3000, fakeClock());
    const status = keyStatus(100, 5, 0);
    expect(await settling.settle(status.first(), 100, 3, status.read)).toEqual({ value: 95 });
    expect(status.reads).toBe(0);
  });

  it("reads again until a charge shown late reaches the expected figure", async () => {
    const clock = fakeClock();
    const settling = new BalanceSettling(3000, clock);
    const status = keyStatus(100, 3, 4);
    expect(await settling.settle(status.first(), 100, 3, status.read)).toEqual({ value: 97 });
    expect(status.reads).toBe(4);
    // The pauses start short and double.
    expect(clock.slept).toEqual([25, 25, 50, 100]);
  });

  it("waits first as long as the last late charge certainly took, once one was seen", async () => {
    const clock = fakeClock();
    const settling = new BalanceSettling(3000, clock);
    const late = keyStatus(100, 3, 4);
    await settling.settle(late.first(), 100, 3, late.read);
    clock.slept.length = 0;
    const next = keyStatus(97, 2, 1);
    expect(await settling.settle(next.first(), 97, 2, next.read)).toEqual({ value: 95 });
    // The third reading (at 100 ms) was the last that missed the earlier charge: the next settling starts there.
    expect(clock.slept).toEqual([100]);
  });

  it("takes a short reading that stood still for the whole bound, and later short readings at once", async () => {
    const clock = fakeClock();
    const settling = new BalanceSettling(1000, clock);
    // An undercharge: 1 Credit where 3 are expected, shown at once and never more.
    const under = keyStatus(100, 1, 0);
    expect(await settling.settle(under.first(), 100, 3, under.read)).toEqual({ value: 99 });
    expect(clock.slept.reduce((a, b) => a + b, 0)).toBe(1000);
    // The deployment showed its charges at once: a second undercharge is taken as it reads.
    const again = keyStatus(99, 1, 0);
    clock.slept.length = 0;
    expect(await settling.settle(again.first(), 99, 3, again.read)).toEqual({ value: 98 });
    expect(again.reads).toBe(0);
    expect(clock.slept).toEqual([]);
  });

  it("gives no reading when the balance still moves as the bound passes", async () => {
    const settling = new BalanceSettling(1000, fakeClock());
    // 2 Credits more are gone at every reading: the fall passes over the 3 expected and goes on.
    const moving = keyStatus(100, 0, 1, 2);
    const reading = await settling.settle(moving.first(), 100, 3, moving.read);
    expect(reading.value).toBeUndefined();
    expect(reading.limit).toBe("unsettled");
    expect(reading.error).toMatch(/had not settled 1000 ms after the charged answers.*at most 1000 ms/);
  });

  it("takes a cost only observed at once until a charge was seen late, then waits for it to stand still", async () => {
    const clock = fakeClock();
    const settling = new BalanceSettling(3000, clock);
    const observed = keyStatus(100, 1, 2);
    expect(await settling.settle(observed.first(), 100, null, observed.read)).toEqual({ value: 100 });
    expect(observed.reads).toBe(0);
    const late = keyStatus(100, 3, 2);
    await settling.settle(late.first(), 100, 3, late.read);
    const after = keyStatus(97, 1, 2);
    expect(await settling.settle(after.first(), 97, null, after.read)).toEqual({ value: 96 });
  });

  it("waits within the bound for a charge shown later than a settling once waited for it", async () => {
    const clock = fakeClock();
    const settling = new BalanceSettling(1000, clock);
    // Taken for an undercharge over the whole bound: the deployment seems to show charges at once.
    const under = keyStatus(100, 1, 0);
    await settling.settle(under.first(), 100, 3, under.read);
    // The caller then saw the missing Credits go 1,200 ms after the answer: twice that is past the bound, so a reading
    // short of its figure is either reached within the bound or no reading, never taken as it stands.
    settling.shownLate(1200);
    const short = keyStatus(99, 1, 0);
    const reading = await settling.settle(short.first(), 99, 3, short.read);
    expect(reading).toMatchObject({ limit: "unsettled" });
    const late = keyStatus(98, 3, 3);
    expect(await settling.settle(late.first(), 98, 3, late.read)).toEqual({ value: 95 });
  });

  it("passes on a reading that has no balance without reading again", async () => {
    const settling = new BalanceSettling(3000, fakeClock());
    const status = keyStatus(100, 3, 2);
    const failed = { error: "GET /auth/key/status did not answer with a success", limit: "no answer" as const };
    expect(await settling.settle(failed, 100, 3, status.read)).toBe(failed);
    expect(await settling.settle({ value: 100 }, undefined, 3, status.read)).toEqual({ value: 100 });
    expect(status.reads).toBe(0);
  });
});
