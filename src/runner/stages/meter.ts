import type { BalanceReading } from "../balance.js";
import { countRoundTrip } from "../../client/round-trips.js";
import { forEachConcurrent, settleAll } from "../concurrent.js";
import { NotAdmitted } from "../measure.js";
import { NotRun } from "../not-run.js";
import type { StepExecution } from "../steps/index.js";
import type { StepDef } from "../types.js";
import type { Exchange } from "../../checks/exchange.js";
import type { EngineDeps, PreparedExpansion, RunDeps, SentExpansion, VersionCost } from "./context.js";
import { admitted, budgetNotRun, sendExpansion } from "./send.js";
import { formulaCost } from "./price.js";
import { creditCost } from "../../contract/index.js";
import { isSuccess } from "../../checks/views.js";

/** Sends one expansion alone, with nothing else charged on its key in flight, between two readings of the balance. */
async function measureAlone(
  step: StepDef,
  p: PreparedExpansion,
  deps: RunDeps,
  price: (exchanges: readonly Exchange[]) => number | null,
): Promise<SentExpansion | NotRun> {
  let refused: NotRun | undefined;
  // The budget was caught up with the first reading (syncBudget): a step that no longer fits is not sent.
  const {
    result: execution,
    before,
    after,
  } = await deps.windows.alone(
    deps.credentials.balanceKey(p.plan.auth),
    () => {
      if (deps.budget.reserve(p.plan.worstCase)) return sendExpansion(step, p, deps, admitted, true, price);
      refused = budgetNotRun(p.label, p.plan.worstCase, deps);
      return Promise.resolve(undefined);
    },
    (execution) => (execution ? expectedCost(step, execution, price) : 0),
  );
  if (!execution) return refused!;
  const measured = before.value !== undefined && after.value !== undefined ? before.value - after.value : undefined;
  const spent = measured ?? price(execution.exchanges) ?? p.plan.worstCase;
  deps.budget.settle(p.plan.worstCase, spent);
  return { execution, before, after, spent, ...(measured !== undefined ? { measured } : {}) };
}

/**
 * Measures one expansion alone (`measureAlone`). A cost other than §8's is judged only once it is seen twice: the
 * balance must first stand still while the run sends nothing charged on the key for as long as the measurement took,
 * then the request, measured alone again from that fresh reading, must cost the same wrong amount (and, the first
 * time on a key, the balance stand still once more, for twice as long). A key another client spends on (a second
 * run, an application sharing it) is the tester's condition, never the deployment's fault (docs/verdicts.md, "Not
 * run"): the step is then not run, and the budget counts the run's own steps from then on.
 */
async function sendMeasured(
  step: StepDef,
  p: PreparedExpansion,
  deps: RunDeps,
  versionCost: VersionCost,
  measuredBefore?: SentExpansion,
): Promise<SentExpansion | NotRun> {
  const price = (exchanges: readonly Exchange[]) => formulaCost(exchanges, p.plan.operationId, deps, versionCost);
  const expectedOf = (execution: StepExecution) => expectedCost(step, execution, price);
  const started = performance.now();
  const first = measuredBefore ?? (await measureAlone(step, p, deps, price));
  if (first instanceof NotRun || first.measured === undefined) return first;
  const expected = expectedOf(first.execution);
  if (expected === null || first.measured === expected) return first;
  const others = await fallWhileIdle(deps, p, Math.max(MIN_IDLE_MS, performance.now() - started));
  // A fall in the still time that makes up exactly what the measurement was short of is its own charge, shown later
  // than the run waited for it (src/runner/settle.ts), not another client's.
  if (others !== undefined && first.measured < expected && first.measured + others === expected) {
    deps.windows.shownLate(performance.now() - started);
    return { ...first, measured: expected, spent: expected };
  }
  if (others !== undefined) return sharedKey(deps, p, first.measured, expected, others);
  // Still: the first reading may have been an earlier one, taken before another client's spending. The step is sent
  // once more; when its worst case no longer fits the budget, the first measurement is judged.
  if (deps.budget.remaining < p.plan.worstCase) return first;
  const second = await measureAlone(step, p, deps, price);
  if (second instanceof NotRun || second.measured === undefined) return first;
  const expectedAgain = expectedOf(second.execution);
  if (second.measured === expectedAgain) return second;
  if (second.measured === first.measured) {
    // The same wrong cost twice may still be another client's, spending at the pace of the run's own requests and
    // by chance not in the still time: the first the run confirms on the key is watched once more, for twice as
    // long, before it is judged. Once one is, the run has failed, and every later one keeps the watch above.
    if (!deps.windows.firstWrongCost(deps.credentials.balanceKey(p.plan.auth))) return second;
    const later = await fallWhileIdle(deps, p, Math.max(MIN_IDLE_MS, 2 * (performance.now() - started)));
    return later === undefined ? second : sharedKey(deps, p, second.measured, expectedAgain ?? expected, later);
  }
  // Two different wrong costs for one request: something else moves the balance.
  return sharedKey(deps, p, second.measured, expectedAgain ?? expected, Math.abs(second.measured - first.measured));
}

