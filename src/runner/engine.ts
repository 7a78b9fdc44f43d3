import { asCase } from "./cassette.js";
import { CaseMcpSessions } from "./steps/mcp-sessions.js";
import { onChain } from "../client/round-trips.js";
import { forEachConcurrent } from "./concurrent.js";
import { MeasurementWindows } from "./measure.js";
import { BalanceSettling, SETTLE_BOUND_MS } from "./settle.js";
import { EvidenceLog } from "./evidence.js";
import { NotRun, notRunReason, notRunResult } from "./not-run.js";
import { resolve, type TemplateScope } from "./template.js";
import type { CaseDef, CaseResult, StepDef } from "./types.js";
import {
  type CaseRun,
  type EngineDeps,
  type PreparedExpansion,
  type RunDeps,
  type SentExpansion,
  type StepStop,
  type VersionCost,
  unreachable,
} from "./stages/context.js";
import { judgeExpansion } from "./stages/judge.js";
import { SecondLooks } from "./stages/second-look.js";
import { sendUnmeasured } from "./stages/send.js";
import { dataPrecondition, expandForEach, prepareExpansion, stepLabel } from "./stages/prepare.js";
import { sendMeasuredGroup, syncBudget, unpricedUntilObserved } from "./stages/meter.js";

async function executeStep(
  step: StepDef,
  index: number,
  run: CaseRun,
  deps: RunDeps,
  versionCost: VersionCost,
): Promise<boolean> {
  const baseScope: TemplateScope = { vars: run.vars, generators: deps.generators, estimating: false };
  const expansions = dataPrecondition(stepLabel(step, index, ""), () => {
    for (const [name, value] of Object.entries(step.let)) run.vars[name] = resolve(value, baseScope);
    return expandForEach(step, baseScope);
  });
  if (deps.http.health.stopped !== undefined) throw unreachable(deps.http.health.stopped);
  // Every expansion is resolved and priced first (they read the case's variables as they stand before the step),
  // then sent side by side, then judged in order, so reports read the same whatever order the answers came in.
  const prepared: PreparedExpansion[] = [];
  let stop: StepStop | undefined;
  for (const expansion of expansions) {
    const p = prepareExpansion(step, index, expansion, run, deps, versionCost);
    if ("plan" in p) prepared.push(p);
    else {
      stop = p;
      break;
    }
  }
  const sent: (SentExpansion | undefined)[] = [];
  const refused =
    step.credits !== undefined || unpricedUntilObserved(prepared, versionCost)
      ? await sendMeasuredGroup(step, prepared, sent, deps, versionCost)
      : await sendUnmeasured(step, prepared, sent, deps, versionCost);
  for (const s of sent) {
    if (!s) continue;
    run.requests += s.execution.exchanges.length;
    run.credits += Math.max(0, s.spent);
  }
  let stepFailed = false;
  const looks = new SecondLooks(run, deps, versionCost, new Set(step.expect.flatMap((call) => call.secondLook ?? [])));
  for (const [at, p] of prepared.entries()) {
    const s = sent[at];
    if (!s) {
      if (refused) throw refused;
      if (deps.http.health.stopped !== undefined) throw unreachable(deps.http.health.stopped);
      continue;
    }
    const verdict = await judgeExpansion(step, p, s, run, deps, versionCost, looks);
    if (verdict.failed) stepFailed = true;
    // A named request sent once may be asked again by a later check's second look (src/runner/stages/second-look.ts).
    if (step.name !== undefined && step.kind === "request" && prepared.length === 1)
      run.earlier.set(step.name, { step, prepared: p, captured: verdict.vars });
    if (!stepFailed) Object.assign(run.vars, verdict.vars);
    if (s.execution.inconclusive && !stepFailed) {
      // Inconclusive because the tester's key was refused (its balance, its scope) is the key's limit, not the data's.
      const { auth, worstCase } = p.plan;
      const limited =
        auth === "primary" ? await deps.keyLimits.judge(p.label, s.execution.exchanges, worstCase) : undefined;
      throw limited ?? new NotRun("data", `${p.label}: ${s.execution.inconclusive}`);
    }
  }
  if (refused) throw refused;
  if (stop && "notRun" in stop) throw stop.notRun;
  if (stop && "failure" in stop) {
    run.failures.push(stop.failure);
    return false;
  }
  return !stepFailed;
}

