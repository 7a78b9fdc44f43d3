import type { CheckContext } from "../../checks/index.js";
import { viewOf } from "../../checks/views.js";
import { resolve } from "../template.js";
import type { StepDef } from "../types.js";
import { clauseIds } from "../verdict.js";
import { captureAll } from "./capture.js";
import { runCheck, sendingOutcomes } from "./check.js";
import {
  noAnswer,
  type CaseRun,
  type EngineDeps,
  type PreparedExpansion,
  type SentExpansion,
  type VersionCost,
} from "./context.js";
import { creditsCheck, unmeasured } from "./credits.js";
import { dataPrecondition } from "./prepare.js";
import { keep } from "./keep.js";
import { recordVerdicts } from "./verdict.js";
import { NotRun } from "../not-run.js";
import type { SecondLooks } from "./second-look.js";

/**
 * Judges one sent expansion, stage by stage: what the run keeps of it (evidence, people records, observations), what
 * the sending itself says (transport errors, the kind's failure and findings), its captures, the checks it expects
 * and its Credits, then the verdict on each outcome. Failures and warnings go to the case; the captured values are
 * returned for the case to keep when the expansion passed.
 */
export async function judgeExpansion(
  step: StepDef,
  p: PreparedExpansion,
  s: SentExpansion,
  run: CaseRun,
  deps: EngineDeps,
  versionCost: VersionCost,
  looks: SecondLooks,
): Promise<{ failed: boolean; vars: Record<string, unknown> }> {
  const { label, scope, plan } = p;
  const { exchanges } = s.execution;
  keep(s.execution, plan.operationId, run, deps);
  deps.keyLimits.noteAnswers(exchanges);
  const stepClause =
    step.clause === undefined ? undefined : clauseIds(dataPrecondition(label, () => resolve(step.clause, scope)));
  const outcomes = sendingOutcomes(step.kind, s.execution, stepClause);
  let vars: Record<string, unknown> = {};
  let notMeasured: NotRun | undefined;
  if (!outcomes.length) {
    const captured = captureAll(step.captures, exchanges, plan, deps);
    vars = captured.vars;
    const ctx: CheckContext = {
      exchanges,
      ...(plan.operationId ? { operationId: plan.operationId } : {}),
      ...(plan.body !== undefined ? { requestBody: plan.body } : {}),
      vars: { ...scope.vars, ...vars },
      run: deps.state,
      view: (e) => viewOf(e, plan.operationId, deps.state.implementation),
    };
    for (const call of step.expect) {
      const first = runCheck(call, ctx, label, deps.generators, stepClause);
      outcomes.push(...(await looks.judge(call, first, ctx, label, deps.generators, stepClause)));
    }
    // A Credit measurement the tester's limits prevented ends the case as not run, once the step's other outcomes
    // are recorded: they judge answers that did come.
    if (step.credits) notMeasured = unmeasured(label, s, deps);
    // `credits: free` is what a refusal costs and `charged` what a success costs: the answer the checks expect.
    if (step.credits && !notMeasured)
      outcomes.push({ ...creditsCheck(step.credits, plan, s, stepClause, deps, versionCost), presupposes: true });
    // A check that failed says more than the capture it made impossible.
    if (!outcomes.some((o) => o.outcome.status === "fail")) outcomes.push(...captured.missing);
  }
  const judged = outcomes.some((o) => o.outcome.status !== "pass");
  const nothing = outcomes.find((o) => o.outcome.nothingToJudge !== undefined)?.outcome.nothingToJudge;
  if (nothing !== undefined && !judged) throw new NotRun("data", `${label}: ${nothing}`);
  // A request that got no answer leaves nothing to judge: the tester's transport gave up, never the deployment.
  const unanswered = exchanges.find((e) => e.unanswered);
  if (judged && unanswered) throw noAnswer(label, unanswered.error ?? "no answer", deps);
  // Nor does a request the key's rate limit kept from being sent: the deployment's hold outlasted its deadline.
  const unsent = exchanges.find((e) => e.rateLimited && e.status === undefined);
  if (judged && unsent) throw new NotRun("rate limit", `${label} was not sent: ${unsent.error ?? "rate limited"}`);
  // A refusal about the tester's own key (balance, rate) makes the case not run, never a verdict. Key status tells
  // the primary key's balance from its rate; another key's answers that stayed rate limited are its rate.
  if (plan.auth === "primary" && judged) {
    const limited = await deps.keyLimits.judge(label, exchanges, plan.worstCase);
    if (limited) throw limited;
  } else if (judged && exchanges.some((e) => e.rateLimited))
    throw new NotRun("rate limit", `${label} was still answered 429 (rate limited) after the retries ran out`);
  const failed = recordVerdicts(outcomes, label, exchanges, run, deps);
  if (notMeasured) throw notMeasured;
  return { failed, vars };
}
