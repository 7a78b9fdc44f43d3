import { randomBytes } from "node:crypto";
import type { RunState } from "../checks/index.js";
import { HttpClient, type HttpClientOptions } from "../client/http.js";
import { BalanceMeter, type BalanceReading } from "./balance.js";
import { Budget } from "./budget.js";
import { Credentials } from "./credentials.js";
import { runCases } from "./engine.js";
import type { VersionCost } from "./stages/context.js";
import { planCase, type CasePlan } from "./stages/price.js";
import { applyExpectations } from "./expectations.js";
import { createGenerators } from "./generators.js";
import { Implementation } from "../checks/implementation.js";
import { Observed, type ObservedEntry } from "../checks/observed.js";
import { sendRequest, prepareRequest } from "./steps/request.js";
import type { CaseDef, CaseResult } from "./types.js";
import { SuiteError } from "./suites.js";
import { isSuccess } from "../checks/views.js";
import { getPointer } from "../contract/json-pointer.js";
import { requestsPerSecond } from "./rate.js";
import { KeyLimits } from "./key-limits.js";
import { KeyScopes } from "./key-scopes.js";
import { describeKeyState, keyRefusal, keyStateOf, type KeyState } from "../checks/key-state.js";
import { stableKeyStatus } from "../checks/key-status.js";
import { notRunResult } from "./not-run.js";
import { type NotRunCategory } from "./types.js";
import { queryMatchingNothing } from "./route-generators.js";
import type { Exchange } from "../checks/exchange.js";
import type { RunOptions } from "./run-options.js";

/** The target cannot be reached at all: exit status 2. */
export class UnreachableError extends Error {
  override readonly name = "UnreachableError";
}

/** The key is refused (key status and a free query both refuse it, or it is reported inactive): exit status 2. */
export class KeyRejectedError extends Error {
  override readonly name = "KeyRejectedError";
}

/** The predicted worst case is above --max-credits or the key's balance: the run refuses to start (exit status 2). */
export class BudgetError extends Error {
  override readonly name = "BudgetError";
  constructor(
    message: string,
    readonly plan: RunPlan,
  ) {
    super(message);
  }
}

export interface RunPlan {
  readonly cases: readonly { id: string; worstCase: number; steps: CasePlan["steps"] }[];
  readonly worstCase: number;
  readonly maxCredits: number;
  /** With --fit-balance: the cases left out because their worst case did not fit, and the limit they did not fit. */
  readonly leftOut?: {
    readonly category: Extract<NotRunCategory, "balance" | "budget">;
    readonly limit: number;
    readonly cases: readonly { id: string; worstCase: number }[];
  };
}

export interface RunOutcome {
  readonly runId: string;
  readonly startedAt: string;
  readonly durationMs: number;
  readonly baseUrl: string;
  readonly dryRun: boolean;
  readonly plan: RunPlan;
  readonly results: readonly CaseResult[];
  readonly observed: Readonly<Record<string, ObservedEntry>>;
  readonly credits: {
    readonly estimated: number;
    readonly limit: number;
    /** Booked by the runner (measured balance changes, else the §8 formulas). */
    readonly spent: number;
    /** Balance before and after, when key status shows it. */
    readonly balanceBefore?: number;
    readonly balanceAfter?: number;
  };
  readonly warnings: readonly string[];
  /**
   * The run was cut short, exit status 2: the deployment stopped answering (docs/runner-robustness.md), or the
   * tester's key could no longer pay (docs/run.md); why, and the cases it did not run for that.
   */
  readonly stopped?: {
    readonly by: Extract<NotRunCategory, "unreachable" | "balance">;
    readonly reason: string;
    readonly notRun: readonly string[];
  };
  /** Set when the run was interrupted: by what, and the selected cases it did not run. */
  readonly interrupted?: { readonly by: string; readonly notRun: readonly string[] };
  /**
   * The run's longest chain of requests that wait for each other, in round trips: the key status read before the
   * cases, the longest case, then the longest of the cases that run last. With a network latency L the run cannot
   * take less than longestChain × L (docs/benchmarks.md, "Latency").
   */
  readonly longestChain?: number;
}

/**
 * Cases run at once unless --concurrency says otherwise. Within a case, requests that do not wait for each other go
 * side by side too, and the key's rate limit paces every request (src/client/rate-policy.ts): the run's wall time is
 * then bound by its longest chain of requests, not by their number.
 */
