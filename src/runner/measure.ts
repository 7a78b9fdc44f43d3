import { countRoundTrip, offChain } from "../client/round-trips.js";
import type { BalanceMeter, BalanceReading } from "./balance.js";
import { BalanceSettling, SETTLE_BOUND_MS } from "./settle.js";

export type BalanceKey = "primary" | "second";

/** Called once the admitted requests are answered, with what §8 says they cost (null: not known). */
export type Release = (expected: number | null) => void;

/**
 * Lets requests that may be charged go, and returns the release to call once they are answered; throws NotAdmitted
 * when they may not go at all.
 */
export type Admit = () => Promise<Release>;

/** A measured run may not send what it asked to: once the balance was read, its worst case no longer fit the budget. */
export class NotAdmitted extends Error {
  override readonly name = "NotAdmitted";
}

/** What one measured run gave: its result, and its cost when its window could tell it. */
export interface WindowMeasurement<T> {
  readonly result: T;
  readonly before: BalanceReading;
  readonly after: BalanceReading;
  /**
   * Credits it cost. Undefined when the balance could not be read, or when the window's balance fell by something
   * other than what was sent in it was expected to cost: then no run of the window can be told apart from the others.
   */
  readonly measured?: number;
  /** The window's balance did not fall by what its requests add up to: each run must be measured again alone. */
  readonly mismatch?: true;
}

/**
 * How long a window stays open once a measured run waits for it to close, in round trips of a balance reading: every
 * close holds back new charged requests for a drain and a reading, so a window open for this many round trips costs
 * the rest of the run about a third of its time at worst, and each measured run waits at most this long plus two.
 */
const WINDOW_ROUND_TRIPS = 4;

const sum = (a: number | null, b: number | null) => (a === null || b === null ? null : a + b);

/** One window of a key's balance: everything charged that was sent between two readings of it. */
class Window {
  readonly openedAt = performance.now();
  /** Each measured run's expected cost once it is over (undefined while it runs). */
  private readonly members: (number | null | undefined)[] = [];
  /** Expected cost of the requests admitted outside any measured run (null once one of them was not known). */
  private others: number | null = 0;
  private otherAdmissions = 0;
  private inFlight = 0;
  private settledWaiter: (() => void) | undefined;
  closeScheduled = false;
  closing = false;
  after: BalanceReading = {};
  fell: number | undefined;
  readonly closed: Promise<void>;
  markClosed!: () => void;

  constructor(readonly before: BalanceReading) {
    this.closed = new Promise((resolve) => (this.markClosed = resolve));
  }

  join(): number {
    return this.members.push(undefined) - 1;
  }

  /** A request of a measured run (`member`) or of no measurement goes; returns its release. */
  admitRequest(member?: number): Release {
    this.inFlight++;
    if (member === undefined) this.otherAdmissions++;
    let released = false;
    return (expected) => {
      if (released) return;
      released = true;
      if (member === undefined) this.others = sum(this.others, expected);
      this.inFlight--;
      this.checkSettled();
    };
  }

  over(member: number, expected: number | null): void {
    this.members[member] = expected;
    this.checkSettled();
  }

  /** Resolves once nothing admitted is in flight and every measured run is over. */
  settled(): Promise<void> {
    return new Promise((resolve) => {
      this.settledWaiter = resolve;
      this.checkSettled();
    });
  }

  private checkSettled(): void {
    if (this.settledWaiter && this.inFlight === 0 && this.members.every((m) => m !== undefined)) {
      const waiter = this.settledWaiter;
      this.settledWaiter = undefined;
      waiter();
    }
  }

  /** What §8 says everything sent in the window cost (null when one request's cost is not known). */
  expected(): number | null {
    return this.members.reduce<number | null>((total, m) => sum(total, m ?? null), this.others);
  }

  /** A member's own cost, or undefined (with `mismatch` when what was sent does not add up to the fall). */
  costOf(member: number): { measured?: number; mismatch?: true } {
    if (this.fell === undefined) return {};
    // A window of one run and nothing else measured it alone: the fall is its cost, whatever was expected.
    if (this.members.length === 1 && this.otherAdmissions === 0) return { measured: this.fell };
    if (this.expected() !== this.fell) return { mismatch: true };
    return { measured: this.members[member]! };
  }
}

/** A key's windows: the one open, the admissions waiting for the next, and the runs that must be measured alone. */
class KeyLedger {
  open: Window | undefined;
  /** A window is opening or closing: admissions wait. */
  busy = false;
  /** The last reading taken while nothing charged was in flight, if nothing was admitted since. */
  quiet: BalanceReading | undefined;
  /** Runs waiting to be measured alone, in arrival order. */
  readonly alone: (() => void)[] = [];
  aloneRunning = false;
  /** Admissions waiting for the key to be free. */
  waiters: (() => void)[] = [];
  /** Smoothed duration of a balance reading, in ms: the round trip windows are sized by. */
  roundTripMs: number | undefined;
  /** Smoothed wait for the balance to settle after a closing reading (settle.ts), in ms: 0 where it shows at once. */
  settleMs = 0;

