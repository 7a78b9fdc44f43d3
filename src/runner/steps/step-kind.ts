import type { CaseMcpSessions } from "./mcp-sessions.js";
import type { OperationId } from "../../contract/index.js";
import type { HttpClient } from "../../client/http.js";
import type { Credentials } from "../credentials.js";
import type { ToolNameMap } from "../../client/tool-match.js";
import type { AuthMode, CheckStatus, Exchange } from "../../checks/exchange.js";
import type { ResponseView } from "../../checks/views.js";

/** How deep a run samples: `quick` (the default) or `thorough` (more records, a larger Credit allowance). */
export type Depth = "quick" | "thorough";

/** What a step will do, worked out from its resolved spec before anything is sent. */
export interface StepPlan {
  readonly operationId?: OperationId;
  readonly auth: AuthMode;
  /** Most Credits the step can cost (all its requests). */
  readonly worstCase: number;
  /** Most items (IDs or records) its responses can hold: the bound of a captured list while estimating. */
  readonly maxItems: number;
  /** The request body as sent (parsed), for checks that compare against it. */
  readonly body?: unknown;
}

export interface PlanContext {
  readonly bogus: ReadonlySet<string>;
  readonly versionCost: number;
  readonly idsBound?: number;
  /** The run's depth (--depth); kinds that sample data size their work, and their worst case, by it. */
  readonly depth?: Depth;
}

/** Ends an admission, with the exchanges its requests gave. */
type AdmittedRelease = (answered?: readonly Exchange[]) => void;

export interface ExecuteContext {
  readonly http: HttpClient;
  readonly credentials: Credentials;
  /** The run's --timeout: the deadline of each exchange on a surface other than the HttpClient's (MCP). */
  readonly timeoutMs: number;
  /** Tool names pinned in the config (`mcp.tools`). */
  readonly mcpTools?: ToolNameMap;
  /** The run's depth (--depth). */
  readonly depth?: Depth;
  /** A response read through the contract and the run's detected member names (IDs, records, total, next). */
  readonly view?: (exchange: Exchange, operationId: OperationId) => ResponseView;
  /** Aborted when the run is interrupted: a kind that sends several requests sends no further one. */
  readonly signal?: AbortSignal;
  /**
   * Waits until a request that may be charged can be sent (no Credit measurement is closing) and returns the release
   * to call with the exchanges it gave once it is answered (src/runner/measure.ts prices them by §8; none: the cost
   * is not known). Kinds that set `admitsEachRequest` send every request through it.
   */
  readonly admit?: () => Promise<AdmittedRelease>;
  /** The MCP sessions of the step's case, which its tool calls share (src/runner/steps/mcp-sessions.ts). */
  readonly mcpSessions?: CaseMcpSessions;
}

/**
 * One verdict a step reached itself (a kind that sends many generated requests and judges them as it goes):
 * the engine reports it like a check's outcome, with the curl command of `exchange`.
 */
export interface StepFinding {
  /** The name the verdict is reported under (the oracle or relation that failed). */
  readonly check: string;
  readonly status: CheckStatus;
  readonly message: string;
  readonly expected?: unknown;
  readonly actual?: unknown;
  /** Index into the execution's exchanges of the request that shows it. */
  readonly exchange?: number;
  /** Indexes of further exchanges the finding is read against (shown beside `exchange` in reports). */
  readonly related?: readonly number[];
  /** The clauses the finding rests on (as CheckOutcome.clause): its verdict and the clauses it marks failed. */
  readonly clause?: readonly string[];
}

/** Something a step saw where the specification leaves the choice to the deployment (reported as observed). */
export interface StepObservation {
  readonly topic: string;
  readonly value: unknown;
  readonly clause?: string;
}

export interface StepExecution {
  readonly exchanges: readonly Exchange[];
  /** Set when the step could not reach a verdict (e.g. a set too large to page within its limit). */
  readonly inconclusive?: string;
  /** Set when the exchange itself broke the contract in a way no single response shows (e.g. a cursor loop). */
  readonly failure?: string;
  /** Verdicts the step reached itself, each naming the exchange that shows it. */
  readonly findings?: readonly StepFinding[];
  /** What the step observed (added to the report's observed section). */
  readonly observations?: readonly StepObservation[];
}

/**
 * A step kind: the one member of a step that says what it does (`request:`, `paginate:`, ...).
 * Register a new kind in src/runner/steps/index.ts; its `schema` (the JSON Schema of the member) is
 * merged into suites/case.schema.json when suites load.
 */
export interface StepKind {
  /** JSON Schema of the member; omitted for kinds defined in suites/case.schema.json itself. */
  readonly schema?: object;
  plan(spec: unknown, ctx: PlanContext): StepPlan;
  execute(spec: unknown, ctx: ExecuteContext): Promise<StepExecution>;
  /**
   * Every request is admitted alone through `ExecuteContext.admit`, so a step of many requests does not keep Credit
   * measurements waiting for its whole length; otherwise the engine admits the whole step at once.
   */
  readonly admitsEachRequest?: true;
}