export const DEFAULT_CONCURRENCY = 16;

/** Requests sent one after the other before the first case: the key status, then the balance it shows. */
const PREFLIGHT_ROUND_TRIPS = 2;

function newRunId(now = new Date()): string {
  return `${now.toISOString().replace(/[:.]/g, "-")}-${randomBytes(2).toString("hex")}`;
}

/** The worst-case Credits of each case, before anything is sent; a case that cannot be priced is a SuiteError. */
export function planRun(
  cases: readonly CaseDef[],
  options: Pick<RunOptions, "maxCredits" | "versionCostReserve" | "generators" | "depth" | "generated">,
): RunPlan {
  const bogus = new Set<string>();
  const generators = createGenerators({
    bogus,
    ...(options.generators ? { extra: options.generators } : {}),
    ...(options.generated ? { generated: options.generated } : {}),
  });
  const planned = cases.map((c) => {
    try {
      const plan = planCase(c, {
        bogus,
        generators,
        versionCostReserve: options.versionCostReserve ?? 1,
        ...(options.depth ? { depth: options.depth } : {}),
      });
      return { id: c.id, worstCase: plan.worstCase, steps: plan.steps };
    } catch (error) {
      throw new SuiteError(`${c.file}: case ${c.id} cannot be priced before the run: ${(error as Error).message}`);
    }
  });
  return { cases: planned, worstCase: planned.reduce((s, c) => s + c.worstCase, 0), maxCredits: options.maxCredits };
}

/** The plan narrowed to the cases that fit `limit`, in order (a case that fits after one that did not still runs). */
function fitPlan(plan: RunPlan, limit: number, category: "balance" | "budget"): RunPlan {
  let total = 0;
  const kept: RunPlan["cases"][number][] = [];
  const leftOut: { id: string; worstCase: number }[] = [];
  for (const c of plan.cases) {
    if (total + c.worstCase <= limit) {
      kept.push(c);
      total += c.worstCase;
    } else leftOut.push({ id: c.id, worstCase: c.worstCase });
  }
  return {
    ...plan,
    cases: kept,
    worstCase: total,
    ...(leftOut.length ? { leftOut: { category, limit, cases: leftOut } } : {}),
  };
}

/**
 * Key status refused the key or reported it inactive: a query that matches nothing (free under §7 and §8, served or
 * refused) tells a rejected key (refused there too, 401 or 403) from a deployment whose key status is at fault (the
 * query is served), which the cases that check key status then judge. Throws KeyRejectedError for the former; the
 * warning to give for the latter.
 */
async function confirmRejection(state: KeyState, http: HttpClient, credentials: Credentials): Promise<string> {
  const probe: Exchange = await sendRequest(
    prepareRequest({ operation: "queryPeople", body: { where: queryMatchingNothing("people"), size: 1 } }),
    http,
    credentials,
  );
  const refused = keyRefusal(probe);
  if (refused !== undefined)
    throw new KeyRejectedError(
      `the deployment refuses the API key: ${describeKeyState(state)}, and a free query with it was refused ` +
        `(${refused}); the tester's key, not the deployment, is the problem: check it`,
    );
  return (
    `${describeKeyState(state)}, yet a free query with the same key was not refused as a rejected key would be ` +
    `(${probe.error ?? `HTTP ${probe.status}`}): the deployment's key status is at fault; the auth cases judge it, ` +
    `and Credit checks will fail`
  );
}

/** What the stages of a run share: its options, client, key, observations and warnings. */
interface RunContext {
  readonly options: RunOptions;
  readonly http: HttpClient;
  readonly credentials: Credentials;
  readonly observed: Observed;
  readonly implementation: Implementation;
  readonly warnings: string[];
  readonly warn: (text: string) => void;
}

/** What the key status said before anything priced was sent. */
interface Preflight {
  readonly meter: BalanceMeter;
  readonly balanceBefore: BalanceReading;
  readonly plan: RunPlan;
}

/**
 * A conformance run: plan and price every case, refuse to start over budget, check the target answers
 * (key status is free), then run the cases and return what happened. Nothing here writes files or
 * prints; reporters do.
 */
