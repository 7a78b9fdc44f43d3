/** Shortest interval a 429 teaches (20 requests per second) when the key's rate is not known. */
const MIN_LEARNED_INTERVAL_MS = 50;
/** Longest interval a run of 429s teaches: one request every 5 s. */
const MAX_LEARNED_INTERVAL_MS = 5_000;
/** Two turns given closer than this share of the interval (timers fired late together) are spaced again. */
const LATE_TOLERANCE = 0.75;
/** A learned slowdown halves after this long without another 429, until the key's own pace is back. */
const LEARNED_HALF_LIFE_MS = 5_000;
/**
 * A learned cap on requests in flight grows by one after this long without another lesson, times the lessons so far:
 * each growth probes the limit with a 429 when the cap is the deployment's, so the probes come ever more seldom.
 */
const CAP_GROWTH_MS = 10_000;

/** How long a request served with N in flight shows that a 429 with N in flight is no limit on requests in flight. */
const SERVED_MEMORY_MS = 2_000;

/** A request's place among the requests of its key in flight (`RatePolicy.slot`). */
export interface Slot {
  /** Requests of the key in flight when it was given, itself included. */
  readonly inFlight: number;
  /** Gives the place back once the answer's headers are in (again: nothing). */
  release(): void;
}

/**
 * How long one request may still wait on the holds the deployment imposes (a 429's or a 503's Retry-After), across
 * its retries: `--timeout` in all. Its waits behind the run's own earlier turns are not counted: that queue is the
 * tester's schedule, not the deployment's answer (docs/runner-robustness.md, "Rate limits"). Each attempt's answer
 * has its own timeout, and the attempts are bounded by `maxRetries`.
 */
export class Patience {
  constructor(private leftMs: number) {}

  /** Whether a wait of `ms` still fits. */
  allows(ms: number): boolean {
    return ms < this.leftMs;
  }

  spend(ms: number): void {
    this.leftMs -= Math.max(0, ms);
  }
}

export interface RatePolicyOptions {
  /** Rate-limited answers retried per request, at most (their `Patience` bounds them anyway). */
  readonly maxRetries?: number;
  /** Longest single wait a Retry-After is honoured for; a longer one is not waited for, and holds others this long. */
  readonly maxRetryWaitMs?: number;
}

/**
 * How a run keeps to its key's rate limit (§8: "Numeric rate limit ... not shown; the key status route reports the
 * values for a key", clause s8-rate-limit-quota-not-shown). One per key (src/client/key-rate-policies.ts), shared by
 * every request the run makes with that key, REST (src/client/http.ts) and MCP (src/client/mcp.ts) alike;
 * docs/runner-robustness.md, "Rate limits". Two things set the pace:
 * - the rate the key status reports (`setRate`): requests get turns spaced evenly, whoever sends them;
 * - rate-limit answers (`refused`): every request, not only the one refused, waits until the Retry-After has passed
 *   (seconds or an HTTP date; 0.5 s, 1 s, 2 s, ... without one), and the pace halves for a while (undici's
 *   RetryAgent retries one request; a rate limit is the key's, so every request of that key is held). A 429 at the
 *   key's own pace also slows that pace by a quarter for the rest of the run (at most to half the reported rate).
 * A wait the deployment imposes (a Retry-After) is bounded by the `Patience` of the request that waits: a hold longer
 * than it has left is not waited for, and the caller reports the request as held back by the rate limit. The wait
 * behind the run's own earlier turns is not bounded: a case that sends more requests at once than the pace gives
 * turns within --timeout still gets each of them sent, and a request that waited long in that queue still has its
 * whole patience for the deployment's holds.
 */
