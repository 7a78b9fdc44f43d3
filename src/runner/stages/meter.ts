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
async function sendMeasured(
  step: StepDef,
  p: PreparedExpansion,
  deps: RunDeps,
  versionCost: VersionCost,
): Promise<SentExpansion | NotRun> {
  const price = (exchanges: readonly Exchange[]) => formulaCost(exchanges, p.plan.operationId, deps, versionCost);
  let refused: NotRun | undefined;
  // The budget was caught up with the first reading (syncBudget): a step that no longer fits is not sent.
  const {
    result: execution,
    before,
    after,
  } = await deps.windows.alone(deps.credentials.balanceKey(p.plan.auth), () => {
    if (deps.budget.reserve(p.plan.worstCase)) return sendExpansion(step, p, deps, admitted, true, price);
    refused = budgetNotRun(p.label, p.plan.worstCase, deps);
    return Promise.resolve(undefined);
  });
  if (!execution) return refused!;
  const measured = before.value !== undefined && after.value !== undefined ? before.value - after.value : undefined;
  const spent = measured ?? price(execution.exchanges) ?? p.plan.worstCase;
  deps.budget.settle(p.plan.worstCase, spent);
  return { execution, before, after, spent, ...(measured !== undefined ? { measured } : {}) };
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
  // opened it, which the timing of a run decides, and a cassette replays each case's own exchanges.
  // A request §8 does not price (GET /version before its cost was seen) would leave a shared window unable to tell
  // any of its runs apart: it goes alone, and its lone cost is the one the run books from then on.
  const unpriced = unpricedUntilObserved(prepared, versionCost);
  const shared = step.credits !== "observe" && !deps.meter.readsEveryTime && !unpriced;
  const again: number[] = [];
  // An expansion holds its place among the `concurrency` at once only while it is sent: waiting for its window to
  // close does not keep the next expansion from going (a for_each of measured requests shares the same windows).
  const measuring: Promise<void>[] = [];
  await forEachConcurrent(
    prepared,
    deps.concurrency,
    async (p, at) => {
      if (!shared) return void again.push(at);
      if (!deps.budget.reserve(p.plan.worstCase)) {
        refused ??= budgetNotRun(p.label, p.plan.worstCase, deps);
        return;
      }
      const price = (exchanges: readonly Exchange[]) => formulaCost(exchanges, p.plan.operationId, deps, versionCost);
      const expected = (execution: StepExecution) => (step.credits === "free" ? 0 : price(execution.exchanges));
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
          if (window.mismatch) again.push(at);
          else sent[at] = { execution, before, after, spent, ...(measured !== undefined ? { measured } : {}) };
        });
      measuring.push(measured);
      await Promise.race([sentOnly, measured]);
    },
    () => refused !== undefined || deps.http.health.stopped !== undefined,
  );
  await settleAll(measuring.map((m) => () => m));
  // The step waited for the closing reading of its last window, on its own chain (the branches were joined already).
  if (measuring.length > 0) countRoundTrip(1);
  for (const at of again.sort((x, y) => x - y)) {
    if (deps.http.health.stopped !== undefined) break;
    const result = await sendMeasured(step, prepared[at]!, deps, versionCost);
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