/** The Credit limit as the user set it (RunOptions.maxCreditsSetting). */
function limitSetting(options: Pick<RunOptions, "maxCredits" | "maxCreditsSetting">): string {
  return options.maxCreditsSetting ?? `--max-credits ${options.maxCredits}`;
}

export async function runConformance(options: RunOptions): Promise<RunOutcome> {
  const started = performance.now();
  const startedAt = new Date().toISOString();
  const warnings: string[] = [];
  const warn = (text: string) => {
    warnings.push(text);
    options.onWarning?.(text);
  };
  const fullPlan = planRun(options.cases, options);
  if (!options.fitBalance && fullPlan.worstCase > options.maxCredits) {
    throw new BudgetError(
      `the selected cases may cost up to ${fullPlan.worstCase} Credits, more than ` +
        `${limitSetting(options)}; raise the limit or select fewer cases (--only, --tag), or pass ` +
        `--fit-balance to run only the cases that fit`,
      fullPlan,
    );
  }
  const credentials = new Credentials(options.apiKey, options.secondKey, options.inactiveKey);
  const observed = new Observed();
  const implementation = new Implementation(options.implementation ?? {}, observed);
  const httpOptions: HttpClientOptions = {
    baseUrl: options.baseUrl,
    timeoutMs: options.timeoutMs,
    connections: Math.max(2, options.concurrency * 2),
    ...(options.maxBodyBytes ? { maxBodyBytes: options.maxBodyBytes } : {}),
  };
  const http = options.httpClient ? options.httpClient(httpOptions, credentials) : new HttpClient(httpOptions);
  const run: RunContext = { options, http, credentials, observed, implementation, warnings, warn };
  try {
    const pre = await preflight(run, fullPlan);
    const base = { runId: newRunId(), startedAt, baseUrl: http.baseUrl.href, plan: pre.plan, warnings };
    const durationMs = () => Math.round(performance.now() - started);
    const knownBefore = knownBalance(pre.balanceBefore);
    const balanceBefore = knownBefore !== undefined ? { balanceBefore: knownBefore } : {};
    if (options.dryRun) {
      return {
        ...base,
        dryRun: true,
        durationMs: durationMs(),
        results: [],
        observed: observed.toJSON(),
        credits: { estimated: pre.plan.worstCase, limit: options.maxCredits, spent: 0, ...balanceBefore },
      };
    }
    const executed = await executeCases(run, pre);
    const { unstarted, ...interruption } = interruptedOf(options, executed.results);
    const balanceAfter = knownBefore !== undefined ? await pre.meter.read("primary", true) : {};
    if (executed.versionCost.observed !== undefined)
      observed.set("credits.getVersion", executed.versionCost.observed, "s8-cost-version-not-shown");
    return credentials.redactValue({
      ...base,
      dryRun: false,
      ...interruption,
      durationMs: durationMs(),
      results: [...executed.results, ...unstarted],
      longestChain: longestChainOf(options.cases, executed.results),
      ...stoppedOf(run, executed),
      observed: observed.toJSON(),
      credits: {
        estimated: pre.plan.worstCase,
        limit: options.maxCredits,
        // The balance is the run's spend unless another client spent on the key too (src/runner/stages/meter.ts).
        spent:
          knownBefore !== undefined && balanceAfter.value !== undefined && executed.budget.followsBalance
            ? knownBefore - balanceAfter.value
            : executed.budget.spent,
        ...balanceBefore,
        ...(balanceAfter.value !== undefined ? { balanceAfter: balanceAfter.value } : {}),
      },
    });
  } finally {
    await http.close();
  }
}

/**
 * Reads the key status before anything priced is sent: a key the deployment refuses is the tester's problem, not a
 * verdict; a balance that cannot cover the plan's worst case stops the run before it starts (or, with --fit-balance,
 * leaves out the cases that do not fit); the key's reported rate limit paces the run.
 */