/** What a measured step's execution should have cost by §8 (`credits: free`: nothing); null where none is known. */
function expectedCost(
  step: StepDef,
  execution: StepExecution,
  price: (exchanges: readonly Exchange[]) => number | null,
): number | null {
  if (step.credits === "observe") return null;
  return step.credits === "free" ? 0 : price(execution.exchanges);
}

/** The step's Credits could not be measured, another client spending on the key: not run, the budget its own. */
function sharedKey(deps: RunDeps, p: PreparedExpansion, measured: number, expected: number, others: number): NotRun {
  deps.budget.ignoreBalance();
  return new NotRun(
    "balance",
    `${p.label}: the key's balance fell by ${measured} Credits where §8 gives ${expected}, and by ${others} ` +
      `more that the run did not send: another client spends on this key, so what the request cost cannot be ` +
      `measured (give the run a key of its own)`,
  );
}

/** The shortest time the balance is watched while the run sends nothing on the key (`fallWhileIdle`). */
const MIN_IDLE_MS = 100;

/**
 * What the key's balance fell by while nothing charged of the run's was in flight on it for `ms`, if it fell: the
 * fall over that time less the fall of one reading of the balance taken at once after it, so that a key status that
 * charges its own readings (§8 prices it at 0: a fault the credits cases judge) is not taken for another client.
 */
async function fallWhileIdle(deps: RunDeps, p: PreparedExpansion, ms: number): Promise<number | undefined> {
  const key = deps.credentials.balanceKey(p.plan.auth);
  const waited = await deps.windows.alone(
    key,
    () => new Promise<void>((resolve) => setTimeout(resolve, ms)),
    () => 0,
  );
  const atOnce = await deps.windows.alone(
    key,
    () => Promise.resolve(),
    () => 0,
  );
  const fall = (w: { before: BalanceReading; after: BalanceReading }) =>
    w.before.value !== undefined && w.after.value !== undefined ? w.before.value - w.after.value : undefined;
  const overTime = fall(waited);
  const ownReading = fall(atOnce) ?? 0;
  return overTime !== undefined && overTime - ownReading > 0 ? overTime - ownReading : undefined;
}

/** Nothing charged is in flight while a window closes or a step goes alone: the balance is the run's true spend. */
export function syncBudget(balanceKey: "primary" | "second", reading: BalanceReading, deps: EngineDeps): void {
  if (balanceKey === "primary" && reading.value !== undefined && deps.initialBalance !== undefined)
    deps.budget.sync(deps.initialBalance - reading.value);
}

/**
 * Sends the expansions of a step that measures Credits, side by side, each in a measurement window it may share with
 * other measuring steps (src/runner/measure.ts). An expansion whose window could not tell its cost apart, and every
 * `observe` (a cost only a lone request shows), is sent again alone between its own two readings.
 */
