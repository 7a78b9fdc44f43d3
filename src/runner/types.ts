import type { RestingClause } from "./verdict.js";
import type { RecordedExchange } from "./evidence.js";

/** A named check with its (templated) arguments, as written under `expect:`. */
export interface CheckCall {
  readonly name: string;
  readonly args: unknown;
  /** The clause id(s) a failure of this call rests on (may be a template); see src/runner/verdict.ts. */
  readonly clause?: unknown;
  /**
   * The name of an earlier `request` step this call compares an answer with: where the call fails, that step is asked
   * once more after this one and the call judged again with its second answer's captures, since a refresh of the data
   * may fall between the two (src/runner/stages/second-look.ts, docs/verdicts.md).
   */
  readonly secondLook?: string;
  /**
   * The name of an earlier `request` step whose records this call's request was built from (a query narrowed by their
   * own values): where the call fails, that step is asked once more for the case, and when it answers otherwise (a
   * record gone or changed by a refresh, §1) the failure is observed, not failed: the data the call rests on changed
   * mid-comparison (src/runner/stages/second-look.ts, docs/verdicts.md).
   */
  readonly observedIfChanged?: string;
}

/** How a step's Credits are verified from the key-wide balance (§8). */
export type CreditsExpectation = "charged" | "free" | "observe";

/** One step of a case as loaded from a suite file (templates not yet resolved). */
export interface StepDef {
  readonly name?: string;
  /** The step kind: the one member of the step naming a registered kind (request, paginate, ...). */
  readonly kind: string;
  /** That member's value. */
  readonly spec: unknown;
  /** Values computed before the step is sent (generators), usable by this step and later ones. */
  readonly let: Readonly<Record<string, unknown>>;
  readonly captures: Readonly<Record<string, string>>;
  readonly expect: readonly CheckCall[];
  readonly credits?: CreditsExpectation;
  /** An upper bound on the IDs a search can return, established by an earlier step (e.g. its total). */
  readonly worstCase?: { readonly ids: unknown; readonly atMost: number };
  /** Repeat the step for every combination of these lists; each name is a variable in templates. */
  readonly forEach?: Readonly<Record<string, unknown>>;
  /** The clause id(s) the step's checks without their own `clause`, and its Credits, rest on (may be a template). */
  readonly clause?: unknown;
}

export interface CaseDef {
  /** `<area>/<id in file>`; unique across the suites. */
  readonly id: string;
  readonly area: string;
  readonly title: string;
  readonly clauses: readonly string[];
  readonly tags: readonly string[];
  /**
   * `second_key`: the case needs the configured exhausted key; `inactive_key`: the configured inactive key. Without
   * it, the case is not run (configuration).
   */
  readonly requires: readonly string[];
  /** `last`: runs after every other case (e.g. scans what the others fetched). */
  readonly runs?: "last";
  /** Variables bound before the first step: the item of a case-level `for_each` this case was made for. */
  readonly vars?: Readonly<Record<string, unknown>>;
  readonly steps: readonly StepDef[];
  /** Suite file, relative to the package root, for messages. */
  readonly file: string;
}

export type CaseStatus = "passed" | "failed" | "skipped" | "expected-failure" | "unexpected-pass" | "drift";

export interface CaseFailure {
  readonly step: string;
  readonly check: string;
  readonly message: string;
  /** The clause the failure rests on, quoted (a `must` clause; a reading under --strict). */
  readonly clause?: RestingClause;
  /** Set under --strict on a failure that rests on the project's reading, not on a `must` clause. */
  readonly reading?: true;
  readonly expected?: unknown;
  readonly actual?: unknown;
  /** curl command reproducing the request, with the key replaced by $TDSS_API_KEY. */
  readonly curl?: string;
  /** The clauses of the case this failure shows broken (src/checks/failed-clauses.ts). */
  readonly clauses?: readonly string[];
  /** Index in the case's `exchanges` of the exchange that failed. */
  readonly exchange?: number;
  /** Indexes in the case's `exchanges` of further exchanges the failure is read against, beside `exchange`. */
  readonly related?: readonly number[];
  /**
   * What went wrong only because of this failure, in the same step (a refusal expected, the request served, and so
   * charged): reported with it, never as a failure of its own.
   */
  readonly consequences?: readonly Consequence[];
}

export interface Consequence {
  readonly check: string;
  readonly message: string;
  readonly expected?: unknown;
  readonly actual?: unknown;
}

export interface CaseResult {
  readonly id: string;
  readonly area: string;
  readonly title: string;
  readonly clauses: readonly string[];
  readonly tags: readonly string[];
  readonly status: CaseStatus;
  readonly durationMs: number;
  readonly requests: number;
  /**
   * Its longest chain of requests that wait for each other (src/client/round-trips.ts): with a network latency L,
   * the case cannot take less than roundTrips × L.
   */
  readonly roundTrips?: number;
  /** Credits this case spent, as measured or computed from what was returned. */
  readonly credits: number;
  readonly failures: readonly CaseFailure[];
  /**
   * Outcomes that rest on the project's reading of an ambiguous or implementation-defined clause (never a
   * failure of the run without --strict): the clause, the reading, and what the deployment did.
   */
  readonly warnings: readonly CaseFailure[];
  /** Why the case was skipped, or why a failure was expected. */
  readonly reason?: string;
  /** Set on a case that was not run (or not run to its end), with why: never a verdict (src/runner/not-run.ts). */
  readonly notRun?: NotRunCategory;
  /** The exchanges kept as evidence: those a failure refers to, or every one with `--record all`. */
  readonly exchanges?: readonly RecordedExchange[];
}

/**
 * Why a case was not run (or not run to its end): never a verdict on the deployment (docs/verdicts.md, "Not run").
 *
 * - `unreachable`: the deployment stopped answering and the run stopped sending (docs/runner-robustness.md);
 * - `no answer`: a request of the case got no answer within --timeout (or its connection failed, or its body passed
 *   the cap), while the run went on;
 * - `balance`: the tester's key cannot pay for the case (its balance ran out, it was refused, or `--fit-balance` left
 *   the case out), or another client spends on it, so the case's Credits cannot be measured;
 * - `rate limit`: the tester's key was still rate limited after the transport's retries;
 * - `scope`: the tester's key lacks the scope of a route the case calls: the route refused the active key, which can
 *   pay, on the case's request and on a free probe, while key status lists the key's scopes (src/runner/key-scopes.ts);
 * - `budget`: the case no longer fits the run's `--max-credits`;
 * - `interrupted`: SIGINT or SIGTERM;
 * - `data`: the deployment's data does not hold what the case needs (a template, a bound, a set too large to page);
 * - `configuration`: the run lacks what the case needs (a second or an inactive key).
 */
export type NotRunCategory =
  | "unreachable"
  | "no answer"
  | "balance"
  | "rate limit"
  | "scope"
  | "budget"
  | "interrupted"
  | "data"
  | "configuration";
