import { Ajv2020 } from "ajv/dist/2020.js";
import { creditCost, type OperationId } from "../contract/index.js";
import { excerpt } from "../checks/check.js";
import { CHECKS, type CheckContext, type CheckOutcome, type RunState } from "../checks/index.js";
import { failedClauses } from "../checks/failed-clauses.js";
import type { HttpClient } from "../client/http.js";
import type { BalanceMeter, BalanceReading } from "./balance.js";
import { asCase } from "./cassette.js";
import type { Budget } from "./budget.js";
import type { Credentials } from "./credentials.js";
import { countRoundTrip, onChain } from "../client/round-trips.js";
import { forEachConcurrent, settleAll } from "./concurrent.js";
import { MeasurementWindows, NotAdmitted, type Admit, type Release } from "./measure.js";
import { EvidenceLog } from "./evidence.js";
import type { KeyLimits } from "./key-limits.js";
import { NotRun, notRunReason, notRunResult } from "./not-run.js";
import { getPointer } from "../contract/json-pointer.js";
import { STEP_KINDS, type Depth, type StepExecution, type StepPlan } from "./steps/index.js";
import { resolve, TemplateError, Unknown, type Generator, type TemplateScope } from "./template.js";
import {
  AUTH_MODES,
  type CaseDef,
  type CaseFailure,
  type CaseResult,
  type CheckCall,
  type Exchange,
  type StepDef,
  type ToolNameMap,
} from "./types.js";
import { classifyAnswer } from "../checks/answer.js";
import { countedItems, isSuccess, viewOf } from "../checks/views.js";
import { clauseIds, verdictOf, type RestingClause } from "./verdict.js";

export interface EngineDeps {
  readonly http: HttpClient;
  readonly credentials: Credentials;
  readonly state: RunState;
  readonly budget: Budget;
  readonly meter: BalanceMeter;
  /** The tester's key: its balance or rate refusals are "not run", never a verdict (src/runner/key-limits.ts). */
  readonly keyLimits: KeyLimits;
  readonly bogus: Set<string>;
  readonly generators: Readonly<Record<string, Generator>>;
  /** The primary key's balance before the run, when key status shows it (the budget follows the balance). */
  readonly initialBalance?: number;
  /** Credits reserved for one GET /version until its cost has been observed (§8: not shown). */
  readonly versionReserve: number;
  readonly concurrency: number;
  /** Per-request deadline, handed to step kinds that do not send through `http` (MCP). */
  readonly timeoutMs: number;
  /** Tool names pinned in the config (`mcp.tools`). */
  readonly mcpTools?: ToolNameMap;
  /** How deep step kinds that sample data go (--depth); `quick` when absent. */
  readonly depth?: Depth;
  readonly onCaseStart?: (c: CaseDef) => void;
  readonly onCaseDone?: (r: CaseResult) => void;
  /** Outcomes resting on a reading fail the case too, labelled as readings (--strict). */
  readonly strict?: boolean;
  /** Which exchanges a case keeps as evidence: those of its failures (default), or all of them. */
  readonly record?: "failures" | "all";
  /** Bytes of each body kept as evidence (default DEFAULT_EVIDENCE_BYTES). */
  readonly evidenceBytes?: number;
  /** Once aborted, no case starts and no case sends another step; steps in flight finish. */
  readonly signal?: AbortSignal;
}

/** What the engine holds while a run goes on: its dependencies and the windows measured steps share. */
interface RunDeps extends EngineDeps {
  readonly windows: MeasurementWindows;
}

/** Run-wide value the budget needs: the observed cost of GET /version, once a step has measured it. */
export interface VersionCost {
  observed?: number;
}

/** The run stopped sending after consecutive transport failures (src/client/transport-health.ts). */
function unreachable(stopped: string): NotRun {
  return new NotRun("unreachable", `the run stopped after ${stopped}`);
}

const argsAjv = new Ajv2020({ allErrors: true, strict: false });
const argValidators = new Map<string, ReturnType<typeof argsAjv.compile>>();

function validateArgs(name: string, args: unknown): string | undefined {
  const schema = CHECKS[name]?.args;
  if (!schema) return args === undefined || args === null ? undefined : `check ${name} takes no arguments`;
  let validate = argValidators.get(name);
  if (!validate) argValidators.set(name, (validate = argsAjv.compile(schema)));
  if (validate(args ?? {})) return undefined;
  const problems = (validate.errors ?? []).map((e) => `${e.instancePath || "/"} ${e.message}`);
  return `arguments of ${name}: ${problems.join("; ")}`;
}

