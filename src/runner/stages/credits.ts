import { loadContract, type OperationId } from "../../contract/index.js";
import type { StepPlan } from "../steps/index.js";
import type { CreditsExpectation } from "../types.js";
import type { Exchange } from "../../checks/exchange.js";
import { classifyAnswer } from "../../checks/answer.js";
import { countedItems, isSuccess, viewOf } from "../../checks/views.js";
import { noAnswer, type EngineDeps, type Judged, type SentExpansion, type VersionCost } from "./context.js";
import { NotRun } from "../not-run.js";
import { formulaCost } from "./price.js";
import { withEnvelopeClauses } from "../../checks/envelope.js";
import type { CheckOutcome } from "../../checks/index.js";
import type { BalanceReading } from "../balance.js";

/**
 * The clauses a step's `credits:` rests on when the step names none, read from spec/catalog/credits.yaml: the clause
 * of its route's §8 formula for `charged` (and for `free` on a route whose formula is free); for `free` otherwise,
 * the refusal's clause when every answer was a refusal, else the case's own clauses.
 */
function creditsClauses(
  expectation: CreditsExpectation,
  operationId: OperationId | undefined,
  exchanges: readonly Exchange[],
): readonly string[] | undefined {
  const contract = loadContract();
  const formula = operationId ? contract.credits[contract.operations.get(operationId)!.creditFormula] : undefined;
  if (formula && (expectation === "charged" || (expectation === "free" && formula.base === 0 && formula.per === null)))
    return [formula.clause];
  if (expectation === "free" && exchanges.length > 0 && !exchanges.some(isSuccess))
    return [contract.creditRefusal.clause];
  return undefined;
}

/**
 * A measured step whose balance reading the tester's own limits prevented (key status got no answer, or stayed rate
 * limited, or showed no balance the runner can read): the Credits are not judged and the case is not run, as for any
 * request of its own (docs/verdicts.md).
 */
export function unmeasured(label: string, sent: SentExpansion, deps: EngineDeps): NotRun | undefined {
  if (sent.measured !== undefined) return undefined;
  const reading = [sent.before, sent.after].find((r) => r?.limit !== undefined);
  if (reading?.limit === "no answer") return noAnswer(`the balance reading of ${label}`, reading.error ?? "", deps);
  if (reading?.limit === "rate limit")
    return new NotRun("rate limit", `the balance reading of ${label} was still answered 429 after the retries ran out`);
  if (reading?.limit === "unsettled")
    return new NotRun("balance", `the Credits of ${label} cannot be measured: ${reading.error}`);
  // Key status answered, and the runner found no balance it can read in it: what the deployment reports is judged
  // once, by the key-status check (§4.5); the Credits of every step are then the tester's to pin, not failures.
  const unread = [sent.before, sent.after].find((r) => r?.error !== undefined && r.exchange && isSuccess(r.exchange));
  if (unread) return new NotRun("configuration", `the Credits of ${label} cannot be measured: ${unread.error}`);
  return undefined;
}

/** The Credit check of a measured step, an outcome like any check's, resting on the step's clause or its formula's. */
export function creditsCheck(
  expectation: CreditsExpectation,
  plan: StepPlan,
  sent: SentExpansion,
  stepClause: readonly string[] | undefined,
  deps: EngineDeps,
  versionCost: VersionCost,
): Judged {
  const { exchanges } = sent.execution;
  const judged = creditsOutcome(
    expectation,
    plan,
    exchanges,
    sent.before,
    sent.after,
    sent.measured,
    deps,
    versionCost,
  );
  return { ...judged, named: stepClause ?? creditsClauses(expectation, plan.operationId, exchanges) };
}

function creditsOutcome(
  expectation: CreditsExpectation,
  plan: StepPlan,
  exchanges: readonly Exchange[],
  before: BalanceReading | undefined,
  after: BalanceReading | undefined,
  measured: number | undefined,
  deps: EngineDeps,
  versionCost: VersionCost,
): Judged {
  const check = "credits";
  if (measured === undefined) {
    const reading = before?.error !== undefined ? before : after;
    const shownBy = reading?.exchange;
    // A key status that is not a success breaks §4.5 (it reports the remaining quota), or the envelope when it is a 2xx
    // answer outside it, whatever the step measured.
    const message = `cannot measure the Credits spent: ${reading?.error}`;
    const outcome: CheckOutcome =
      shownBy && !isSuccess(shownBy)
        ? withEnvelopeClauses(shownBy, { status: "fail", message, clause: ["s4-5-key-status-reports"] })
        : { status: "fail", message };
    return {
      check,
      outcome,
      ...(shownBy ? { shownBy } : {}),
    };
  }
  const op = plan.operationId ?? "request";
  if (expectation === "observe") {
    deps.state.observed.set(`credits.${op}`, measured, op === "getVersion" ? "s8-cost-version-not-shown" : undefined);
    if (op === "getVersion") versionCost.observed = Math.max(0, measured);
    return { check, outcome: { status: "pass" } };
  }
  let expected: number;
  let why: string;
  if (expectation === "free") {
    expected = 0;
    why = "this request costs nothing";
  } else {
    const unanswered = exchanges.map((e) => classifyAnswer(e)).find((a) => a.kind === "neither");
    if (unanswered?.kind === "neither") {
      const message = `§8 prices a success and a refusal, and this answer is neither: ${unanswered.reason}`;
      return { check, outcome: { status: "fail", message } };
    }
    const cost = formulaCost(exchanges, plan.operationId, deps, versionCost);
    if (cost === null)
      return { check, outcome: { status: "fail", message: `no §8 formula prices ${op}; use credits: observe` } };
    expected = cost;
    const counted = exchanges
      .filter(isSuccess)
      .map((e) => countedItems(viewOf(e, plan.operationId, deps.state.implementation), plan.operationId!));
    why =
      `the §8 formula for ${op} gives ${cost} ` +
      `for ${counted.join(" + ")} ${op.startsWith("get") ? "records" : "IDs"} returned`;
  }
  if (measured === expected) return { check, outcome: { status: "pass" } };
  return {
    check,
    outcome: { status: "fail", message: `the balance fell by ${measured} Credits; ${why}`, expected, actual: measured },
  };
}
