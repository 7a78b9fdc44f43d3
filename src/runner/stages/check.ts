import { argsProblems } from "../../checks/args.js";
import { CHECKS, type CheckContext } from "../../checks/index.js";
import { resolve, type Generator } from "../template.js";
import type { CheckCall } from "../types.js";
import { clauseIds } from "../verdict.js";
import type { StepExecution } from "../steps/index.js";
import type { Judged } from "./context.js";

function validateArgs(name: string, args: unknown): string | undefined {
  if (!CHECKS[name]?.args) return args === undefined || args === null ? undefined : `check ${name} takes no arguments`;
  const problems = argsProblems(name, args);
  return problems === undefined ? undefined : `arguments of ${name}: ${problems}`;
}

export function runCheck(
  call: CheckCall,
  ctx: CheckContext,
  label: string,
  generators: Readonly<Record<string, Generator>>,
  stepClause: readonly string[] | undefined,
): Judged[] {
  const check = CHECKS[call.name]!;
  let args: unknown;
  let named: readonly string[] | undefined = stepClause ?? check.clauses;
  try {
    if (call.clause !== undefined)
      named = clauseIds(resolve(call.clause, { vars: ctx.vars, generators, estimating: false }));
    args = resolve(call.args, { vars: ctx.vars, generators, estimating: false });
  } catch (error) {
    return [
      {
        check: call.name,
        outcome: { status: "fail", message: `${label}: ${(error as Error).message}` },
        ...(named ? { named } : {}),
      },
    ];
  }
  const invalid = validateArgs(call.name, args);
  if (invalid)
    return [{ check: call.name, outcome: { status: "fail", message: invalid }, ...(named ? { named } : {}) }];
  try {
    const result = check.run(ctx, args ?? {});
    return (Array.isArray(result) ? result : [result]).map((outcome) => ({
      check: call.name,
      outcome,
      ...(named ? { named } : {}),
    }));
  } catch (error) {
    return [
      {
        check: call.name,
        outcome: {
          status: "fail",
          message: `check ${call.name} could not judge the response: ${(error as Error).message}`,
        },
        ...(named ? { named } : {}),
      },
    ];
  }
}

/** What the sending itself says: a transport error per exchange, the kind's own failure and findings. */
export function sendingOutcomes(
  kind: string,
  execution: StepExecution,
  stepClause: readonly string[] | undefined,
): Judged[] {
  const named = stepClause ? { named: stepClause } : {};
  const outcomes: Judged[] = [];
  execution.exchanges.forEach((e, exchange) => {
    if (e.error)
      outcomes.push({ check: "transport", outcome: { status: "fail", message: e.error, exchange }, ...named });
  });
  if (execution.failure)
    outcomes.push({ check: kind, outcome: { status: "fail", message: execution.failure }, ...named });
  for (const { check, ...outcome } of execution.findings ?? []) outcomes.push({ check, outcome, ...named });
  return outcomes;
}