async function preflight(run: RunContext, fullPlan: RunPlan): Promise<Preflight> {
  const { options, http, credentials, observed, implementation, warn } = run;
  const preflight = await sendRequest(prepareRequest({ operation: "getKeyStatus" }), http, credentials);
  if (preflight.error) throw new UnreachableError(`cannot reach ${http.baseUrl.href}: ${preflight.error}`);
  const moved = redirectedBase(preflight, http.baseUrl);
  if (moved) throw new UnreachableError(moved);
  const prefix = /^[A-Za-z]{1,10}_/.exec(options.apiKey)?.[0];
  observed.set("key_prefix", prefix ?? null, "s5-key-prefix");
  const keyState = keyStateOf(preflight, implementation);
  if (keyState.kind === "refused" || keyState.kind === "inactive")
    warn(await confirmRejection(keyState, http, credentials));
  else if (keyState.kind === "unknown")
    warn(
      `${describeKeyState(keyState)}: the deployment's key status is at fault (the auth cases judge it); Credit ` +
        `checks will fail, and the run cannot tell the key's balance from the deployment's refusals`,
    );
  const meter = new BalanceMeter(http, credentials, implementation, options.freshBalance ?? false);
  const balanceBefore = isSuccess(preflight) ? await meter.read("primary") : { error: `HTTP ${preflight.status}` };
  const balance = keyState.kind === "active" ? knownBalance(balanceBefore) : undefined;
  const plan = planForBalance(fullPlan, balance, options, warn);
  if (balanceBefore.fromUse && keyState.kind === "active")
    warn(
      `GET /auth/key/status shows no remaining balance for the key but counts the Credits it used: the run ` +
        `measures each step's Credits by that count, and cannot check that the key covers the worst case of ` +
        `${plan.worstCase} Credits`,
    );
  else if (balance === undefined && keyState.kind === "active")
    warn(
      `GET /auth/key/status does not show the key's balance (${balanceBefore.error ?? "no number"}), so the run ` +
        `cannot check that it covers the worst case of ${plan.worstCase} Credits; a balance refusal during the ` +
        `run leaves the remaining priced cases not run (exit status 2)`,
    );
  observed.set(
    "key_status.preflight",
    isSuccess(preflight)
      ? stableKeyStatus(preflight.json, implementation.keyStatus(preflight.json))
      : { status: preflight.status },
    "s4-5-key-status-members-not-shown",
  );
  paceByKeyStatus(preflight, run);
  return { meter, balanceBefore, plan };
}

/**
 * The first request of a run answered with a redirect: the deployment is elsewhere (https for http, another path),
 * which is the tester's setting to change, not a verdict. tdss never follows one (the key goes to the base URL only,
 * docs/runner-robustness.md), so it names where the redirect points and the base URL that would reach it.
 */
function redirectedBase(exchange: Exchange, baseUrl: URL): string | undefined {
  const status = exchange.status;
  const location = exchange.headers?.location;
  if (status === undefined || status < 300 || status > 399 || !location) return undefined;
  let target: URL;
  try {
    target = new URL(location, exchange.request.url);
  } catch {
    return undefined;
  }
  const route = new URL(exchange.request.url).pathname.slice(baseUrl.pathname.length);
  const base = target.pathname.endsWith(route)
    ? `${target.origin}${target.pathname.slice(0, target.pathname.length - route.length)}`
    : undefined;
  return (
    `${baseUrl.href} answers GET /auth/key/status with HTTP ${status}, ` +
    `a redirect to ${target.origin}${target.pathname} ` +
    `(not followed: tdss sends the key to the base URL only)` +
    (base ? `; if the deployment is there, run with --base-url ${base}` : "")
  );
}

/** The key's balance a reading shows: none where it counts the Credits used instead (BalanceReading.fromUse). */
function knownBalance(reading: BalanceReading): number | undefined {
  return reading.fromUse ? undefined : reading.value;
}

/** The plan the key's balance allows: all of it, the cases that fit (--fit-balance), or a refusal to start. */
function planForBalance(
  fullPlan: RunPlan,
  balance: number | undefined,
  options: RunOptions,
  warn: (text: string) => void,
): RunPlan {
  let plan = fullPlan;
  if (options.fitBalance) {
    const limit = Math.min(balance ?? Infinity, options.maxCredits);
    const category = balance !== undefined && balance <= options.maxCredits ? "balance" : "budget";
    plan = fitPlan(fullPlan, limit, category);
    if (plan.leftOut) {
      const n = plan.leftOut.cases.length;
      const available =
        category === "balance" ? `the key has ${balance} Credits` : `the limit is ${limitSetting(options)}`;
      warn(
        `--fit-balance: ${available}, less than the worst case of ${fullPlan.worstCase}; ${plan.cases.length} ` +
          `cases fit (worst case ${plan.worstCase}) and ${n} are not run: ${category} ` +
          `(${byArea(plan.leftOut.cases, options.cases)}; each is listed, with its worst case, in every report)`,
      );
    }
  } else if (balance !== undefined && balance < fullPlan.worstCase) {
    throw new BudgetError(
      `the selected cases may cost up to ${fullPlan.worstCase} Credits and the key has ${balance} left; select ` +
        `fewer cases (--only, --tag) or pass --fit-balance to run only the cases that fit the balance`,
      fullPlan,
    );
  }
  return plan;
}

