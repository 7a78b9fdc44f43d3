import type { CheckOutcome, RunState } from "../../checks/index.js";
import type { HttpClient } from "../../client/http.js";
import type { BalanceMeter, BalanceReading } from "../balance.js";
import type { Budget } from "../budget.js";
import type { Credentials } from "../credentials.js";
import { MeasurementWindows } from "../measure.js";
import { EvidenceLog } from "../evidence.js";
import type { KeyLimits } from "../key-limits.js";
import { NotRun } from "../not-run.js";
import type { Depth, StepExecution, StepPlan } from "../steps/index.js";
import type { Generator, TemplateScope } from "../template.js";
import type { CaseDef, CaseFailure, CaseResult } from "../types.js";
import type { ToolNameMap } from "../../client/tool-match.js";

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
export interface RunDeps extends EngineDeps {
  readonly windows: MeasurementWindows;
}

/** Run-wide value the budget needs: the observed cost of GET /version, once a step has measured it. */
export interface VersionCost {
  observed?: number;
}

/** The run stopped sending after consecutive transport failures (src/client/transport-health.ts). */
export function unreachable(stopped: string): NotRun {
  return new NotRun("unreachable", `the run stopped after ${stopped}`);
}

export interface CaseRun {
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
export interface Judged {
  readonly check: string;
  readonly outcome: CheckOutcome;
  readonly named?: readonly string[];
}

/** One expansion of a step, resolved and priced before anything is sent. */
export interface PreparedExpansion {
  readonly label: string;
  readonly scope: TemplateScope;
  readonly spec: unknown;
  readonly plan: StepPlan;
}

/** What sending one expansion gave, with the balance around it when the step measures Credits. */
export interface SentExpansion {
  readonly execution: StepExecution;
  readonly before?: BalanceReading;
  readonly after?: BalanceReading;
  /** Credits the balance says this expansion cost. */
  readonly measured?: number;
  /** Credits booked for it: measured, else the §8 formulas, else its worst case. */
  readonly spent: number;
}

/** Why a step stopped before one of its expansions: the case not run, or an expansion that cannot be sent. */
export type StepStop = { readonly notRun: NotRun } | { readonly failure: CaseFailure };
