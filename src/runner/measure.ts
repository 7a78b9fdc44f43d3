import { countRoundTrip, offChain } from "../client/round-trips.js";
import type { BalanceMeter, BalanceReading } from "./balance.js";
import type { BalanceLock } from "./lock.js";

type BalanceKey = "primary" | "second";

/**
 * Lets the requests that may be charged go, and returns the release to call once they are answered; throws
 * NotAdmitted when they may not go at all.
 */
export type Admit = () => Promise<() => void>;

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
   * other than what its runs were expected to cost: then no run of the window can be told apart from the others.
   */
  readonly measured?: number;
  /** The window's balance did not fall by what its runs add up to: each must be measured again alone. */
  readonly mismatch?: true;
}

/** One window: the runs admitted into it, and what each was expected to cost once it is over. */
class Window {
  readonly opened: Promise<void>;
  private open!: () => void;
  /** Resolved once the second reading is taken and the lock released. */
  readonly closed: Promise<void>;
  close!: () => void;
  private members = 0;
  private readonly expected = new Map<number, number | null>();
  private allOver: (() => void) | undefined;
  before: BalanceReading = {};
  after: BalanceReading = {};
  fell: number | undefined;

  constructor() {
    this.opened = new Promise((resolve) => (this.open = resolve));
    this.closed = new Promise((resolve) => (this.close = resolve));
  }

  join(): number {
    return this.members++;
  }

  /** Opens the window to its members, then resolves once every one of them has said it is over. */
  admitAll(): Promise<void> {
    const over = new Promise<void>((resolve) => (this.allOver = resolve));
    this.open();
    if (this.expected.size === this.members) this.allOver!();
    return over;
  }

  /** A member's run is over; `expected` is what it should have cost (null: unknown). */
  over(member: number, expected: number | null): void {
    this.expected.set(member, expected);
    if (this.expected.size === this.members) this.allOver?.();
  }

  /** A member's own cost, or undefined (with `mismatch` when the window's runs do not add up). */
  costOf(member: number): { measured?: number; mismatch?: true } {
    if (this.fell === undefined) return {};
    // A window of one run measured it alone: the fall is its cost, whatever was expected.
    if (this.members === 1) return { measured: this.fell };
    let sum: number | null = 0;
    for (const e of this.expected.values()) sum = sum === null || e === null ? null : sum + e;
    if (sum !== this.fell) return { mismatch: true };
    return { measured: this.expected.get(member)! };
  }
}

/**
 * Measures Credits by the key's balance, several runs at a time (docs/run.md, "Budget"). A measured run goes about
 * its unpriced work (opening an MCP session, say) freely; the first time it asks to send something that may be
 * charged, it joins the next window. A window opens once the balance lock is held exclusively (nothing else charged
 * is in flight), reads the balance, lets every member go side by side, waits until each member's run is over and
 * reads the balance again. When it fell by exactly what the members were expected to cost (the §8 formulas, or 0 for
 * a free request), each cost what it was expected to; otherwise each is measured again alone by its caller, so a
 * wrong charge is pinned on the request that made it. On a deployment that charges as §8 says, N measured steps then
 * cost one exclusive window instead of N.
 */
export class MeasurementWindows {
  private readonly pending = new Map<BalanceKey, Window>();

  constructor(
    private readonly lock: BalanceLock,
    private readonly meter: BalanceMeter,
    /** Called with each window's first reading, taken while nothing charged is in flight. */
    private readonly onQuiet: (key: BalanceKey, reading: BalanceReading) => void = () => undefined,
  ) {}

  /**
   * Runs `run`, whose charged requests go through the admission it is given (the first admission joins a window;
   * the window's second reading waits until `run` is over). A run that never asks for admission sent nothing that
   * may be charged: it cost nothing.
   */
  async measure<T>(
    key: BalanceKey,
    run: (admit: Admit) => Promise<T>,
    expected: (result: T) => number | null,
    /** Asked once the window's first reading is in: false when the run may no longer send (NotAdmitted). */
    mayProceed: () => boolean = () => true,
  ): Promise<WindowMeasurement<T>> {
    let joined: { window: Window; member: number; admitted?: boolean } | undefined;
    const admit: Admit = async () => {
      if (!joined) {
        const window = this.windowFor(key);
        joined = { window, member: window.join() };
      }
      await joined.window.opened;
      joined.admitted ??= mayProceed();
      if (!joined.admitted) throw new NotAdmitted("not admitted: the budget no longer covers this step");
      return () => undefined;
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
    await window.closed;
    // The window's two readings stand on the chain of every run it measured (this continuation is the asker's own).
    countRoundTrip(2);
    return { result, before: window.before, after: window.after, ...window.costOf(member) };
  }

  /** The window not yet open for this key, opened as soon as the balance lock can be held exclusively. */
  private windowFor(key: BalanceKey): Window {
    let window = this.pending.get(key);
    if (!window) {
      const created = new Window();
      this.pending.set(key, created);
      window = created;
      void offChain(() => this.open(key, created));
    }
    return window;
  }

  private async open(key: BalanceKey, window: Window): Promise<void> {
    const release = await this.lock.acquire(true);
    // Everyone who joined while the lock was awaited shares this window; later joiners open the next one.
    this.pending.delete(key);
    try {
      window.before = await this.meter.read(key);
      this.onQuiet(key, window.before);
      await window.admitAll();
      window.after = await this.meter.read(key, true);
      const { before, after } = window;
      window.fell = before.value !== undefined && after.value !== undefined ? before.value - after.value : undefined;
    } finally {
      release();
      window.close();
    }
  }
}