/** Cases counted by area, in the order of their first case: "people-query 9, routes 18". */
function byArea(cases: readonly { id: string }[], all: readonly CaseDef[]): string {
  const areas = new Map(all.map((c) => [c.id, c.area]));
  const counts = new Map<string, number>();
  for (const { id } of cases) {
    const area = areas.get(id) ?? id;
    counts.set(area, (counts.get(area) ?? 0) + 1);
  }
  return [...counts].map(([area, count]) => `${area} ${count}`).join(", ");
}

/** Paces the run by the key's reported rate limit (a tenth below it), so that 429 stays the exception. */
function paceByKeyStatus(preflight: Exchange, run: RunContext): void {
  if (!isSuccess(preflight)) return;
  const { http, observed, implementation } = run;
  const pointer = implementation.keyStatus(preflight.json).rateLimit;
  const rate = pointer ? requestsPerSecond(getPointer(preflight.json, pointer), pointer.split("/").pop()) : undefined;
  if (rate !== undefined) http.rates.setRate(rate * 0.9);
  observed.set(
    "rate_limit.pacing",
    rate === undefined ? "not understood: 429 is retried" : { requests_per_second: Number((rate * 0.9).toFixed(3)) },
    "s8-rate-limit-quota-not-shown",
  );
}

/** What running the cases gave: their results (with the ones --fit-balance left out), and the run's ledgers. */
interface Executed {
  readonly results: CaseResult[];
  readonly leftOut: ReadonlyMap<string, CaseResult>;
  readonly keyLimits: KeyLimits;
  readonly budget: Budget;
  readonly versionCost: VersionCost;
}

