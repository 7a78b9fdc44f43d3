import { randomBytes } from "node:crypto";
import type { RunState } from "../checks/index.js";
import { HttpClient, type HttpClientOptions } from "../client/http.js";
import { BalanceMeter } from "./balance.js";
import { Budget } from "./budget.js";
import type { Depth } from "./steps/index.js";
import { Credentials } from "./credentials.js";
import { planCase, runCases, type CasePlan, type VersionCost } from "./engine.js";
import { applyExpectations, type Expectations } from "./expectations.js";
import { createGenerators, type GeneratedQueries } from "./generators.js";
import { Implementation, type ImplementationPointers } from "./implementation.js";
import { BalanceLock } from "./lock.js";
import { Observed, type ObservedEntry } from "./observed.js";
import { sendRequest, prepareRequest } from "./steps/request.js";
import type { Generator } from "./template.js";
import type { CaseDef, CaseResult, ToolNameMap } from "./types.js";
import { SuiteError } from "./suites.js";
import { classifyAnswer } from "./answer.js";
import { isSuccess } from "./views.js";
import { getPointer } from "./pointer.js";
import { requestsPerSecond } from "./rate.js";

export interface RunOptions {
  readonly baseUrl: string;
  readonly apiKey: string;
  /** A second key whose balance is exhausted (auth cases tell it apart from a rejected key). */
  readonly secondKey?: string;
  /** The selected cases, in order. */
  readonly cases: readonly CaseDef[];
  readonly maxCredits: number;
  readonly concurrency: number;
  readonly timeoutMs: number;
  readonly fingerprint?: string;
  readonly implementation?: ImplementationPointers;
  /** MCP tool names pinned by route (config `mcp.tools`); other routes' tools are matched by §4.1 suffix. */
  readonly mcpTools?: ToolNameMap;
  readonly expectations?: Expectations;
  /** Credits reserved per GET /version until its cost is observed (§8: not shown). */
  readonly versionCostReserve?: number;
  readonly dryRun?: boolean;
  /** How deep step kinds that sample the deployment's data go (default quick; docs/search-semantics.md). */
  readonly depth?: Depth;
  readonly maxBodyBytes?: number;
  /** Extra template generators (e.g. the linter's corpus). */
  readonly generators?: Readonly<Record<string, Generator>>;
  /** How many request bodies the generated-queries generator draws, and its seed (`--generated`, `--seed`). */
  readonly generated?: GeneratedQueries;
  readonly onCaseStart?: (c: CaseDef) => void;
  readonly onCaseDone?: (r: CaseResult) => void;
  /** Outcomes resting on a reading fail their case too, labelled as readings (docs/verdicts.md). */
  readonly strict?: boolean;
  /** Which exchanges each case keeps as evidence (default: those of its failures). */
  readonly record?: "failures" | "all";
  /** Bytes of each body kept as evidence (default 64 KiB). */
  readonly evidenceBytes?: number;
  /** Aborted on an interrupt: no case starts, steps in flight finish, and the outcome says what was not run. */
  readonly signal?: AbortSignal;
  /** Why `signal` was aborted (e.g. "SIGINT"), for the report. */
  readonly interruptedBy?: () => string | undefined;
  /** Makes the HTTP client (a recording or replaying one, src/runner/cassette.ts); default a plain HttpClient. */
  readonly httpClient?: (options: HttpClientOptions, credentials: Credentials) => HttpClient;
  /** Read the key's balance afresh around every measured step (recorded and replayed runs). */
  readonly freshBalance?: boolean;
}

/** The target cannot be reached at all: exit status 2. */
export class UnreachableError extends Error {
  override readonly name = "UnreachableError";
}

