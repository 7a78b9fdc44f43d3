import { creditCost, type OperationId } from "../../contract/index.js";
import { STEP_KINDS } from "../steps/index.js";
import { resolve, type TemplateScope } from "../template.js";
import type { CaseDef } from "../types.js";
import type { Exchange } from "../../checks/exchange.js";
import { classifyAnswer } from "../../checks/answer.js";
import { countedItems, viewOf } from "../../checks/views.js";
import type { EngineDeps, VersionCost } from "./context.js";
import { captureValue } from "./capture.js";
import { checkedSpec, expandForEach, stepLabel } from "./prepare.js";

/**
 * Credits the §8 formulas give for what a step's responses returned (refusals cost nothing, §7); null when
 * they cannot say: no formula (GET /version before its cost is seen), or an answer that is neither a success
 * nor a refusal (a 5xx, a timeout, a body that is not the envelope), which may have been charged for all the
 * runner knows, so the budget books the step's worst case.
 */
export function formulaCost(
  exchanges: readonly Exchange[],
  operationId: OperationId | undefined,
  deps: EngineDeps,
  versionCost: VersionCost,
): number | null {
  let total = 0;
  for (const e of exchanges) {
    // A step may send to several routes (a search, then a detail call): each exchange is priced by its own route.
    const op = e.request.operationId ?? operationId;
    if (!op || e.request.auth === "none" || e.request.auth === "unknown") continue;
    const answer = classifyAnswer(e);
    if (answer.kind === "neither") return null;
    if (answer.kind === "refusal") continue;
    const cost = creditCost(op, countedItems(viewOf(e, op, deps.state.implementation), op));
    if (cost === null) {
      if (versionCost.observed === undefined) return null;
      total += versionCost.observed;
    } else total += cost;
  }
  return total;
}

export interface CasePlan {
  readonly worstCase: number;
  readonly steps: readonly { label: string; operationId?: OperationId; worstCase: number }[];
}

/**
 * The worst-case Credits of a case, worked out before anything is sent: templates resolve with
 * placeholders for captured values (bounded by the step that captures them), and each step's kind
 * prices its request with the §8 formulas.
 */
export function planCase(
  c: CaseDef,
  deps: Pick<EngineDeps, "bogus" | "generators" | "versionCostReserve" | "depth">,
  versionCost: VersionCost = {},
): CasePlan {
  const vars: Record<string, unknown> = { ...c.vars };
  const steps: { label: string; operationId?: OperationId; worstCase: number }[] = [];
  // The named requests sent once, which a later check's second look may ask again (src/runner/stages/second-look.ts).
  const earlier = new Map<string, { operationId?: OperationId; worstCase: number }>();
  // The earlier steps a check's `observed_if_changed` asks again, each once for the case.
  const lookedAtData = new Set<string>();
  c.steps.forEach((step, index) => {
    for (const [name, value] of Object.entries(step.let))
      vars[name] = resolve(value, { vars, generators: deps.generators, estimating: true });
    const scope: TemplateScope = { vars, generators: deps.generators, estimating: true };
    for (const expansion of expandForEach(step, scope)) {
      const local: TemplateScope = {
        vars: { ...vars, ...expansion.vars },
        generators: deps.generators,
        estimating: true,
      };
      const spec = checkedSpec(resolve(step.spec, local));
      const plan = STEP_KINDS[step.kind]!.plan(spec, {
        bogus: deps.bogus,
        versionCost: versionCost.observed ?? deps.versionCostReserve,
        ...(step.worstCase ? { idsBound: step.worstCase.atMost } : {}),
        ...(deps.depth ? { depth: deps.depth } : {}),
      });
      steps.push({
        label: stepLabel(step, index, expansion.label),
        ...(plan.operationId ? { operationId: plan.operationId } : {}),
        worstCase: plan.worstCase,
      });
      for (const [name, source] of Object.entries(step.captures))
        vars[name] = captureValue(source, [], plan, undefined, true);
      if (step.name !== undefined && step.kind === "request")
        earlier.set(step.name, {
          ...(plan.operationId ? { operationId: plan.operationId } : {}),
          worstCase: plan.worstCase,
        });
    }
    // A step's second look asks each earlier step its checks name once, whatever fails: its worst case is planned here.
    for (const target of new Set(step.expect.flatMap((call) => call.secondLook ?? []))) {
      const asked = earlier.get(target);
      if (asked) steps.push({ label: `${stepLabel(step, index, "")}, second look at "${target}"`, ...asked });
    }
    // A look at the records a request was built from is asked once for the whole case, at the first failure.
    const secondLooked = new Set(step.expect.flatMap((call) => call.secondLook ?? []));
    for (const target of new Set(step.expect.flatMap((call) => call.observedIfChanged ?? []))) {
      const asked = earlier.get(target);
      // The step's own second look at that step serves its checks (second-look.ts).
      if (!asked || lookedAtData.has(target) || secondLooked.has(target)) continue;
      lookedAtData.add(target);
      steps.push({ label: `${stepLabel(step, index, "")}, second look at the records of "${target}"`, ...asked });
    }
  });
  return { worstCase: steps.reduce((s, x) => s + x.worstCase, 0), steps };
}
