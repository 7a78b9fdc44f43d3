import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Patience, RatePolicy, exhaustedFor, retryAfterOf, retryDelayMs } from "./rate-policy.js";

/** When each of the turns resolved, in fake milliseconds from the start (undefined: no turn before the deadline). */
function track(turns: Promise<number | undefined>[]): (number | undefined | "waiting")[] {
  const at: (number | undefined | "waiting")[] = turns.map(() => "waiting");
  turns.forEach((turn, i) => void turn.then((t) => (at[i] = t === undefined ? undefined : Math.round(t))));
  return at;
}

describe("RatePolicy (fake clock)", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance", "Date"], now: 0 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("reads Retry-After in seconds or as an HTTP date, and backs off 0.5 s, 1 s, 2 s without one", () => {
    expect(retryDelayMs("2", 0)).toBe(2000);
    expect(retryDelayMs(" 0 ", 3)).toBe(0);
    vi.setSystemTime(10_000);
    expect(retryDelayMs(new Date(13_000).toUTCString(), 0)).toBe(3000);
    expect(retryDelayMs(new Date(1_000).toUTCString(), 0)).toBe(0);
    expect(retryDelayMs(undefined, 0)).toBe(500);
    expect(retryDelayMs(undefined, 2)).toBe(2000);
    expect(retryDelayMs("soon", 1)).toBe(1000);
    expect(retryDelayMs("", 0)).toBe(500);
  });

  it("reads a Retry-After date against the answer's own Date, whatever the tester's clock says", () => {
    vi.setSystemTime(Date.UTC(2026, 10, 27, 12, 0, 0));
    const headers = (fields: Record<string, string>) => (name: string) => fields[name];
    // The server's clock runs 90 s ahead: its date means a wait of 2 s, not 92 s.
    const ahead = { date: "Fri, 27 Nov 2026 12:01:30 GMT", "retry-after": "Fri, 27 Nov 2026 12:01:32 GMT" };
    expect(retryDelayMs(retryAfterOf(headers(ahead)), 0)).toBe(2000);
    // A date before the answer's own is no wait; seconds, and a date without a Date header, are taken as they come.
    expect(retryAfterOf(headers({ ...ahead, "retry-after": "Fri, 27 Nov 2026 12:01:00 GMT" }))).toBe("0");
    expect(retryAfterOf(headers({ ...ahead, "retry-after": "3" }))).toBe("3");
    expect(retryAfterOf(headers({ "retry-after": ahead["retry-after"] }))).toBe(ahead["retry-after"]);
    expect(retryAfterOf(headers({ date: ahead.date }))).toBeUndefined();
  });

  it("reads a spent window from RateLimit or X-RateLimit header fields", () => {
    vi.setSystemTime(Date.UTC(2026, 10, 27, 12, 0, 0));
    const fields = (f: Record<string, string>) => (name: string) => f[name];
    expect(exhaustedFor(fields({ "ratelimit-remaining": "0", "ratelimit-reset": "3" }))).toBe(3000);
    expect(exhaustedFor(fields({ "ratelimit-remaining": "1", "ratelimit-reset": "3" }))).toBeUndefined();
    expect(exhaustedFor(fields({ ratelimit: '"default";r=0;t=7' }))).toBe(7000);
    expect(exhaustedFor(fields({ ratelimit: '"default";r=4;t=7' }))).toBeUndefined();
    // GitHub's form: the reset as epoch seconds, read against the answer's own Date (its clock 90 s ahead here).
    const reset = String(Date.UTC(2026, 10, 27, 12, 1, 32) / 1000);
    const dated = { "x-ratelimit-remaining": "0", "x-ratelimit-reset": reset, date: "Fri, 27 Nov 2026 12:01:30 GMT" };
    expect(exhaustedFor(fields(dated))).toBe(2000);
    expect(exhaustedFor(fields({ "x-ratelimit-remaining": "0", "x-ratelimit-reset": "5" }))).toBe(5000);
    expect(exhaustedFor(fields({ "ratelimit-remaining": "0" }))).toBeUndefined();
  });

  it("holds the key's turns until a spent window resets, as far as each request's patience allows", async () => {
    const policy = new RatePolicy();
    policy.observe((name) => ({ "ratelimit-remaining": "0", "ratelimit-reset": "2" })[name]);
    // A request that may wait 1 s only is not held back: it goes, and meets whatever the deployment answers.
    const at = track([policy.turn(new Patience(1_000)), policy.turn(new Patience(10_000))]);
    await vi.advanceTimersByTimeAsync(2_100);
    expect(at).toEqual([0, 2000]);
    // No lesson: the pace is the key's own.
    expect(policy.intervalMs()).toBe(0);
  });

  it("spaces the turns of concurrent callers by the key's rate", async () => {
    const policy = new RatePolicy();
    policy.setRate(10);
    const at = track(Array.from({ length: 4 }, () => policy.turn(new Patience(10_000))));
    await vi.advanceTimersByTimeAsync(1000);
    expect(at).toEqual([0, 100, 200, 300]);
  });

  it("holds every caller, not only the refused one, until Retry-After has passed", async () => {
    const policy = new RatePolicy();
    policy.setRate(10);
    const first = await policy.turn(new Patience(10_000));
    // A caller already waiting for its turn (due at 100 ms) is held too when the 429 arrives at 50 ms.
    const at = track([policy.turn(new Patience(10_000))]);
    await vi.advanceTimersByTimeAsync(50);
    expect(policy.refused("2", 0, new Patience(10_000), first!)).toBe(true);
    await vi.advanceTimersByTimeAsync(1900);
    expect(at).toEqual(["waiting"]);
    await vi.advanceTimersByTimeAsync(200);
    expect(at[0]).toBeGreaterThanOrEqual(2050);
    // Callers arriving later wait behind it, at the slower pace the 429 taught (twice the key's, a quarter slower).
    const later = track([policy.turn(new Patience(10_000)), policy.turn(new Patience(10_000))]);
    await vi.advanceTimersByTimeAsync(1000);
    expect((later[1] as number) - (later[0] as number)).toBe(250);
  });

  it("caps requests in flight after a 429 that met more than any served lately, and grows the cap back", async () => {
    const policy = new RatePolicy();
    // No cap at first: ten places at once.
    const slots = await Promise.all(Array.from({ length: 10 }, () => policy.slot()));
    expect(slots.map((s) => s.inFlight)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    slots.slice(4).forEach((s) => s.release());
    policy.served(slots[3]!);
    // The fifth in flight refused, none served with five or more: a gateway's limit of 4, learned from that one 429.
    const fifth = await policy.slot();
    const sent = (await policy.turn(new Patience(10_000)))!;
    vi.advanceTimersByTime(1);
    expect(policy.refused("0", 0, new Patience(10_000), sent, "rate", fifth.inFlight)).toBe(true);
    fifth.release();
    expect(policy.concurrencyCap()).toBe(4);
    expect(policy.intervalMs()).toBe(0);
    const waiting = policy.slot();
    const granted = track([waiting.then(() => performance.now())]);
    await vi.advanceTimersByTimeAsync(0);
    expect(granted).toEqual(["waiting"]);
    slots[0]!.release();
    await vi.advanceTimersByTimeAsync(0);
    expect(granted).not.toEqual(["waiting"]);
    expect((await waiting).inFlight).toBe(4);
    // One more place after 10 s without a lesson.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(policy.concurrencyCap()).toBe(5);
  });

  it("takes a 429 with as many in flight as were served lately for the pace, not a cap", async () => {
    const policy = new RatePolicy();
    const slots = await Promise.all(Array.from({ length: 6 }, () => policy.slot()));
    policy.served(slots[5]!);
    const sent = (await policy.turn(new Patience(10_000)))!;
    vi.advanceTimersByTime(1);
    policy.refused("0", 0, new Patience(10_000), sent, "rate", slots[4]!.inFlight);
    expect(policy.concurrencyCap()).toBe(Infinity);
    expect(policy.intervalMs()).toBe(50);
  });

  it("backs off exponentially without Retry-After", async () => {
    const policy = new RatePolicy();
    const sent = (await policy.turn(new Patience(60_000)))!;
    expect(policy.refused(undefined, 0, new Patience(60_000), sent)).toBe(true);
    const at = track([policy.turn(new Patience(60_000))]);
    await vi.advanceTimersByTimeAsync(499);
    expect(at).toEqual(["waiting"]);
    await vi.advanceTimersByTimeAsync(1);
    expect(at).toEqual([500]);
    expect(policy.refused(undefined, 2, new Patience(60_000), 500)).toBe(true);
    const after = track([policy.turn(new Patience(60_000))]);
    await vi.advanceTimersByTimeAsync(2000);
    expect(after).toEqual([2500]);
  });

  it("bounds the deployment's holds by the deadline: no retry past it, no turn while its hold lasts", async () => {
    const policy = new RatePolicy();
    const sent = (await policy.turn(new Patience(2_500)))!;
    expect(policy.refused("29", 0, new Patience(2_500), sent)).toBe(false);
    // The hold stands for the others: a request whose deadline comes first gets no turn, at once.
    expect(await policy.turn(new Patience(2_500))).toBeUndefined();
    expect(policy.describeHold()).toMatch(/wait 29 s more \(HTTP 429\)/);
    // A Retry-After beyond the longest honoured wait holds requests that long only.
    const capped = new RatePolicy({ maxRetryWaitMs: 5_000 });
    expect(capped.refused("3600", 0, new Patience(10_000_000), 0)).toBe(false);
    const at = track([capped.turn(new Patience(10_000_000))]);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(at).toEqual([5_000]);
  });

  it("never bounds the wait behind the run's own turns: a queue past the deadline is sent, in turn", async () => {
    const slow = new RatePolicy();
    slow.setRate(1);
    const now = performance.now();
    const queued = track([
      slow.turn(new Patience(1_500)),
      slow.turn(new Patience(1_500)),
      slow.turn(new Patience(1_500)),
    ]);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(queued).toEqual([now, now + 1000, now + 2000]);
  });

  it("waits out a hold for a request long in the run's own queue: only holds spend its patience", async () => {
    const slow = new RatePolicy();
    slow.setRate(1);
    const queued = track(Array.from({ length: 15 }, () => slow.turn(new Patience(10_000))));
    await vi.advanceTimersByTimeAsync(12_500);
    expect(queued.slice(0, 13)).toEqual(Array.from({ length: 13 }, (_, i) => i * 1000));
    // A 429 at 12.5 s holds everyone 1 s: the two still queued, 12 s into their wait, wait it out and are sent.
    expect(slow.refused("1", 0, new Patience(10_000), 12_000)).toBe(true);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(queued[13]).toBeGreaterThanOrEqual(13_500);
    expect(queued[14]).toBeGreaterThanOrEqual(13_500);
    expect(queued[14]).not.toBe(queued[13]);
  });

  it("spends a request's patience on the holds it waits through, across its retries", async () => {
    const policy = new RatePolicy();
    const patience = new Patience(2_500);
    const sent = (await policy.turn(patience))!;
    expect(policy.refused("2", 0, patience, sent)).toBe(true);
    const retry = track([policy.turn(patience)]);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(retry).toEqual([2_000]);
    // 2 s of its 2.5 s are spent: a second Retry-After of 1 s is more than it may wait.
    expect(policy.refused("1", 1, patience, 2_000)).toBe(false);
    expect(await policy.turn(patience)).toBeUndefined();
    expect(policy.describeHold()).toMatch(/wait 1 s more \(HTTP 429\), longer than the request may wait/);
  });

  it("retries at most maxRetries times", () => {
    const policy = new RatePolicy({ maxRetries: 2 });
    expect(policy.refused("0", 1, new Patience(10_000), 0)).toBe(true);
    expect(policy.refused("0", 2, new Patience(10_000), 0)).toBe(false);
  });

  it("holds every caller after a 503 with Retry-After, and learns no slowdown from it", async () => {
    const policy = new RatePolicy();
    policy.setRate(10);
    const sent = (await policy.turn(new Patience(10_000)))!;
    expect(policy.refused("2", 0, new Patience(10_000), sent, "unavailable")).toBe(true);
    expect(policy.intervalMs()).toBe(100);
    expect(policy.heldUnavailable()).toBe(true);
    const next = track([policy.turn(new Patience(10_000))]);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(next).toEqual(["waiting"]);
    await vi.advanceTimersByTimeAsync(1);
    expect(next).toEqual([2_000]);
    // A hold it cannot wait out says which answer asked for it.
    policy.refused("29", 0, new Patience(2_500), performance.now(), "unavailable");
    expect(await policy.turn(new Patience(1_000))).toBeUndefined();
    expect(policy.describeHold()).toMatch(/^the deployment asked to wait 29 s more \(HTTP 503 with Retry-After\)/);
    // A longer 429 hold after it is the rate limit's again.
    policy.refused("60", 0, new Patience(10_000), performance.now());
    expect(policy.heldUnavailable()).toBe(false);
  });

  it("learns from a 429 once per lesson; the slowdown wears off to a pace a quarter below the key's", async () => {
    const policy = new RatePolicy();
    policy.setRate(10);
    expect(policy.intervalMs()).toBe(100);
    policy.refused("0", 0, new Patience(10_000), 0);
    // Refused at the key's own pace: twice as slow for a while, and a quarter slower for good.
    expect(policy.intervalMs()).toBe(250);
    // Requests sent before that lesson, refused at the same time, teach nothing more.
    policy.refused("0", 0, new Patience(10_000), 0);
    policy.refused("0", 0, new Patience(10_000), 0);
    expect(policy.intervalMs()).toBe(250);
    await vi.advanceTimersByTimeAsync(10);
    policy.refused("0", 0, new Patience(10_000), 10);
    expect(policy.intervalMs()).toBe(500);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(policy.intervalMs()).toBe(250);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(policy.intervalMs()).toBe(125);
    // Each 429 at the key's pace slows it a quarter more, never below half the reported rate.
    for (let i = 0; i < 20; i++) {
      await vi.advanceTimersByTimeAsync(60_000);
      policy.refused("0", 0, new Patience(Infinity), performance.now());
    }
    await vi.advanceTimersByTimeAsync(60_000);
    expect(policy.intervalMs()).toBe(200);
    // Without a reported rate, a 429 still spaces the requests after it.
    const unknown = new RatePolicy();
    expect(unknown.intervalMs()).toBe(0);
    unknown.refused("0", 0, new Patience(10_000), performance.now());
    expect(unknown.intervalMs()).toBe(50);
  });

  it("without a reported rate, keeps a quarter below the pace a 429 met once the slowdown wears off", async () => {
    const policy = new RatePolicy();
    policy.refused("0", 0, new Patience(10_000), 0);
    expect(policy.intervalMs()).toBe(50);
    // The slowdown fades by halvings, not all at once.
    expect(policy.intervalMs(5_000)).toBe(25);
    expect(policy.intervalMs(15_000)).toBe(6.25);
    expect(policy.intervalMs(60_000)).toBe(0);
    // Refused again at 50 ms a request: 100 ms for a while, never again faster than 62.5 ms.
    await vi.advanceTimersByTimeAsync(10);
    policy.refused("0", 0, new Patience(10_000), 10);
    expect(policy.intervalMs()).toBe(125);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(policy.intervalMs()).toBe(62.5);
    // Each later 429 at that pace slows it a quarter more: the pace settles below the key's limit.
    policy.refused("0", 0, new Patience(10_000), performance.now());
    await vi.advanceTimersByTimeAsync(60_000);
    expect(policy.intervalMs()).toBeCloseTo(78.125);
  });

  it("stops waiting when the caller aborts", async () => {
    const policy = new RatePolicy();
    policy.refused("5", 0, new Patience(60_000), 0);
    const controller = new AbortController();
    const turn = policy.turn(new Patience(60_000), controller.signal);
    const rejected = expect(turn).rejects.toThrow("gave up");
    controller.abort(new Error("gave up"));
    await rejected;
  });
});