export class RatePolicy {
  readonly maxRetries: number;
  private readonly maxRetryWaitMs: number;
  /** Spacing from the key's reported rate, and as 429s at that pace have slowed it. */
  private reportedIntervalMs = 0;
  private baseIntervalMs = 0;
  /** Spacing the last 429 taught, and when. */
  private learnedIntervalMs = 0;
  private learnedAt = Number.NEGATIVE_INFINITY;
  private nextTurn = 0;
  private heldUntil = 0;
  /** What set the hold that lasts longest: a rate limit (429), or a deployment briefly unavailable (503). */
  private heldFor: "rate" | "unavailable" = "rate";
  private lastGiven = Number.NEGATIVE_INFINITY;
  /** Until when the deployment's rate-limit header fields said the key's window is spent. */
  private pausedUntil = 0;
  /** The cap on requests in flight the last lesson set (none before a 429 met several in flight), and when. */
  private capLearned = Number.POSITIVE_INFINITY;
  private capLearnedAt = Number.NEGATIVE_INFINITY;
  private capLessons = 0;
  private inFlight = 0;
  private readonly waitingForSlot: (() => void)[] = [];
  /** When an answer that was not a rate limit's last came to a request sent with so many in flight. */
  private readonly servedInFlight = new Map<number, number>();

  constructor(options: RatePolicyOptions = {}) {
    this.maxRetries = options.maxRetries ?? 5;
    this.maxRetryWaitMs = options.maxRetryWaitMs ?? 30_000;
  }

  /**
   * Paces requests to at most `perSecond` (the key's reported rate limit); undefined lifts the pacing. Above 1000 per
   * second there is nothing to pace.
   */
  setRate(perSecond: number | undefined): void {
    const interval = perSecond && perSecond > 0 ? 1000 / perSecond : 0;
    this.reportedIntervalMs = this.baseIntervalMs = interval >= 1 ? interval : 0;
  }

  /** The spacing of turns now: the key's own, or slower while a 429's lesson lasts. */
  intervalMs(now = performance.now()): number {
    const halvings = Math.floor(Math.max(0, now - this.learnedAt) / LEARNED_HALF_LIFE_MS);
    const learned = this.learnedIntervalMs / 2 ** halvings;
    return Math.max(
      this.baseIntervalMs,
      // A slowdown wears off down to the key's own pace; without one, it fades by halvings to nothing rather than
      // dropping from 20 requests a second to no pacing at once, which met the limit again in a burst every 5 s.
      learned >= Math.min(MIN_LEARNED_INTERVAL_MS, this.baseIntervalMs || 1) ? learned : 0,
    );
  }

  /**
   * How many requests of the key may be in flight at once now: no cap until a 429 met several in flight; then the cap
   * that lesson set, one more for each CAP_GROWTH_MS since (AIMD, as TCP's congestion window or Envoy's adaptive
   * concurrency: a limit on requests in flight, which gateways set per key, is learned as a limit on requests per
   * second is).
   */
  concurrencyCap(now = performance.now()): number {
    const every = CAP_GROWTH_MS * Math.max(1, this.capLessons);
    return this.capLearned + Math.floor(Math.max(0, now - this.capLearnedAt) / every);
  }

  /**
   * Waits for a place among the key's requests in flight, under `concurrencyCap`, in the order asked; REST and MCP
   * requests of the key share the places. The wait is the run's own queue, bounded by no deadline (as `turn`'s wait
   * behind earlier turns). Rejects when `signal` aborts.
   */
  async slot(signal?: AbortSignal): Promise<Slot> {
    signal?.throwIfAborted();
    if (this.waitingForSlot.length > 0 || this.inFlight >= this.concurrencyCap()) {
      await new Promise<void>((resolve, reject) => {
        const granted = () => {
          signal?.removeEventListener("abort", aborted);
          resolve();
        };
        const aborted = () => {
          const at = this.waitingForSlot.indexOf(granted);
          if (at >= 0) this.waitingForSlot.splice(at, 1);
          const reason: unknown = signal!.reason;
          reject(reason instanceof Error ? reason : new Error(String(reason)));
        };
        this.waitingForSlot.push(granted);
        signal?.addEventListener("abort", aborted, { once: true });
        // The cap grows with time: a wait that only a growth would end is woken by the next release, or by this.
        this.grantSlots();
      });
    } else this.inFlight++;
    const inFlight = this.inFlight;
    let released = false;
    return {
      inFlight,
      release: () => {
        if (released) return;
        released = true;
        this.inFlight--;
        this.grantSlots();
      },
    };
  }

