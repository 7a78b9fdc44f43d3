import type { OperationId } from "../../contract/index.js";
import type { HttpClient } from "../../client/http.js";
import type { Credentials } from "../credentials.js";
import type { AuthMode, Exchange, ToolNameMap } from "../types.js";

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
}

export interface ExecuteContext {
  readonly http: HttpClient;
  readonly credentials: Credentials;
  /** The run's --timeout: the deadline of each exchange on a surface other than the HttpClient's (MCP). */
  readonly timeoutMs: number;
  /** Tool names pinned in the config (`mcp.tools`). */
  readonly mcpTools?: ToolNameMap;
  /** Aborted when the run is interrupted: a kind that sends several requests sends no further one. */
  readonly signal?: AbortSignal;
}

export interface StepExecution {
  readonly exchanges: readonly Exchange[];
  /** Set when the step could not reach a verdict (e.g. a set too large to page within its limit). */
  readonly inconclusive?: string;
  /** Set when the exchange itself broke the contract in a way no single response shows (e.g. a cursor loop). */
  readonly failure?: string;
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
}
