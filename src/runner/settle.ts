import type { BalanceReading } from "./balance.js";

/**
 * The longest the run waits for a key's balance to take in what was charged, when `--timeout` is not shorter:
 * billing may show a charge in key status only some time after its answer (§4.5 and §8 say key status reports the
 * remaining quota, not how soon; docs/run.md, "Budget").
 */
export const SETTLE_BOUND_MS = 3000;

/** The first pause before a balance short of its expected figure is read again; each later pause doubles. */
const FIRST_GAP_MS = 25;
/** The longest pause between two readings of a balance that is settling. */
const MAX_GAP_MS = 200;

/** Time as the settling sees it (a test gives its own). */
export interface SettleClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

const realClock: SettleClock = {
  now: () => performance.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/**
 * Waits, after charged requests are answered, until the key's balance shows what they cost (docs/run.md, "Budget").
 * A reading that fell by the expected figure, or by more, is taken at once: a charge shown late only adds to the
 * fall, so waiting cannot bring a larger fall back (an overcharge is judged by the caller, measured again alone).
 * A reading short of it is read again, after pauses that double, until it reaches the figure, or stands still long
 * enough to be the balance's last word, or the bound passes while it still moves: then it is no reading at all
 * (`limit: "unsettled"`), and the step's Credits are the tester's to leave unmeasured, never a failure.
 *
 * How long "still" must last is learned from the deployment during the run: until a charge was once seen late, a
 * reading short of its figure must stand still for the whole bound (an undercharge then costs the bound once, and the
 * deployment is known to show charges at once: from then on its readings are taken at once, and a charge that still
 * shows late is caught by the caller's second look, `shownLate`); once a charge was seen late, twice the longest
 * delay seen. With no figure to reach (a cost only observed), the reading is taken at once
 * unless a charge was seen late. A deployment that shows every charge at once reads nothing more than before.
 */
export class BalanceSettling {
  /**
   * The longest a charge took to show, in ms after the first reading that missed it: undefined until one was seen
   * late or a reading short of its figure stood still for the whole bound (0: charges show at once).
   */
  private lag: number | undefined;
  /** How long the latest charge seen late certainly took to show: the first pause before the next reading. */
  private lagFloor = 0;

  constructor(
    readonly boundMs: number,
    private readonly clock: SettleClock = realClock,
  ) {}

  /**
   * The settled reading of a balance first read as `first`, `before` being its value before the charged requests,
   * which §8 says cost `expected` (null: not known); `read` reads the balance again, fresh.
   */
  async settle(
    first: BalanceReading,
    before: number | undefined,
    expected: number | null,
    read: () => Promise<BalanceReading>,
  ): Promise<BalanceReading> {
    if (first.value === undefined || before === undefined) return first;
    const fell = (r: BalanceReading) => before - r.value!;
    if (expected !== null && fell(first) >= expected) return first;
    if (expected === null && !this.lag) return first;
    const start = this.clock.now();
    let last = first;
    let changedAt = start;
    let lastReadAt = start;
    let moved = false;
    // The first pause is as long as the latest late charge certainly took; the later ones start short and double.
    let pause = Math.max(FIRST_GAP_MS, this.lagFloor);
    let gap = FIRST_GAP_MS;
    for (;;) {
      const now = this.clock.now();
      if (expected !== null && fell(last) === expected) return last;
      const still = this.stillSpan(expected);
      if (now - changedAt >= still) {
        if (!moved && this.lag === undefined) this.lag = 0;
        return last;
      }
      if (now - start >= this.boundMs) return this.unsettled(now - start, now - changedAt);
      await this.clock.sleep(Math.max(1, Math.min(pause, changedAt + still - now, start + this.boundMs - now)));
      pause = gap;
      gap = Math.min(gap * 2, MAX_GAP_MS);
      const next = await read();
      if (next.value === undefined) return next;
      const at = this.clock.now();
      if (next.value !== last.value) {
        moved = true;
        changedAt = at;
        this.lag = Math.max(this.lag ?? 0, at - start);
        this.lagFloor = lastReadAt - start;
      }
      lastReadAt = at;
      last = next;
    }
  }

  /**
   * A charge showed `ms` after its answer, later than a settling waited for it (seen by the caller, while the run
   * sent nothing on the key): from then on a reading short of its figure waits as long as that took, twice over,
   * within the bound.
   */
  shownLate(ms: number): void {
    this.lag = Math.max(this.lag ?? 0, ms);
  }

  /** How long a reading short of its figure must stand still to be the balance's last word. */
  private stillSpan(expected: number | null): number {
    if (this.lag === undefined) return expected === null ? 0 : this.boundMs;
    return 2 * this.lag;
  }

  private unsettled(waited: number, still: number): BalanceReading {
    const seen = this.lag ? `; charges were seen to show up to ${Math.round(this.lag)} ms late` : "";
    return {
      error:
        `the key's balance had not settled ${Math.round(waited)} ms after the charged answers (its reading stood ` +
        `still for the last ${Math.round(still)} ms${seen}; the run waits at most ${this.boundMs} ms for billing ` +
        `to settle, the shorter of --timeout and ${SETTLE_BOUND_MS} ms)`,
      limit: "unsettled",
    };
  }
}
