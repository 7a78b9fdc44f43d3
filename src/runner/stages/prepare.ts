import { NotRun } from "../not-run.js";
import { STEP_KINDS, type StepPlan } from "../steps/index.js";
import { TemplateError, resolve, type TemplateScope } from "../template.js";
import { type StepDef } from "../types.js";
import { AUTH_MODES } from "../../checks/exchange.js";
import type { CaseRun, EngineDeps, PreparedExpansion, StepStop, VersionCost } from "./context.js";

/** A value as a label shows it: a string as it is, anything else as JSON. */
function text(value: unknown): string {
  return typeof value === "string" ? value : (JSON.stringify(value) ?? "undefined");
}

/** Each combination of a step's for_each lists, with a label naming it. */
export function expandForEach(step: StepDef, scope: TemplateScope): { label: string; vars: Record<string, unknown> }[] {
  let combos: { label: string; vars: Record<string, unknown> }[] = [{ label: "", vars: {} }];
  for (const [name, raw] of Object.entries(step.forEach ?? {})) {
    const values = resolve(raw, scope);
    if (!Array.isArray(values))
      throw new TemplateError(`for_each ${name}: expected a list, got ${JSON.stringify(values)?.slice(0, 60)}`);
    const list: readonly unknown[] = values;
    combos = combos.flatMap((c) =>
      list.map((v, i) => {
        const shown =
          typeof v === "string"
            ? v
            : v && typeof v === "object"
              ? ((v as Record<string, unknown>).id ??
                (v as Record<string, unknown>).name ??
                (v as Record<string, unknown>).operation ??
                `#${i + 1}`)
              : JSON.stringify(v);
        return {
          label: `${c.label}${c.label ? " " : ""}${name}=${text(shown).slice(0, 40)}`,
          vars: { ...c.vars, [name]: v },
        };
      }),
    );
  }
  return combos;
}

export function stepLabel(step: StepDef, index: number, expansion: string): string {
  return `step ${index + 1}${step.name ? ` (${step.name})` : ""}${expansion ? ` [${expansion}]` : ""}`;
}

/** A step's spec with its auth member checked (a template may produce it). */
export function checkedSpec(spec: unknown): unknown {
  const auth = (spec as { auth?: unknown } | null)?.auth;
  if (auth !== undefined && !AUTH_MODES.includes(auth as never))
    throw new TemplateError(`auth must be one of ${AUTH_MODES.join(", ")}, got ${JSON.stringify(auth)}`);
  return spec;
}

/** Resolves and prices one expansion; a StepStop when it cannot be sent. */
export function prepareExpansion(
  step: StepDef,
  index: number,
  expansion: { label: string; vars: Record<string, unknown> },
  run: CaseRun,
  deps: EngineDeps,
  versionCost: VersionCost,
): PreparedExpansion | StepStop {
  const label = stepLabel(step, index, expansion.label);
  try {
    const scope: TemplateScope = {
      vars: { ...run.vars, ...expansion.vars },
      generators: deps.generators,
      estimating: false,
    };
    const spec = dataPrecondition(label, () => checkedSpec(resolve(step.spec, scope)));
    let idsBound: number | undefined;
    if (step.worstCase) {
      const bound = dataPrecondition(label, () => resolve(step.worstCase!.ids, scope));
      if (typeof bound !== "number" || !Number.isInteger(bound) || bound < 0)
        throw new NotRun(
          "data",
          `${label}: the bound on returned IDs is ${JSON.stringify(bound)}, not a count, so the step's cost ` +
            `cannot be predicted`,
        );
      if (bound > step.worstCase.atMost)
        throw new NotRun(
          "data",
          `${label}: the narrowing query matches ${bound}, more than the ${step.worstCase.atMost} this case ` +
            `may pay for`,
        );
      idsBound = bound;
    }
    let plan: StepPlan;
    try {
      plan = STEP_KINDS[step.kind]!.plan(spec, {
        bogus: deps.bogus,
        versionCost: versionCost.observed ?? deps.versionCostReserve,
        ...(idsBound !== undefined ? { idsBound } : {}),
        ...(deps.depth ? { depth: deps.depth } : {}),
      });
    } catch (error) {
      const message = `the step cannot be sent: ${(error as Error).message}`;
      return { failure: { step: label, check: step.kind, clauses: [], message } };
    }
    if (plan.auth === "second" && !deps.credentials.second)
      throw new NotRun("configuration", `${label} needs a second (exhausted) key; none is configured`);
    if (plan.auth === "primary") deps.keyLimits.guard(label, plan.worstCase, plan.operationId);
    return { label, scope, spec, plan };
  } catch (error) {
    if (error instanceof NotRun) return { notRun: error };
    throw error;
  }
}

/**
 * Templates that fail at run time ask the deployment's data for something it does not hold (a null
 * title, an empty list): the case cannot be run on this data, which is a skip with the reason, not a
 * failure of the deployment. (Authoring mistakes — unknown variables or generators — fail at load.)
 */
export function dataPrecondition<T>(label: string, fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    if (error instanceof TemplateError)
      throw new NotRun("data", `${label}: the data does not provide what this step needs: ${error.message}`);
    throw error;
  }
}