/** Runs one case and returns its result (before expectations are applied). */
async function runCase(c: CaseDef, deps: RunDeps, versionCost: VersionCost): Promise<CaseResult> {
  const started = performance.now();
  const evidence = new EvidenceLog(deps.credentials, deps.evidenceBytes);
  const run: CaseRun = {
    def: c,
    vars: { ...c.vars },
    failures: [],
    warnings: [],
    credits: 0,
    requests: 0,
    clauses: c.clauses,
    evidence,
    earlier: new Map(),
    dataLooks: new Map(),
  };
  if (c.requires.includes("second_key") && !deps.credentials.second)
    run.notRun = new NotRun("configuration", "needs a second (exhausted) key; none is configured");
  else if (c.requires.includes("inactive_key") && !deps.credentials.inactive)
    run.notRun = new NotRun("configuration", "needs an inactive key; none is configured");
  else {
    try {
      const { chain } = await onChain(async () => {
        const mcpSessions = new CaseMcpSessions();
        const caseDeps: RunDeps = { ...deps, mcpSessions };
        try {
          for (const [index, step] of c.steps.entries()) {
            if (deps.signal?.aborted)
              throw new NotRun("interrupted", `interrupted before ${stepLabel(step, index, "")}`);
            if (!(await executeStep(step, index, run, caseDeps, versionCost))) break;
          }
        } finally {
          await mcpSessions.close();
        }
      });
      run.roundTrips = chain.roundTrips;
    } catch (error) {
      // Not run ends the case; anything else is a defect of the runner or a suite, reported on the case rather than
      // ending the run.
      if (error instanceof NotRun) run.notRun = error;
      else
        run.failures.push({
          step: "case",
          check: "runner",
          clauses: [],
          message: deps.credentials.redact(`internal error: ${(error as Error).message}`),
        });
    }
  }
  const failed = run.failures.some((f) => !(f as { drift?: boolean }).drift);
  const status = failed ? "failed" : run.failures.length ? "drift" : run.notRun ? "skipped" : "passed";
  return {
    id: c.id,
    area: c.area,
    title: c.title,
    clauses: c.clauses,
    tags: c.tags,
    status,
    durationMs: Math.round(performance.now() - started),
    requests: run.requests,
    ...(run.roundTrips !== undefined ? { roundTrips: run.roundTrips } : {}),
    credits: run.credits,
    failures: run.failures,
    warnings: run.warnings,
    ...(run.notRun && status === "skipped"
      ? {
          notRun: run.notRun.category,
          reason: deps.credentials.redact(notRunReason(run.notRun.category, run.notRun.message)),
        }
      : {}),
    ...(evidence.exchanges.length ? { exchanges: evidence.exchanges } : {}),
  };
}

/** Step kinds that send long chains of requests, each waiting for the one before. */
const LONG_CHAIN_KINDS: ReadonlySet<string> = new Set(["semantics", "narrow", "paginate"]);

function longChains(c: CaseDef): boolean {
  return c.steps.some((step) => LONG_CHAIN_KINDS.has(step.kind));
}

/** Runs cases concurrently (up to `concurrency`), then the cases marked `runs: last`. */
export async function runCases(
  cases: readonly CaseDef[],
  engineDeps: EngineDeps,
  versionCost: VersionCost = {},
): Promise<CaseResult[]> {
  const results = new Map<string, CaseResult>();
  const deps: RunDeps = {
    ...engineDeps,
    windows: new MeasurementWindows(
      engineDeps.meter,
      (key, reading) => syncBudget(key, reading, engineDeps),
      new BalanceSettling(Math.min(engineDeps.timeoutMs, SETTLE_BOUND_MS)),
    ),
  };
  const pool = (list: readonly CaseDef[]) =>
    forEachConcurrent(
      list,
      deps.concurrency,
      async (c) => {
        deps.onCaseStart?.(c);
        const stopped = deps.http.health.stopped;
        const result =
          stopped === undefined
            ? await asCase(c.id, () => runCase(c, deps, versionCost))
            : notRunResult(c, "unreachable", unreachable(stopped).message);
        results.set(c.id, result);
        deps.onCaseDone?.(result);
      },
      () => deps.signal?.aborted === true,
    );
  // The cases with the longest chains of requests (the oracles, paging) start first, so that the others fill in
  // beside them and the run's wall time tends to its longest chain (results keep the suite's order).
  await pool(cases.filter((c) => c.runs !== "last").sort((a, b) => Number(longChains(b)) - Number(longChains(a))));
  await pool(cases.filter((c) => c.runs === "last"));
  return cases.flatMap((c) => results.get(c.id) ?? []);
}
