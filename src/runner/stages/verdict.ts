import type { CheckOutcome } from "../../checks/index.js";
import { failedClauses } from "../../checks/failed-clauses.js";
import type { Credentials } from "../credentials.js";
import type { CaseFailure, Consequence } from "../types.js";
import type { Exchange } from "../../checks/exchange.js";
import { clauseIds, verdictOf, type RestingClause } from "../verdict.js";
import type { CaseRun, EngineDeps, Judged } from "./context.js";

function failureOf(
  step: string,
  check: string,
  outcome: CheckOutcome,
  exchanges: readonly Exchange[],
  run: CaseRun,
  credentials: Credentials,
  broken: readonly string[],
  clause: RestingClause,
  shownBy: Exchange | undefined,
  consequences: readonly Consequence[],
  alongside: readonly Exchange[] = [],
): CaseFailure {
  const exchange = shownBy ?? exchanges[outcome.exchange ?? exchanges.length - 1];
  const index = exchange ? run.evidence.add(exchange) : undefined;
  const curl = index !== undefined ? run.evidence.exchanges[index]!.curl : undefined;
  const related = [...(outcome.related ?? []).map((i) => exchanges[i]), ...alongside]
    .filter((e): e is Exchange => e !== undefined && e !== exchange)
    .map((e) => run.evidence.add(e));
  return credentials.redactValue({
    step,
    check,
    clauses: broken,
    ...(index !== undefined ? { exchange: index } : {}),
    ...(related.length ? { related: [...new Set(related)] } : {}),
    message: outcome.message ?? (outcome.status === "drift" ? "drift" : "failed"),
    ...(outcome.status === "drift" ? { drift: true } : {}),
    clause,
    ...(outcome.expected !== undefined ? { expected: outcome.expected } : {}),
    ...(outcome.actual !== undefined ? { actual: outcome.actual } : {}),
    ...(curl ? { curl } : {}),
    ...(consequences.length ? { consequences } : {}),
  });
}

function consequenceOf(judged: Judged): Consequence {
  const o = judged.outcome;
  return {
    check: judged.check,
    message: o.message ?? "failed",
    ...(o.expected !== undefined ? { expected: o.expected } : {}),
    ...(o.actual !== undefined ? { actual: o.actual } : {}),
  };
}

/**
 * The verdict on each outcome that did not pass: a failure where a `must` clause compels it (or a drift), else a
 * warning (a reading; a failure too under --strict). Returns whether the step failed.
 */
export function recordVerdicts(
  outcomes: readonly Judged[],
  label: string,
  exchanges: readonly Exchange[],
  run: CaseRun,
  deps: Pick<EngineDeps, "credentials" | "strict">,
): boolean {
  // The first outcome that did not pass, of those that presuppose nothing, is the cause of those that presuppose its
  // answer (src/runner/stages/context.ts `presupposes`): they go with its verdict, as its consequences.
  const cause = outcomes.find((j) => j.outcome.status !== "pass" && !j.presupposes);
  const consequences = cause ? outcomes.filter((j) => j.presupposes && j.outcome.status !== "pass") : [];
  let failed = false;
  for (const judged of outcomes) {
    if (judged.outcome.status === "pass" || consequences.includes(judged)) continue;
    // The clauses the outcome names itself (else its check call, step or check) decide its verdict and which clauses
    // its failure marks broken; with none named, the verdict rests on a clause among those the check shows broken.
    const named = judged.outcome.clause !== undefined ? clauseIds(judged.outcome.clause) : judged.named;
    const broken = failedClauses(judged.check, run.clauses, named);
    const verdict = verdictOf(named, run.def.clauses, broken);
    const entry = failureOf(
      label,
      judged.check,
      judged.outcome,
      exchanges,
      run,
      deps.credentials,
      broken,
      verdict.clause,
      judged.shownBy,
      judged === cause ? consequences.map(consequenceOf) : [],
      judged.alongside,
    );
    if (judged.outcome.status === "drift" || verdict.kind === "failure") {
      run.failures.push(entry);
      if (judged.outcome.status === "fail") failed = true;
    } else {
      run.warnings.push(entry);
      if (deps.strict) {
        run.failures.push({ ...entry, reading: true });
        failed = true;
      }
    }
  }
  return failed;
}