  /** An answer that was not a rate limit's, to a request sent with `slot`: served with that many in flight. */
  served(slot: Slot): void {
    this.servedInFlight.set(slot.inFlight, performance.now());
  }

  private servedWithAtLeast(inFlight: number, now: number): boolean {
    for (const [count, at] of this.servedInFlight) if (count >= inFlight && now - at < SERVED_MEMORY_MS) return true;
    return false;
  }

  /**
   * Reads the rate-limit header fields of an answer (`get` by lower-case name): when they say the key has no request
   * left in its window, the key's requests wait until the window resets, as far as each request's patience allows (a
   * request that cannot wait so long goes anyway, and meets the 429 the deployment answers then). The fields are the
   * IETF draft's (`RateLimit-Remaining` and `-Reset` in seconds, or `RateLimit: r=0;t=5`) or the common
   * `X-RateLimit-Remaining` and `-Reset` (seconds, or the reset time in epoch seconds, read against the answer's
   * `Date`). They are no lesson: a 429 alone slows the pace.
   */
  observe(get: (name: string) => string | null | undefined): void {
    const wait = exhaustedFor(get);
    if (wait === undefined) return;
    this.pausedUntil = Math.max(this.pausedUntil, performance.now() + Math.min(wait, this.maxRetryWaitMs));
  }

  /** Gives the places the cap allows to the requests waiting for one, first come first. */
  private grantSlots(): void {
    const cap = this.concurrencyCap();
    while (this.waitingForSlot.length > 0 && this.inFlight < cap) {
      this.inFlight++;
      this.waitingForSlot.shift()!();
    }
  }

  /**
   * Waits for the request's turn: after every turn given before it (spaced by `intervalMs`) and after any Retry-After
   * that is running, the part of the wait a Retry-After holds spent from `patience`. Resolves to the time the turn came
   * (performance.now()), or undefined at once when a Retry-After holds every request longer than `patience` allows. A
   * Retry-After learned while waiting is waited for too. Rejects when `signal` aborts.
   */
  async turn(patience: Patience, signal?: AbortSignal): Promise<number | undefined> {
    for (;;) {
      signal?.throwIfAborted();
      const now = performance.now();
      const interval = this.intervalMs(now);
      const holdEnds = this.heldUntil;
      if (holdEnds > now && !patience.allows(holdEnds - now)) return undefined;
      const paused = this.pausedUntil > now && patience.allows(this.pausedUntil - now) ? this.pausedUntil : 0;
      const at = Math.max(now, this.nextTurn, holdEnds, paused, this.lastGiven + interval);
      this.nextTurn = at + interval;
      if (at > now) {
        await sleep(at - now, signal);
        const woke = performance.now();
        patience.spend(Math.min(woke, holdEnds) - now);
        // Held by a Retry-After learned meanwhile, or woken late beside another turn (a busy event loop fires due
        // timers together): the turn is taken again rather than sending two requests back to back.
        if (this.heldUntil > woke || woke - this.lastGiven < interval * LATE_TOLERANCE) continue;
      }
      this.lastGiven = performance.now();
      return this.lastGiven;
    }
  }