export async function sendMeasuredGroup(
  step: StepDef,
  prepared: readonly PreparedExpansion[],
  sent: (SentExpansion | undefined)[],
  deps: RunDeps,
  versionCost: VersionCost,
): Promise<NotRun | undefined> {
  let refused: NotRun | undefined;
  // A recorded or replayed run measures each step alone: a shared window's readings would belong to whichever case
  // opened it, which the timing of a run decides, and a cassette replays each case's own exchanges. A request §8 does
  // not price (GET /version before its cost was seen) would leave a shared window unable to tell any of its runs
  // apart: it goes alone, and its lone cost is the one the run books from then on.
  const unpriced = unpricedUntilObserved(prepared, versionCost);
  const shared = step.credits !== "observe" && !deps.meter.readsEveryTime && !unpriced;
  // Expansions to measure alone, with what a window measured of them when it was a cost other than §8's.
  const alone = new Map<number, SentExpansion | undefined>();
  // An expansion holds its place among `concurrency` while it is sent, not while its window closes (windows shared).
  const measuring: Promise<void>[] = [];
  await forEachConcurrent(
    prepared,
    deps.concurrency,
    async (p, at) => {
      if (!shared) return void alone.set(at, undefined);
      if (!deps.budget.reserve(p.plan.worstCase)) {
        refused ??= budgetNotRun(p.label, p.plan.worstCase, deps);
        return;
      }
      const price = (exchanges: readonly Exchange[]) => formulaCost(exchanges, p.plan.operationId, deps, versionCost);
      const expected = (execution: StepExecution) => expectedCost(step, execution, price);
      // Once the window has read the balance, the budget knows the run's true spend: a step that no longer fits
      // gives its reservation back and is not sent.
      const mayProceed = () => deps.budget.remaining >= 0 || (deps.budget.settle(p.plan.worstCase, 0), false);
      let answered!: () => void;
      const sentOnly = new Promise<void>((resolve) => (answered = resolve));
      const measured = deps.windows
        .measure(
          deps.credentials.balanceKey(p.plan.auth),
          (admit) =>
            sendExpansion(step, p, deps, admit, true, price)
              .catch((error: unknown) => {
                if (error instanceof NotAdmitted) return undefined;
                throw error;
              })
              .finally(answered),
          (execution) => (execution ? expected(execution) : 0),
          mayProceed,
        )
        .then((window) => {
          const { result: execution, before, after, measured } = window;
          if (!execution) {
            refused ??= budgetNotRun(p.label, p.plan.worstCase, deps);
            return;
          }
          const spent = measured ?? expected(execution) ?? p.plan.worstCase;
          deps.budget.settle(p.plan.worstCase, spent);
          if (window.mismatch) return void alone.set(at, undefined);
          const result = { execution, before, after, spent, ...(measured !== undefined ? { measured } : {}) };
          const wanted = expected(execution); // a window of this run alone: its cost is confirmed as a lone one is
          if (measured !== undefined && wanted !== null && measured !== wanted) alone.set(at, result);
          else sent[at] = result;
        });
      measuring.push(measured);
      await Promise.race([sentOnly, measured]);
    },
    () => refused !== undefined || deps.http.health.stopped !== undefined,
  );
  await settleAll(measuring.map((m) => () => m));
  // The step waited for the closing reading of its last window, on its own chain (the branches were joined already).
  if (measuring.length > 0) countRoundTrip(1);
  for (const at of [...alone.keys()].sort((x, y) => x - y)) {
    if (deps.http.health.stopped !== undefined) break;
    const result = await sendMeasured(step, prepared[at]!, deps, versionCost, alone.get(at));
    if (result instanceof NotRun) return result;
    sent[at] = result;
    const [only] = result.execution.exchanges;
    if (unpriced && result.measured !== undefined && result.execution.exchanges.length === 1 && isSuccess(only!))
      versionCost.observed ??= Math.max(0, result.measured);
  }
  return refused;
}

/** Whether a step sends what §8 does not price while its cost is still unseen (GET /version, §8: not shown). */
export function unpricedUntilObserved(prepared: readonly PreparedExpansion[], versionCost: VersionCost): boolean {
  return (
    versionCost.observed === undefined &&
    prepared.some((p) => p.plan.operationId !== undefined && creditCost(p.plan.operationId, 0) === null)
  );
}