  /** An admission may go into the open window, or open one, now. */
  get free(): boolean {
    return !this.busy && !this.aloneRunning && this.alone.length === 0;
  }

  wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const waiter of waiters) waiter();
  }
}

/**
 * Measures Credits by the key's balance (docs/run.md, "Budget"). The run's charged requests go in windows, one after
 * another: every request that may be charged, measured or not, is admitted into the window open for its key and says
 * on release what §8 says it cost. A window closes when a measured run waits for its result (after it has been open
 * for a few round trips): new charged requests wait, the ones in flight are answered, the balance is read, and the
 * next window opens on that reading. When the balance fell by exactly what the window's requests were expected to
 * cost, each measured run cost what it was expected to; otherwise each is measured again alone by its caller, so a
 * wrong charge is pinned on the request that made it. Requests that are not measured only wait while a window closes.
 */
export class MeasurementWindows {
  private readonly ledgers = new Map<BalanceKey, KeyLedger>();
  private readonly wrongCostSeen = new Set<BalanceKey>();
  /**
   * A recorded or replayed run reads the balance only for runs measured alone, on the case's own chain: a window's
   * readings would belong to no case, and a cassette replays each case's own exchanges (src/runner/cassette.ts).
   */
  private readonly readsInCase: boolean;

  constructor(
    private readonly meter: BalanceMeter,
    /** Called with each reading taken while nothing charged is in flight. */
    private readonly onQuiet: (key: BalanceKey, reading: BalanceReading) => void = () => undefined,
    /** Waits for a balance that shows charges late (src/runner/settle.ts). */
    private readonly settling = new BalanceSettling(SETTLE_BOUND_MS),
  ) {
    this.readsInCase = meter.readsEveryTime === true;
  }

  /** Admits a charged request that no measured run sends: it waits only while a window closes. */
  async admit(key: BalanceKey): Promise<Release> {
    const window = await this.openWindow(key);
    return window.admitRequest();
  }

  /**
   * Runs `run`, whose charged requests go through the admission it is given (the first admission joins the open
   * window; the window closes once `run` is over and it has been open long enough). A run that never asks for
   * admission sent nothing that may be charged: it cost nothing.
   */
  async measure<T>(
    key: BalanceKey,
    run: (admit: Admit) => Promise<T>,
    expected: (result: T) => number | null,
    /** Asked when the run joins a window: false when the run may no longer send (NotAdmitted). */
    mayProceed: () => boolean = () => true,
  ): Promise<WindowMeasurement<T>> {
    let joined: { window: Window; member: number; admitted: boolean } | undefined;
    const admit: Admit = async () => {
      if (!joined) {
        const window = await this.openWindow(key);
        joined = { window, member: window.join(), admitted: mayProceed() };
      }
      if (!joined.admitted) throw new NotAdmitted("not admitted: the budget no longer covers this step");
      return joined.window.admitRequest(joined.member);
    };
    let result: T;
    try {
      result = await run(admit);
    } catch (error) {
      joined?.window.over(joined.member, null);
      throw error;
    }
    if (!joined) return { result, before: {}, after: {}, measured: 0 };
    const { window, member } = joined;
    let cost: number | null;
    try {
      cost = expected(result);
    } catch (error) {
      // Every member must say it is over, or the window would wait for it forever.
      window.over(member, null);
      throw error;
    }
    window.over(member, cost);
    this.scheduleClose(key, window, this.minOpenMs(key));
    await window.closed;
    // The closing reading stands on the chain of every run the window measured (this continuation is the asker's).
    countRoundTrip(1);
    return { result, before: window.before, after: window.after, ...window.costOf(member) };
  }

  /**
   * Runs `fn` with nothing else charged on the key in flight, between two readings of the balance: for a cost only a
   * lone request shows, and for runs a shared window could not tell apart. `expected` says what §8 says the result
   * cost (null: not known), which the closing reading waits for if the balance shows charges late.
   */
  async alone<T>(
    key: BalanceKey,
    fn: () => Promise<T>,
    expected: (result: T) => number | null = () => null,
  ): Promise<{ result: T; before: BalanceReading; after: BalanceReading }> {
    const ledger = this.ledger(key);
    await new Promise<void>((resolve) => {
      ledger.alone.push(resolve);
      this.pump(key);
    });
    try {
      const before = (!this.readsInCase && ledger.quiet) || (await this.read(key, false));
      this.onQuiet(key, before);
      const result = await fn();
      const after = await this.settled(key, before, await this.read(key, true), expected(result));
      ledger.quiet = after.value !== undefined && !this.readsInCase ? after : undefined;
      this.onQuiet(key, after);
      return { result, before, after };
    } finally {
      ledger.aloneRunning = false;
      this.pump(key);
    }
  }