/** A value as a label shows it: a string as it is, anything else as JSON. */
function text(value: unknown): string {
  return typeof value === "string" ? value : (JSON.stringify(value) ?? "undefined");
}

/** Each combination of a step's for_each lists, with a label naming it. */
function expandForEach(step: StepDef, scope: TemplateScope): { label: string; vars: Record<string, unknown> }[] {
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

function stepLabel(step: StepDef, index: number, expansion: string): string {
  return `step ${index + 1}${step.name ? ` (${step.name})` : ""}${expansion ? ` [${expansion}]` : ""}`;
}

/** A step's spec with its auth member checked (a template may produce it). */
function checkedSpec(spec: unknown): unknown {
  const auth = (spec as { auth?: unknown } | null)?.auth;
  if (auth !== undefined && !AUTH_MODES.includes(auth as never))
    throw new TemplateError(`auth must be one of ${AUTH_MODES.join(", ")}, got ${JSON.stringify(auth)}`);
  return spec;
}

function whereOf(exchange: Exchange | undefined): unknown {
  try {
    return (JSON.parse(exchange?.request.body ?? "null") as { where?: unknown } | null)?.where;
  } catch {
    return undefined;
  }
}

/** A captured value from a step's responses; `undefined` when the response lacks it. */
function captureValue(
  source: string,
  exchanges: readonly Exchange[],
  plan: StepPlan,
  deps: Pick<EngineDeps, "state"> | undefined,
  estimating: boolean,
): unknown {
  if (estimating || !deps)
    return source === "ids" || source === "records" || source === "not_found"
      ? new Unknown("list", plan.maxItems)
      : new Unknown("value", 1);
  const last = exchanges.at(-1);
  if (source === "" || source.startsWith("/")) return last ? getPointer(last.json, source) : undefined;
  if (source === "pages") return exchanges.length;
  // The query of the last request (a `narrow:` step's: the set it found small enough).
  if (source === "where") return whereOf(last);
  const views = exchanges.map((e) => viewOf(e, plan.operationId, deps.state.implementation));
  const lastView = views.at(-1);
  switch (source) {
    case "ids":
      return views.every((v) => v.ids) ? views.flatMap((v) => v.ids!) : undefined;
    case "records":
      return views.every((v) => v.records) ? views.flatMap((v) => v.records!) : undefined;
    case "not_found":
      return views.every((v) => v.notFound) ? views.flatMap((v) => v.notFound!) : undefined;
    case "next":
      return lastView?.next;
    case "total":
      return lastView?.total;
    case "found":
      return lastView?.found;
    case "data":
      return lastView?.data;
  }
  return undefined;
}

/**
 * Credits the §8 formulas give for what a step's responses returned (refusals cost nothing, §7); null when
 * they cannot say: no formula (GET /version before its cost is seen), or an answer that is neither a success
 * nor a refusal (a 5xx, a timeout, a body that is not the envelope), which may have been charged for all the
 * runner knows, so the budget books the step's worst case.
 */
function formulaCost(
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
  deps: Pick<EngineDeps, "bogus" | "generators" | "versionReserve" | "depth">,
  versionCost: VersionCost = {},
): CasePlan {
  const vars: Record<string, unknown> = { ...c.vars };
  const steps: { label: string; operationId?: OperationId; worstCase: number }[] = [];
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
        versionCost: versionCost.observed ?? deps.versionReserve,
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
    }
  });
  return { worstCase: steps.reduce((s, x) => s + x.worstCase, 0), steps };
}

interface CaseRun {
  readonly def: CaseDef;
  vars: Record<string, unknown>;
  failures: CaseFailure[];
  warnings: CaseFailure[];
  credits: number;
  requests: number;
  roundTrips?: number;
  notRun?: NotRun;
  /** The case's clauses, which its failures are attributed among. */
  clauses: readonly string[];
  evidence: EvidenceLog;
}

/** A non-passing outcome with the clause ids it was said to rest on (src/runner/verdict.ts resolves them). */
interface Judged {
  readonly check: string;
  readonly outcome: CheckOutcome;
  readonly named?: readonly string[];
}

