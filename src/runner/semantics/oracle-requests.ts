import type { Dataset } from "../../contract/index.js";
import type { QueryNode } from "./judge.js";

/** The step's Credit allowance is used up: the oracles stop and the step says what it could not try. */
export class AllowanceSpent extends Error {}

export interface SearchResult {
  /** No IDs to use: the deployment refused the query, or answered neither IDs nor a refusal (then `failed`). */
  readonly refused: boolean;
  /**
   * Why the answer was neither a success nor a refusal (a 5xx, a 3xx, a body outside the envelope, as
   * src/checks/answer.ts reads them), which is never a reading's refusal: the oracle that sent the query fails on it.
   */
  readonly failed?: string;
  readonly ids: readonly string[];
  readonly total: unknown;
  readonly hasNext: boolean;
  /** Index of the exchange (for the failure's curl command). */
  readonly exchange: number;
}

/** What an oracle found broken: the clauses it rests on and the exchanges that show it. */
export interface OracleFailure {
  /** The oracle or relation that failed (retrievability, relation, soundness, partition). */
  readonly check: string;
  readonly message: string;
  /** The clauses the failure rests on, the one it breaks first (src/runner/verdict.ts takes the first `must`). */
  readonly clauses: readonly string[];
  /** The exchange that shows the fault (its curl command goes in the report). */
  readonly exchange: number;
  /** Further exchanges the fault is read against (e.g. the whole query whose parts disagree with it). */
  readonly related?: readonly number[];
  readonly expected?: unknown;
  readonly actual?: unknown;
}

export interface DetailResult {
  readonly refused: boolean;
  readonly records: readonly Record<string, unknown>[];
  readonly exchange: number;
}

/**
 * What the oracles ask of the step that runs them (src/runner/steps/oracle-session.ts): searches and detail calls
 * priced within the step's allowance, and the findings and observations they report.
 */
export interface OracleRequests {
  search(dataset: Dataset, where: QueryNode, size: number): Promise<SearchResult>;
  detail(dataset: Dataset, ids: readonly string[], source?: readonly string[]): Promise<DetailResult>;
  fail(failure: OracleFailure): void;
  observe(topic: string, value: unknown, clause?: string): void;
}