  /** A charge of a run measured alone showed `ms` after its answer, later than its reading waited (settle.ts). */
  shownLate(ms: number): void {
    this.settling.shownLate(ms);
  }

  /** Whether no cost other than §8's was confirmed on the key before; now one is (src/runner/stages/meter.ts). */
  firstWrongCost(key: BalanceKey): boolean {
    const first = !this.wrongCostSeen.has(key);
    this.wrongCostSeen.add(key);
    return first;
  }

  private ledger(key: BalanceKey): KeyLedger {
    let ledger = this.ledgers.get(key);
    if (!ledger) this.ledgers.set(key, (ledger = new KeyLedger()));
    return ledger;
  }

  private minOpenMs(key: BalanceKey): number {
    // A close waits for the balance to settle too: a window stays open as many times longer.
    const ledger = this.ledger(key);
    return WINDOW_ROUND_TRIPS * ((ledger.roundTripMs ?? 0) + ledger.settleMs);
  }

  /** The open window (opened on a reading if none is), once the key is free: no window closing, no run alone. */
  private async openWindow(key: BalanceKey): Promise<Window> {
    const ledger = this.ledger(key);
    while (!ledger.free) await new Promise<void>((resolve) => ledger.waiters.push(resolve));
    if (ledger.open && !ledger.open.closing) return ledger.open;
    // Nothing is open: open a window on a reading taken while nothing charged is in flight.
    ledger.busy = true;
    try {
      const before = this.readsInCase ? {} : (ledger.quiet ?? (await offChain(() => this.read(key, false))));
      ledger.quiet = undefined;
      if (before.value !== undefined) this.onQuiet(key, before);
      ledger.open = new Window(before);
    } finally {
      ledger.busy = false;
      this.pump(key);
    }
    return this.openWindow(key);
  }

  /**
   * What the key does next once something changed: a run waiting to be measured alone closes the open window, or
   * goes once none is open; otherwise waiting admissions go.
   */
  private pump(key: BalanceKey): void {
    const ledger = this.ledger(key);
    if (ledger.busy || ledger.aloneRunning) return;
    if (ledger.alone.length > 0) {
      if (ledger.open) return this.scheduleClose(key, ledger.open, 0);
      ledger.aloneRunning = true;
      ledger.alone.shift()!();
      return;
    }
    ledger.wake();
  }

  private scheduleClose(key: BalanceKey, window: Window, afterMs: number): void {
    if (window.closeScheduled) return;
    window.closeScheduled = true;
    const wait = Math.max(0, window.openedAt + afterMs - performance.now());
    void offChain(() => new Promise((resolve) => setTimeout(resolve, wait)).then(() => this.close(key, window)));
  }

  private async close(key: BalanceKey, window: Window): Promise<void> {
    const ledger = this.ledger(key);
    window.closing = true;
    ledger.busy = true;
    try {
      await window.settled();
      window.after = this.readsInCase
        ? {}
        : await this.settled(key, window.before, await this.read(key, true), window.expected());
      const { before, after } = window;
      window.fell = before.value !== undefined && after.value !== undefined ? before.value - after.value : undefined;
      ledger.quiet = after.value !== undefined ? after : undefined;
      if (after.value !== undefined) this.onQuiet(key, after);
    } finally {
      ledger.open = undefined;
      ledger.busy = false;
      window.markClosed();
      this.pump(key);
    }
  }

  /**
   * The closing reading `after` once the balance shows what was sent since `before` (src/runner/settle.ts). A balance
   * that did not settle is no reading, and the reading cached is stale: the next one is taken afresh.
   */
  private async settled(
    key: BalanceKey,
    before: BalanceReading,
    after: BalanceReading,
    expected: number | null,
  ): Promise<BalanceReading> {
    const started = performance.now();
    const reading = await this.settling.settle(after, before.value, expected, () => this.read(key, true));
    // Only a wait that saw a charge show late counts: a reading that stood still was an undercharge, not billing.
    const waited = reading.value !== after.value && reading.value !== undefined ? performance.now() - started : 0;
    const ledger = this.ledger(key);
    ledger.settleMs = 0.7 * ledger.settleMs + 0.3 * waited;
    if (reading.limit === "unsettled") this.meter.touch();
    return reading;
  }

  private async read(key: BalanceKey, fresh: boolean): Promise<BalanceReading> {
    const started = performance.now();
    const reading = await this.meter.read(key, fresh);
    const ledger = this.ledger(key);
    const took = performance.now() - started;
    ledger.roundTripMs = ledger.roundTripMs === undefined ? took : 0.7 * ledger.roundTripMs + 0.3 * took;
    return reading;
  }
}