function failureOf(
  step: string,
  check: string,
  outcome: CheckOutcome,
  exchanges: readonly Exchange[],
  run: CaseRun,
  credentials: Credentials,
  own: readonly string[] | undefined,
  clause?: RestingClause,
): CaseFailure {
  const exchange = exchanges[outcome.exchange ?? exchanges.length - 1];
  const index = exchange ? run.evidence.add(exchange) : undefined;
  const curl = index !== undefined ? run.evidence.exchanges[index]!.curl : undefined;
  return credentials.redactValue({
    step,
    check,
    clauses: failedClauses(check, run.clauses, own),
    ...(index !== undefined ? { exchange: index } : {}),
    message: outcome.message ?? (outcome.status === "drift" ? "drift" : "failed"),
    ...(outcome.status === "drift" ? { drift: true } : {}),
    ...(clause ? { clause } : {}),
    ...(outcome.expected !== undefined ? { expected: outcome.expected } : {}),
    ...(outcome.actual !== undefined ? { actual: outcome.actual } : {}),
    ...(curl ? { curl } : {}),
  });
}

/** One expansion of a step, resolved and priced before anything is sent. */
interface PreparedExpansion {
  readonly label: string;
  readonly scope: TemplateScope;
  readonly spec: unknown;
  readonly plan: StepPlan;
}

/** What sending one expansion gave, with the balance around it when the step measures Credits. */
interface SentExpansion {
  readonly execution: StepExecution;
  readonly before?: BalanceReading;
  readonly after?: BalanceReading;
  /** Credits the balance says this expansion cost. */
  readonly measured?: number;
  /** Credits booked for it: measured, else the §8 formulas, else its worst case. */
  readonly spent: number;
}

/** Why a step stopped before one of its expansions: the case not run, or an expansion that cannot be sent. */
type StepStop = { readonly notRun: NotRun } | { readonly failure: CaseFailure };

/** Resolves and prices one expansion; a StepStop when it cannot be sent. */
function prepareExpansion(
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
        versionCost: versionCost.observed ?? deps.versionReserve,
        ...(idsBound !== undefined ? { idsBound } : {}),
        ...(deps.depth ? { depth: deps.depth } : {}),
      });
    } catch (error) {
      const message = `the step cannot be sent: ${(error as Error).message}`;
      return { failure: { step: label, check: step.kind, clauses: [], message } };
    }
    if (plan.auth === "second" && !deps.credentials.second)
      throw new NotRun("configuration", `${label} needs a second (exhausted) key; none is configured`);
    if (plan.auth === "primary") deps.keyLimits.guard(label, plan.worstCase);
    return { label, scope, spec, plan };
  } catch (error) {
    if (error instanceof NotRun) return { notRun: error };
    throw error;
  }
}

/** The admission of a charged request sent outside any measurement: it waits only while a Credit window closes. */
function admitCharged(deps: RunDeps, p: PreparedExpansion): Admit {
  const key = deps.credentials.balanceKey(p.plan.auth);
  return () => deps.windows.admit(key);
}

/** The admission inside a measurement, which already holds everything the step sends in its window. */
const admitted: Admit = () => Promise.resolve(() => undefined);

/**
 * Sends one prepared expansion through its step kind, its charged requests through `admit` (each release says what
 * its exchanges cost by `price`); a kind that throws gives a failed execution. A kind that does not admit its requests
 * one by one is admitted whole when it is measured (a request that should be free is measured too) or may be charged.
 */
