import { forEachConcurrent } from "../concurrent.js";
import { NotAdmitted, type Admit, type Release } from "../measure.js";
import { NotRun } from "../not-run.js";
import { STEP_KINDS, type StepExecution } from "../steps/index.js";
import type { StepDef } from "../types.js";
import type { Exchange } from "../../checks/exchange.js";
import { viewOf } from "../../checks/views.js";
import type { EngineDeps, PreparedExpansion, RunDeps, SentExpansion, VersionCost } from "./context.js";
import { formulaCost } from "./price.js";

/** The admission of a charged request sent outside any measurement: it waits only while a Credit window closes. */
function admitCharged(deps: RunDeps, p: PreparedExpansion): Admit {
  const key = deps.credentials.balanceKey(p.plan.auth);
  return () => deps.windows.admit(key);
}

/** The admission inside a measurement, which already holds everything the step sends in its window. */
export const admitted: Admit = () => Promise.resolve(() => undefined);

/**
 * Sends one prepared expansion through its step kind, its charged requests through `admit` (each release says what
 * its exchanges cost by `price`); a kind that throws gives a failed execution. A kind that does not admit its requests
 * one by one is admitted whole when it is measured (a request that should be free is measured too) or may be charged.
 */
export async function sendExpansion(
  step: StepDef,
  prepared: PreparedExpansion,
  deps: EngineDeps,
  admit: Admit,
  measured: boolean,
  price: (exchanges: readonly Exchange[]) => number | null,
): Promise<StepExecution> {
  const kind = STEP_KINDS[step.kind]!;
  const { plan } = prepared;
  const charged = plan.worstCase > 0 || plan.auth === "primary" || plan.auth === "second";
  const whole = !kind.admitsEachRequest && (measured || plan.worstCase > 0);
  let release: Release = () => undefined;
  let execution: StepExecution | undefined;
  try {
    release = whole ? await admit() : release;
    execution = await kind.execute(prepared.spec, {
      http: deps.http,
      credentials: deps.credentials,
      timeoutMs: deps.timeoutMs,
      ...(deps.mcpTools ? { mcpTools: deps.mcpTools } : {}),
      ...(deps.depth ? { depth: deps.depth } : {}),
      view: (e, op) => viewOf(e, op, deps.state.implementation),
      ...(deps.signal ? { signal: deps.signal } : {}),
      ...(deps.mcpSessions ? { mcpSessions: deps.mcpSessions } : {}),
      // Admitted whole, the step's own requests need no admission of their own.
      admit: async () => {
        const own = await (whole ? admitted : admit)();
        return (answered) => own(answered ? price(answered) : null);
      },
    });
  } catch (error) {
    if (error instanceof NotAdmitted) throw error;
    execution = { exchanges: [], failure: `the step could not run: ${(error as Error).message}` };
  } finally {
    release(execution ? price(execution.exchanges) : null);
  }
  if (charged) deps.meter.touch();
  return execution;
}

/**
 * Why a step whose worst case no longer fits the budget is not run. A budget caught up with the balance (Budget.sync)
 * that leaves the key less than the step may cost has run out because the key has: that is the tester's balance, for
 * the rest of the run too.
 */
export function budgetNotRun(label: string, worstCase: number, deps: EngineDeps): NotRun {
  const { budget, initialBalance } = deps;
  const balanceLeft = initialBalance !== undefined ? initialBalance - budget.spent : undefined;
  if (balanceLeft !== undefined && balanceLeft < worstCase)
    return deps.keyLimits.exhaust(
      `${label} may cost up to ${worstCase} Credits and the key has ${Math.max(0, balanceLeft)} left ` +
        `of its ${initialBalance} (read from key status and booked by the run)`,
    );
  return new NotRun(
    "budget",
    `${label} may cost up to ${worstCase} Credits and only ${Math.max(0, budget.remaining)} ` +
      `of the ${budget.limit} budgeted remain`,
  );
}

/**
 * Sends expansions that are priced without measuring, side by side (at most `deps.concurrency` at once): each goes
 * in the Credit window open for its key (src/runner/measure.ts) and books its cost by the §8 formulas. Stops starting
 * expansions at the first that does not fit the budget, or after an HTTP request that got no answer.
 */
export async function sendUnmeasured(
  step: StepDef,
  prepared: readonly PreparedExpansion[],
  sent: (SentExpansion | undefined)[],
  deps: RunDeps,
  versionCost: VersionCost,
): Promise<NotRun | undefined> {
  let refused: NotRun | undefined;
  const http = step.kind === "request" || step.kind === "paginate";
  let unanswered = false;
  await forEachConcurrent(
    prepared,
    deps.concurrency,
    async (p, at) => {
      if (!deps.budget.reserve(p.plan.worstCase)) {
        refused ??= budgetNotRun(p.label, p.plan.worstCase, deps);
        return;
      }
      const price = (exchanges: readonly Exchange[]) => formulaCost(exchanges, p.plan.operationId, deps, versionCost);
      const execution = await sendExpansion(step, p, deps, admitCharged(deps, p), false, price);
      const spent = price(execution.exchanges) ?? p.plan.worstCase;
      deps.budget.settle(p.plan.worstCase, spent);
      if (http && execution.exchanges.some((e) => e.error !== undefined)) unanswered = true;
      sent[at] = { execution, spent };
    },
    () => refused !== undefined || unanswered || deps.http.health.stopped !== undefined,
  );
  return refused;
}