/** Runs the planned cases through the engine and puts their results in the suites' order. */
async function executeCases(run: RunContext, pre: Preflight): Promise<Executed> {
  const { options, http, credentials, observed, implementation } = run;
  const { meter, balanceBefore, plan } = pre;
  const initialBalance = knownBalance(balanceBefore);
  const bogus = new Set<string>();
  const state: RunState = {
    observed,
    implementation,
    peopleRecords: [],
    ...(options.fingerprint ? { pinnedFingerprint: options.fingerprint } : {}),
    ...(options.mcpTools ? { mcpTools: options.mcpTools } : {}),
  };
  const budget = new Budget(options.maxCredits);
  const versionCost: VersionCost = {};
  const keyLimits = new KeyLimits(meter, new KeyScopes((request) => sendRequest(request, http, credentials), run.warn));
  const expectations = options.expectations ?? new Map<string, string>();
  // Cases --fit-balance left out are reported first, as not run, so the console lists them before the rest.
  const leftOut = new Map(
    (plan.leftOut?.cases ?? []).map(({ id, worstCase }) => {
      const c = options.cases.find((x) => x.id === id)!;
      const limit = plan.leftOut!.limit;
      const detail = `its worst case of ${worstCase} Credits does not fit what --fit-balance left of ${limit}`;
      return [id, applyExpectations(notRunResult(c, plan.leftOut!.category, detail), expectations)];
    }),
  );
  for (const r of leftOut.values()) options.onCaseDone?.(r);
  const raw = await runCases(
    options.cases.filter((c) => !leftOut.has(c.id)),
    {
      http,
      credentials,
      state,
      budget,
      meter,
      keyLimits,
      bogus,
      generators: createGenerators({
        bogus,
        ...(options.generators ? { extra: options.generators } : {}),
        ...(options.generated ? { generated: options.generated } : {}),
      }),
      versionCostReserve: options.versionCostReserve ?? 1,
      concurrency: options.concurrency,
      timeoutMs: options.timeoutMs,
      ...(options.mcpTools ? { mcpTools: options.mcpTools } : {}),
      ...(options.depth ? { depth: options.depth } : {}),
      ...(initialBalance !== undefined ? { initialBalance } : {}),
      ...(options.onCaseStart ? { onCaseStart: options.onCaseStart } : {}),
      ...(options.strict ? { strict: true } : {}),
      ...(options.record ? { record: options.record } : {}),
      ...(options.evidenceBytes !== undefined ? { evidenceBytes: options.evidenceBytes } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
      onCaseDone: (r) => options.onCaseDone?.(applyExpectations(r, expectations)),
    },
    versionCost,
  );
  const ranNow = new Map(raw.map((r) => [r.id, applyExpectations(r, expectations)]));
  const results = options.cases.flatMap((c) => ranNow.get(c.id) ?? leftOut.get(c.id) ?? []);
  return { results, leftOut, keyLimits, budget, versionCost };
}

/** The run's longest chain of requests that wait for each other: the preflight, the pool's, then the last cases'. */
function longestChainOf(cases: readonly CaseDef[], results: readonly CaseResult[]): number {
  const runsLast = new Set(cases.filter((c) => c.runs === "last").map((c) => c.id));
  const longest = (last: boolean) =>
    Math.max(0, ...results.filter((r) => runsLast.has(r.id) === last).map((r) => r.roundTrips ?? 0));
  return PREFLIGHT_ROUND_TRIPS + longest(false) + longest(true);
}

/** Why the run stopped early (the deployment unreachable, the tester's key out of Credits), with its warnings. */
function stoppedOf(run: RunContext, executed: Executed): { stopped?: RunOutcome["stopped"] } {
  const { http, warnings } = run;
  const { results, leftOut, keyLimits } = executed;
  const stoppedAfter = http.health.stopped;
  const notRunFor = (category: NotRunCategory) =>
    results.filter((r) => r.notRun === category && !leftOut.has(r.id)).map((r) => r.id);
  const listed = (ids: readonly string[]) =>
    `${ids.length} of ${results.length} cases did not run` + (ids.length ? ` (${ids.join(", ")})` : "");
  let stopped: RunOutcome["stopped"];
  const first: string[] = [];
  if (stoppedAfter !== undefined) {
    const notRun = notRunFor("unreachable");
    stopped = {
      by: "unreachable",
      reason: `the deployment was unreachable: the run stopped after ${stoppedAfter}`,
      notRun,
    };
    first.push(`${stopped.reason}; ${listed(notRun)}`);
  } else if (keyLimits.exhausted !== undefined) {
    const notRun = notRunFor("balance");
    stopped = { by: "balance", reason: `the tester's key could no longer pay: ${keyLimits.exhausted}`, notRun };
    first.push(`${stopped.reason}; ${listed(notRun)}; no verdict was given on them`);
  }
  const unanswered = notRunFor("no answer");
  if (unanswered.length)
    first.push(
      `requests got no answer within --timeout (${run.options.timeoutMs} ms) or lost their connection: ` +
        `${listed(unanswered)}; no verdict was given on them (a longer --timeout may let them run)`,
    );
  const outOfScope = notRunFor("scope");
  if (outOfScope.length)
    first.push(
      `the tester's key lacks the scope of ${keyLimits.outOfScope.join(", ")}: ${listed(outOfScope)}; ` +
        `no verdict was given on them (a key holding every scope runs them)`,
    );
  const rateLimited = notRunFor("rate limit");
  if (rateLimited.length)
    first.push(
      `the tester's key was still rate limited after the retries: ${listed(rateLimited)}; no verdict was given ` +
        `on them`,
    );
  warnings.unshift(...first);
  return stopped ? { stopped } : {};
}

/**
 * The cases an interrupt left unrun, when the run was interrupted: listed, and each a result not run (interrupted),
 * so that every report counts every selected case.
 */
function interruptedOf(
  options: RunOptions,
  results: readonly CaseResult[],
): { interrupted?: RunOutcome["interrupted"]; unstarted: CaseResult[] } {
  if (!options.signal?.aborted) return { unstarted: [] };
  const ran = new Set(results.map((r) => r.id));
  const by = options.interruptedBy?.() ?? "an interrupt";
  const cases = options.cases.filter((c) => !ran.has(c.id));
  return {
    interrupted: { by, notRun: cases.map((c) => c.id) },
    unstarted: cases.map((c) => notRunResult(c, "interrupted", `the run was interrupted (${by}) before it started`)),
  };
}
