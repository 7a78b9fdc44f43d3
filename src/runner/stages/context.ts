import type { CaseMcpSessions } from "../steps/mcp-sessions.js";
import type { CheckOutcome, RunState } from "../../checks/index.js";
import type { Exchange } from "../../checks/exchange.js";
import type { HttpClient } from "../../client/http.js";
import type { BalanceMeter, BalanceReading } from "../balance.js";
import type { Budget } from "../budget.js";
import type { Credentials } from "../credentials.js";
import { MeasurementWindows } from "../measure.js";
import { EvidenceLog } from "../evidence.js";
import type { KeyLimits } from "../key-limits.js";
import { NotRun } from "../not-run.js";
import type { StepExecution, StepPlan } from "../steps/index.js";
import type { Generator, TemplateScope } from "../template.js";
import type { CaseDef, CaseFailure, StepDef } from "../types.js";
import type { RunOptions } from "../run-options.js";

/** What the engine takes from the run's options as they are (src/runner/run-options.ts documents each). */
type EngineOptions = Pick<
  RunOptions,
  | "concurrency"
  | "timeoutMs"
  | "mcpTools"
  | "depth"
  | "onCaseStart"
  | "onCaseDone"
  | "strict"
  | "record"
  | "evidenceBytes"
  | "signal"
> &
  Required<Pick<RunOptions, "versionCostReserve">>;

export interface EngineDeps extends EngineOptions {
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
  /** The MCP sessions of the case being run (src/runner/steps/mcp-sessions.ts). */
  readonly mcpSessions?: CaseMcpSessions;
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

/**
 * A request of `label` got no answer (`why`: a timeout, a failed connection, ...): the case is not run, for the run
 * having stopped sending when it has, else for this request alone (docs/verdicts.md, "Not run").
 */
export function noAnswer(label: string, why: string, deps: Pick<EngineDeps, "http">): NotRun {
  const stopped = deps.http.health.stopped;
  if (stopped !== undefined) return unreachable(stopped);
  return new NotRun("no answer", `${label} got no answer to judge: ${why}`);
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
  /** The named `request` steps sent so far, which a later check's `second_look` may ask again (second-look.ts). */
  readonly earlier: Map<string, EarlierStep>;
  /**
   * The earlier steps asked once more for the case by a check's `observed_if_changed` (second-look.ts), by name: the
   * captures that answered otherwise, or undefined when the step gave no usable answer.
   */
  readonly dataLooks: Map<string, Promise<DataLook | undefined>>;
}

/** An earlier step asked once more: the captures it answered otherwise, and those it no longer holds (a record gone) */
interface DataLook {
  readonly changed: readonly string[];
  readonly missing: readonly string[];
  readonly exchange: Exchange;
}

/** An earlier step a later check may ask again (second-look.ts): its request as it was sent, and what it captured. */
interface EarlierStep {
  readonly step: StepDef;
  readonly prepared: PreparedExpansion;
  readonly captured: Readonly<Record<string, unknown>>;
}

/** A non-passing outcome with the clause ids it was said to rest on (src/runner/verdict.ts resolves them). */
export interface Judged {
  readonly check: string;
  readonly outcome: CheckOutcome;
  readonly named?: readonly string[];
  /** An exchange outside the step's own that shows the fault (the key status answer that gave no balance). */
  readonly shownBy?: Exchange;
  /** Exchanges outside the step's own the fault is read against too (a second look's answer), shown beside it. */
  readonly alongside?: readonly Exchange[];
  /**
   * The outcome presupposes the answer the step's other checks expect (the Credits of a refusal, of a success):
   * where one of them did not pass, this one follows from it and is reported as its consequence, never on its own.
   */
  readonly presupposes?: true;
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
