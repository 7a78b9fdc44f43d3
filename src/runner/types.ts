import type { OperationId } from "../contract/index.js";
import type { RestingClause } from "./verdict.js";
import type { RecordedExchange } from "./evidence.js";
import type { NotRunCategory } from "./not-run.js";

/**
 * Deployed MCP tool names by route, pinned in the config's `mcp.tools` for a deployment whose names do not end
 * with the §4.1 suffix (s4-1-tools-list-authoritative); routes left out are matched by suffix.
 */
export type ToolNameMap = Readonly<Partial<Record<OperationId, string>>>;

/** Which credential a request carries (§5). `second` is the configured exhausted key. */
export const AUTH_MODES = ["primary", "second", "none", "malformed", "unknown"] as const;
export type AuthMode = (typeof AUTH_MODES)[number];

/** A named check with its (templated) arguments, as written under `expect:`. */
export interface CheckCall {
  readonly name: string;
  readonly args: unknown;
  /** The clause id(s) a failure of this call rests on (may be a template); see src/runner/verdict.ts. */
  readonly clause?: unknown;
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
  /** `second_key`: the case needs the configured exhausted key, and is skipped without it. */
  readonly requires: readonly string[];
  /** `last`: runs after every other case (e.g. scans what the others fetched). */
  readonly runs?: "last";
  /** Variables bound before the first step: the item of a case-level `for_each` this case was made for. */
  readonly vars?: Readonly<Record<string, unknown>>;
  readonly steps: readonly StepDef[];
  /** Suite file, relative to the package root, for messages. */
  readonly file: string;
}

/** The request a step sent (key already replaced when stored in a report). */
export interface SentRequest {
  readonly method: string;
  readonly path: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
  readonly operationId?: OperationId;
  readonly auth: AuthMode;
}

/**
 * One request and what came back, transport-neutral so that checks serve every surface: an HTTP step
 * fills status and headers, another surface (MCP) may leave them out and fill `json` with the envelope.
 */
export interface Exchange {
  readonly request: SentRequest;
  /**
   * An MCP tool call the server answered with a tool result marked `isError: true`: the call was refused, whatever the
   * body it carries (§7: the shape of failures is not shown).
   */
  readonly toolError?: boolean;
  /**
   * An MCP tool call the server answered with a JSON-RPC error response instead of a result: MCP's protocol-level
   * form of a refusal (invalid arguments, an unknown tool), which `src/checks/answer.ts` reads as one. A timeout or
   * a closed connection is never here but in `error` (src/client/mcp.ts).
   */
  readonly rpcError?: { readonly code: number; readonly message: string };
  readonly status?: number;
  readonly headers?: Readonly<Record<string, string>>;
  readonly bodyText?: string;
  /** The parsed body, when it parsed as JSON. */
  readonly json?: unknown;
  /** Why the body is not JSON, when it is not. */
  readonly jsonError?: string;
  /** Transport failure (timeout, reset, oversized body, ...). */
  readonly error?: string;
  /**
   * The key's rate limit stopped the exchange, whatever else it carries (HTTP 429 in `status`, a tool result whose
   * envelope code is 429, a JSON-RPC error or an MCP session refused for rate, or `error` "not sent: ..."): every
   * retry its deadline allowed was made (src/client/rate-policy.ts). The tester's limit, not the deployment's fault.
   */
  readonly rateLimited?: true;
  readonly durationMs: number;
}

export type CheckStatus = "pass" | "fail" | "drift";

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