/** The predicted worst case is above --max-credits: the run refuses to start (exit status 2). */
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
  /** The run stopped early: the deployment stopped answering (docs/runner-robustness.md); exit status 2. */
  readonly stopped?: { readonly reason: string; readonly notRun: readonly string[] };
  /** Set when the run was interrupted: by what, and the selected cases it did not run. */
  readonly interrupted?: { readonly by: string; readonly notRun: readonly string[] };
}

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
        versionReserve: options.versionCostReserve ?? 1,
        ...(options.depth ? { depth: options.depth } : {}),
      });
      return { id: c.id, worstCase: plan.worstCase, steps: plan.steps };
    } catch (error) {
      throw new SuiteError(`${c.file}: case ${c.id} cannot be priced before the run: ${(error as Error).message}`);
    }
  });
  return { cases: planned, worstCase: planned.reduce((s, c) => s + c.worstCase, 0), maxCredits: options.maxCredits };
}

/**
 * A conformance run: plan and price every case, refuse to start over budget, check the target answers
 * (key status is free), then run the cases and return what happened. Nothing here writes files or
 * prints; reporters do.
 */
export async function runConformance(options: RunOptions): Promise<RunOutcome> {
  const started = performance.now();
  const startedAt = new Date().toISOString();
  const warnings: string[] = [];
  const plan = planRun(options.cases, options);
  if (plan.worstCase > options.maxCredits) {
    throw new BudgetError(
      `the selected cases may cost up to ${plan.worstCase} Credits, more than ` +
        `--max-credits ${options.maxCredits}; raise the limit or select fewer cases (--only, --tag)`,
      plan,
    );
  }
  const credentials = new Credentials(options.apiKey, options.secondKey);
  const observed = new Observed();
  const implementation = new Implementation(options.implementation ?? {}, observed);
  const httpOptions: HttpClientOptions = {
    baseUrl: options.baseUrl,
    timeoutMs: options.timeoutMs,
    connections: Math.max(2, options.concurrency * 2),
    ...(options.maxBodyBytes ? { maxBodyBytes: options.maxBodyBytes } : {}),
  };
  const http = options.httpClient ? options.httpClient(httpOptions, credentials) : new HttpClient(httpOptions);
  try {
    const preflight = await sendRequest(prepareRequest({ operation: "getKeyStatus" }), http, credentials);
    if (preflight.error) throw new UnreachableError(`cannot reach ${http.baseUrl.href}: ${preflight.error}`);
    const prefix = /^[A-Za-z]{1,10}_/.exec(options.apiKey)?.[0];
    observed.set("key_prefix", prefix ?? null, "s5-key-prefix");
    const meter = new BalanceMeter(http, credentials, implementation, options.freshBalance ?? false);
    const balanceBefore = isSuccess(preflight) ? await meter.read("primary") : { error: `HTTP ${preflight.status}` };
    const preflightAnswer = classifyAnswer(preflight);
    if (preflightAnswer.kind === "refusal") {
      const status = preflightAnswer.summary;
      warnings.push(`GET /auth/key/status refused the key (${status}): Credit checks will fail; is the key right?`);
    } else if (preflightAnswer.kind === "neither") {
      warnings.push(
        `GET /auth/key/status did not answer with a success (${preflightAnswer.reason}): Credit checks will fail`,
      );
    }
    if (isSuccess(preflight) && balanceBefore.value !== undefined && balanceBefore.value < plan.worstCase)
      warnings.push(
        `the key has ${balanceBefore.value} Credits left, less than the worst case of ${plan.worstCase}; ` +
          `charged steps may be refused`,
      );
    observed.set(
      "key_status.preflight",
      isSuccess(preflight) ? getPointer(preflight.json, "/data") : { status: preflight.status },
      "s4-5-key-status-members-not-shown",
    );
    if (isSuccess(preflight)) {
      // Pace by the key's reported rate limit (a tenth below it), so that 429 stays the exception.
      const pointer = implementation.keyStatus(preflight.json).rateLimit;
      const rate = pointer
        ? requestsPerSecond(getPointer(preflight.json, pointer), pointer.split("/").pop())
        : undefined;
      if (rate !== undefined) http.ratePolicy.setRate(rate * 0.9);
      observed.set(
        "rate_limit.pacing",
        rate === undefined
          ? "not understood: 429 is retried"
          : { requests_per_second: Number((rate * 0.9).toFixed(3)) },
        "s8-rate-limit-quota-not-shown",
      );
    }

    const base = { runId: newRunId(), startedAt, baseUrl: http.baseUrl.href, plan, warnings };
    if (options.dryRun) {
      return {
        ...base,
        dryRun: true,
        durationMs: Math.round(performance.now() - started),
        results: [],
        observed: observed.toJSON(),
        credits: {
          estimated: plan.worstCase,
          limit: options.maxCredits,
          spent: 0,
          ...(balanceBefore.value !== undefined ? { balanceBefore: balanceBefore.value } : {}),
        },
      };
    }

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
    const raw = await runCases(
      options.cases,
      {
        http,
        credentials,
        state,
        budget,
        meter,
        lock: new BalanceLock(),
        bogus,
        generators: createGenerators({
          bogus,
          ...(options.generators ? { extra: options.generators } : {}),
          ...(options.generated ? { generated: options.generated } : {}),
        }),
        versionReserve: options.versionCostReserve ?? 1,
        concurrency: options.concurrency,
        timeoutMs: options.timeoutMs,
        ...(options.mcpTools ? { mcpTools: options.mcpTools } : {}),
        ...(options.depth ? { depth: options.depth } : {}),
        ...(balanceBefore.value !== undefined ? { initialBalance: balanceBefore.value } : {}),
        ...(options.onCaseStart ? { onCaseStart: options.onCaseStart } : {}),
        ...(options.strict ? { strict: true } : {}),
        ...(options.record ? { record: options.record } : {}),
        ...(options.evidenceBytes !== undefined ? { evidenceBytes: options.evidenceBytes } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
        onCaseDone: (r) => options.onCaseDone?.(applyExpectations(r, options.expectations ?? new Map())),
      },
      versionCost,
    );
    const results = raw.map((r) => applyExpectations(r, options.expectations ?? new Map()));
    const stoppedAfter = http.health.stopped;
    let stopped: RunOutcome["stopped"];
    if (stoppedAfter !== undefined) {
      const notRun = results.filter((r) => r.status === "skipped" && r.reason?.startsWith("not run:")).map((r) => r.id);
      stopped = { reason: `the deployment was unreachable: the run stopped after ${stoppedAfter}`, notRun };
      const list = notRun.length ? ` (${notRun.join(", ")})` : "";
      warnings.unshift(`${stopped.reason}; ${notRun.length} of ${results.length} cases did not run${list}`);
    }
    const balanceAfter = balanceBefore.value !== undefined ? await meter.read("primary", true) : {};
    if (versionCost.observed !== undefined)
      observed.set("credits.getVersion", versionCost.observed, "s8-cost-version-not-shown");
    const ran = new Set(results.map((r) => r.id));
    const interrupted = options.signal?.aborted
      ? {
          by: options.interruptedBy?.() ?? "an interrupt",
          notRun: options.cases.filter((c) => !ran.has(c.id)).map((c) => c.id),
        }
      : undefined;
    return credentials.redactValue({
      ...base,
      dryRun: false,
      ...(interrupted ? { interrupted } : {}),
      durationMs: Math.round(performance.now() - started),
      results,
      ...(stopped ? { stopped } : {}),
      observed: observed.toJSON(),
      credits: {
        estimated: plan.worstCase,
        limit: options.maxCredits,
        spent:
          balanceBefore.value !== undefined && balanceAfter.value !== undefined
            ? balanceBefore.value - balanceAfter.value
            : budget.spent,
        ...(balanceBefore.value !== undefined ? { balanceBefore: balanceBefore.value } : {}),
        ...(balanceAfter.value !== undefined ? { balanceAfter: balanceAfter.value } : {}),
      },
    });
  } finally {
    await http.close();
  }
}