  /**
   * A rate-limited answer (HTTP 429, or a rate-limit refusal in an MCP tool result) to the attempt numbered `attempt`
   * (0 first) of a request whose turn came at `sentAt`: holds every request until its Retry-After has passed, slows
   * the pace unless an earlier lesson already covers this request, and says whether to retry it (attempts left, and
   * the wait fits what `patience` has left). The retry is made by waiting for
   * `turn` again. `cause` "unavailable" (a 503 with Retry-After, `isTransientUnavailable`) holds and retries alike but
   * leaves the pace as it is. `inFlight` (the refused request's `Slot.inFlight`) teaches the cap on requests in
   * flight: a 429 that met several sets it below them, to the fewer of one less and three quarters (rounded up), so a
   * gateway's limit of N is found from the first request past it, and a run met early with many is cut quickly.
   */
  refused(
    retryAfter: string | undefined,
    attempt: number,
    patience: Patience,
    sentAt: number,
    cause: "rate" | "unavailable" = "rate",
    inFlight?: number,
  ): boolean {
    const now = performance.now();
    // Refused with more in flight than any request of the key was served with lately: a limit on requests in flight
    // explains it, and the cap is taught alone. Refused at a concurrency that was served: the key's pace is.
    // Refused at the cap already learned: the same limit, met again (a gateway counts an answer a moment longer than
    // the client does), not the key's pace.
    const overCap =
      inFlight !== undefined &&
      inFlight > 1 &&
      (inFlight >= this.concurrencyCap(now) || !this.servedWithAtLeast(inFlight, now));
    if (cause === "rate" && overCap && sentAt > this.capLearnedAt) {
      this.capLearned = Math.min(
        this.concurrencyCap(now),
        Math.max(1, Math.min(inFlight - 1, Math.ceil(inFlight * 0.75))),
      );
      this.capLearnedAt = now;
      this.capLessons++;
    }
    // Requests sent before the last lesson were refused for the same reason: they teach nothing new. A deployment
    // briefly unavailable (503 with Retry-After) says nothing of the key's pace: it holds, and teaches no slowdown.
    if (cause === "rate" && !overCap && sentAt > this.learnedAt) {
      const pace = this.intervalMs(now);
      // Refused at the key's own pace: that pace is too fast for this deployment (no burst, clocks that drift), so
      // it stays a quarter slower for the rest of the run, down to half the reported rate. Without a reported rate,
      // the pace a 429 met is the one found too fast: the run keeps a quarter below it for good, so that a
      // slowdown wearing off comes back to a pace near the key's limit, not past it again and again.
      if (this.reportedIntervalMs > 0) {
        if (pace <= this.baseIntervalMs)
          this.baseIntervalMs = Math.min(this.baseIntervalMs * 1.25, this.reportedIntervalMs * 2);
      } else this.baseIntervalMs = Math.min(MAX_LEARNED_INTERVAL_MS, Math.max(this.baseIntervalMs, pace * 1.25));
      const slower = Math.max(this.baseIntervalMs ? 0 : MIN_LEARNED_INTERVAL_MS, this.intervalMs(now) * 2);
      this.learnedIntervalMs = Math.min(MAX_LEARNED_INTERVAL_MS, slower);
      this.learnedAt = now;
    }
    const wait = retryDelayMs(retryAfter, attempt);
    const until = now + Math.min(wait, this.maxRetryWaitMs);
    if (until > this.heldUntil) [this.heldUntil, this.heldFor] = [until, cause];
    return attempt < this.maxRetries && wait <= this.maxRetryWaitMs && patience.allows(wait);
  }

  /**
   * Whether the hold that gave a request no turn is a deployment briefly unavailable (503 with Retry-After) rather than
   * the key's rate limit: the request then got no answer to judge, not a rate-limit answer.
   */
  heldUnavailable(): boolean {
    return this.heldFor === "unavailable";
  }

  /** Why a request gets no turn within its patience, for the message of a request not sent. */
  describeHold(): string {
    const seconds = Math.ceil(Math.max(0, this.heldUntil - performance.now()) / 1000);
    const why = this.heldFor === "unavailable" ? "HTTP 503 with Retry-After" : "HTTP 429";
    return `the deployment asked to wait ${seconds} s more (${why}), longer than the request may wait (--timeout)`;
  }
}

/**
 * Whether an answer says the deployment is only for now unable to handle the request: 503 with a Retry-After (RFC
 * 9110 §15.6.4: "the server is currently unable to handle the request due to a temporary overload or scheduled
 * maintenance", and §10.2.3). The request was not processed, so it is re-sent under the key's policy as a 429 is, and
 * when its retries run out it is no answer to judge (docs/runner-robustness.md, "Rate limits"). A 503 without one is
 * an answer like any other.
 */