async function sendExpansion(
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
function budgetNotRun(label: string, worstCase: number, deps: EngineDeps): NotRun {
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
 * Sends expansions that are priced without measuring, side by side (at most `deps.concurrency` at once): each holds
 * the balance lock shared while it is in flight and books its cost by the §8 formulas. Stops starting expansions at
 * the first that does not fit the budget, or after an HTTP request that got no answer.
 */
async function sendUnmeasured(
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
function syncBudget(balanceKey: "primary" | "second", reading: BalanceReading, deps: EngineDeps): void {
  if (balanceKey === "primary" && reading.value !== undefined && deps.initialBalance !== undefined)
    deps.budget.sync(deps.initialBalance - reading.value);
}

/**
 * Sends the expansions of a step that measures Credits, side by side, each in a measurement window it may share with
 * other measuring steps (src/runner/measure.ts). An expansion whose window could not tell its cost apart, and every
 * `observe` (a cost only a lone request shows), is sent again alone between its own two readings.
 */
async function sendMeasuredGroup(
  step: StepDef,
  prepared: readonly PreparedExpansion[],
  sent: (SentExpansion | undefined)[],
  deps: RunDeps,
  versionCost: VersionCost,
): Promise<NotRun | undefined> {
  let refused: NotRun | undefined;
  // A recorded or replayed run measures each step alone: a shared window's readings would belong to whichever case
  // opened it, which the timing of a run decides, and a cassette replays each case's own exchanges.
  const shared = step.credits !== "observe" && !deps.meter.readsEveryTime;
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
  }
  return refused;
}

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
    step.credits !== undefined
      ? await sendMeasuredGroup(step, prepared, sent, deps, versionCost)
      : await sendUnmeasured(step, prepared, sent, deps, versionCost);
  for (const s of sent) {
    if (!s) continue;
    run.requests += s.execution.exchanges.length;
    run.credits += Math.max(0, s.spent);
  }
  let stepFailed = false;
  for (const [at, p] of prepared.entries()) {
    const s = sent[at];
    if (!s) {
      if (refused) throw refused;
      if (deps.http.health.stopped !== undefined) throw unreachable(deps.http.health.stopped);
      continue;
    }
    const verdict = await judgeExpansion(step, p, s, run, deps, versionCost);
    if (verdict.failed) stepFailed = true;
    if (!stepFailed) Object.assign(run.vars, verdict.vars);
    if (s.execution.inconclusive && !stepFailed) throw new NotRun("data", `${p.label}: ${s.execution.inconclusive}`);
    // After an HTTP request that got no answer the case has failed; the rest of a for_each would each wait for the
    // timeout too. (MCP steps go on: their errors also say what a transport lacks, which the next one may not.)
    const left = expansions.length - at - 1;
    const http = step.kind === "request" || step.kind === "paginate";
    if (left > 0 && http && s.execution.exchanges.some((e) => e.error !== undefined)) {
      const message = `${left} more request(s) of this step not sent after a request that got no answer`;
      run.failures.push({ step: stepLabel(step, index, ""), check: "transport", message });
      return false;
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

/**
 * Judges one sent expansion: transport errors, the step's own findings, its captures, the checks it expects and its
 * Credits. Failures and warnings go to the case; the captured values are returned for the case to keep when the
 * expansion passed.
 */
async function judgeExpansion(
  step: StepDef,
  p: PreparedExpansion,
  s: SentExpansion,
  run: CaseRun,
  deps: EngineDeps,
  versionCost: VersionCost,
): Promise<{ failed: boolean; vars: Record<string, unknown> }> {
  const { label, scope, plan } = p;
  const { execution, before, after, measured } = s;
  let stepFailed = false;
  if (deps.record === "all") for (const e of execution.exchanges) run.evidence.add(e);
  for (const e of execution.exchanges) {
    if ((e.request.operationId ?? plan.operationId) === "getProfiles")
      deps.state.peopleRecords.push(...(viewOf(e, "getProfiles", deps.state.implementation).records ?? []));
  }
  for (const o of execution.observations ?? []) deps.state.observed.add(o.topic, o.value, o.clause);
  const stepClause =
    step.clause === undefined ? undefined : clauseIds(dataPrecondition(label, () => resolve(step.clause, scope)));
  const outcomes: Judged[] = [];
  for (const e of execution.exchanges)
    if (e.error)
      outcomes.push({
        check: "transport",
        outcome: { status: "fail", message: e.error, exchange: execution.exchanges.indexOf(e) },
        ...(stepClause ? { named: stepClause } : {}),
      });
  if (execution.failure)
    outcomes.push({
      check: step.kind,
      outcome: { status: "fail", message: execution.failure },
      ...(stepClause ? { named: stepClause } : {}),
    });
  for (const f of execution.findings ?? []) {
    const { check, ...outcome } = f;
    outcomes.push({ check, outcome, ...(stepClause ? { named: stepClause } : {}) });
  }

  const stepVars: Record<string, unknown> = {};
  const missing: Judged[] = [];
  if (!outcomes.length) {
    for (const [name, source] of Object.entries(step.captures)) {
      const value = captureValue(source, execution.exchanges, plan, deps, false);
      if (value === undefined)
        missing.push({
          check: "capture",
          outcome: {
            status: "fail",
            message: `capture ${name}: ${source} is not in the response`,
            actual: ((t) => (t === undefined ? t : excerpt(t, 300)))(execution.exchanges.at(-1)?.bodyText),
          },
        });
      else stepVars[name] = value;
    }
  }
  if (!outcomes.length) {
    const ctx: CheckContext = {
      exchanges: execution.exchanges,
      ...(plan.operationId ? { operationId: plan.operationId } : {}),
      ...(plan.body !== undefined ? { requestBody: plan.body } : {}),
      vars: { ...scope.vars, ...stepVars },
      run: deps.state,
      view: (e) => viewOf(e, plan.operationId, deps.state.implementation),
    };
    for (const call of step.expect) outcomes.push(...runCheck(call, ctx, label, deps.generators, stepClause));
    if (step.credits) {
      const credits = creditsOutcome(
        step.credits,
        plan,
        execution.exchanges,
        before,
        after,
        measured,
        deps,
        versionCost,
      );
      outcomes.push({
        ...credits,
        named: stepClause ?? creditsClauses(step.credits, plan.operationId, execution.exchanges),
      });
    }
    // A check that failed says more than the capture it made impossible.
    if (!outcomes.some((o) => o.outcome.status === "fail")) outcomes.push(...missing);
  }
  if (plan.auth === "primary" && outcomes.some((o) => o.outcome.status !== "pass")) {
    const limited = await deps.keyLimits.judge(label, execution.exchanges, plan.worstCase);
    if (limited) throw limited;
  }
  for (const judged of outcomes) {
    if (judged.outcome.status === "pass") continue;
    // The clauses the outcome names itself decide its verdict and which clauses its failure marks broken.
    const own = judged.outcome.clause !== undefined ? clauseIds(judged.outcome.clause) : undefined;
    const verdict = verdictOf(own ?? judged.named, run.def.clauses);
    const entry = failureOf(
      label,
      judged.check,
      judged.outcome,
      execution.exchanges,
      run,
      deps.credentials,
      own,
      verdict.clause,
    );
    if (judged.outcome.status === "drift" || verdict.kind === "failure") {
      run.failures.push(entry);
      if (judged.outcome.status === "fail") stepFailed = true;
    } else {
      run.warnings.push(entry);
      if (deps.strict) {
        run.failures.push({ ...entry, reading: true });
        stepFailed = true;
      }
    }
  }
  return { failed: stepFailed, vars: stepVars };
}

/**
 * Templates that fail at run time ask the deployment's data for something it does not hold (a null
 * title, an empty list): the case cannot be run on this data, which is a skip with the reason, not a
 * failure of the deployment. (Authoring mistakes — unknown variables or generators — fail at load.)
 */
function dataPrecondition<T>(label: string, fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    if (error instanceof TemplateError)
      throw new NotRun("data", `${label}: the data does not provide what this step needs: ${error.message}`);
    throw error;
  }
}

function runCheck(
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

/**
 * The clauses a step's `credits:` rests on when the step names none: the §8 formula of its route for `charged`;
 * for `free`, §7's "refusals cost nothing" when every answer was a refusal, else the case's own clauses.
 */
function creditsClauses(
  expectation: "charged" | "free" | "observe",
  operationId: OperationId | undefined,
  exchanges: readonly Exchange[],
): readonly string[] | undefined {
  if (expectation === "charged" && operationId) {
    if (operationId === "searchPeople") return ["s8-cost-nl-search"];
    if (operationId.startsWith("query")) return ["s8-cost-query-search"];
    if (operationId === "getKeyStatus") return ["s8-cost-key-status"];
    if (operationId === "getVersion") return ["s8-cost-version-not-shown"];
    return ["s8-cost-detail"];
  }
  if (expectation === "free" && operationId === "getKeyStatus") return ["s8-cost-key-status"];
  if (expectation === "free" && exchanges.length > 0 && !exchanges.some(isSuccess))
    return ["s7-translated-before-charge"];
  return undefined;
}

function creditsOutcome(
  expectation: "charged" | "free" | "observe",
  plan: StepPlan,
  exchanges: readonly Exchange[],
  before: { value?: number; error?: string } | undefined,
  after: { value?: number; error?: string } | undefined,
  measured: number | undefined,
  deps: EngineDeps,
  versionCost: VersionCost,
): Judged {
  const check = "credits";
  if (measured === undefined)
    return {
      check,
      outcome: { status: "fail", message: `cannot measure the Credits spent: ${before?.error ?? after?.error}` },
    };
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
  };
  if (c.requires.includes("second_key") && !deps.credentials.second)
    run.notRun = new NotRun("configuration", "needs a second (exhausted) key; none is configured");
  else {
    try {
      const { chain } = await onChain(async () => {
        for (const [index, step] of c.steps.entries()) {
          if (deps.signal?.aborted) throw new NotRun("interrupted", `interrupted before ${stepLabel(step, index, "")}`);
          if (!(await executeStep(step, index, run, deps, versionCost))) break;
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
    windows: new MeasurementWindows(engineDeps.meter, (key, reading) => syncBudget(key, reading, engineDeps)),
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