export function isTransientUnavailable(status: number | undefined, retryAfter: string | null | undefined): boolean {
  return status === 503 && retryAfter !== undefined && retryAfter !== null;
}

/** The error of a request still answered 503 with Retry-After after `retries` retries. */
export function describeUnavailable(retries: number): string {
  const times = `${retries} ${retries === 1 ? "retry" : "retries"}`;
  return `the deployment was unavailable: HTTP 503 with Retry-After, still after ${times}`;
}

/**
 * An answer's Retry-After, a date (RFC 9110 §10.2.3) read against the answer's own `Date` header when it has one: both
 * are the deployment's clock, which need not be the tester's (§6.6.1 makes the origin server's clock the one that
 * dates an answer), so a server whose clock runs 90 s ahead asks for the wait it means, not 90 s more. The result is
 * seconds, or the value as it came when it is not a date or the answer is undated (read then by `retryDelayMs`
 * against the tester's clock). `get` reads a header field by its lower-case name.
 */
export function retryAfterOf(get: (name: string) => string | null | undefined): string | undefined {
  const value = get("retry-after") ?? undefined;
  if (value === undefined || /^\s*\d+(\.\d+)?\s*$/.test(value)) return value;
  const until = Date.parse(value);
  const dated = Date.parse(get("date") ?? "");
  if (Number.isNaN(until) || Number.isNaN(dated)) return value;
  return String(Math.max(0, until - dated) / 1000);
}

/** Milliseconds until the window resets when an answer's rate-limit fields say none is left in it, else undefined. */
export function exhaustedFor(get: (name: string) => string | null | undefined): number | undefined {
  const number = (value: string | null | undefined) =>
    value !== null && value !== undefined && /^\s*\d+(\.\d+)?\s*$/.test(value) ? Number(value) : undefined;
  const structured = get("ratelimit");
  let remaining = number(get("ratelimit-remaining"));
  let reset = number(get("ratelimit-reset"));
  if (remaining === undefined && structured) {
    remaining = number(/(?:^|[;,\s])r=(\d+)/.exec(structured)?.[1]);
    reset = number(/(?:^|[;,\s])t=(\d+)/.exec(structured)?.[1]);
  }
  if (remaining === undefined) {
    remaining = number(get("x-ratelimit-remaining"));
    reset = number(get("x-ratelimit-reset"));
    // An epoch time (GitHub's form), read against the answer's own clock when it is dated.
    if (reset !== undefined && reset > 1e9) {
      const dated = Date.parse(get("date") ?? "");
      reset = Math.max(0, reset - (Number.isNaN(dated) ? Date.now() : dated) / 1000);
    }
  }
  return remaining === 0 && reset !== undefined && reset > 0 ? reset * 1000 : undefined;
}

/**
 * Retry-After in seconds or as an HTTP date; without one (or an unreadable one), 0.5 s, 1 s, 2 s, ... by attempt
 * (the back-off of undici's RetryAgent: minTimeout 500 ms, timeoutFactor 2).
 */
export function retryDelayMs(retryAfter: string | undefined, attempt: number): number {
  if (retryAfter !== undefined) {
    const seconds = Number(retryAfter.trim());
    if (retryAfter.trim() !== "" && Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
    const date = Date.parse(retryAfter);
    if (!Number.isNaN(date)) return Math.max(0, date - Date.now());
  }
  return 500 * 2 ** attempt;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(done, ms);
    function done() {
      signal?.removeEventListener("abort", aborted);
      resolve();
    }
    function aborted() {
      clearTimeout(timer);
      const reason: unknown = signal!.reason;
      reject(reason instanceof Error ? reason : new Error(String(reason)));
    }
    signal?.addEventListener("abort", aborted, { once: true });
  });
}
