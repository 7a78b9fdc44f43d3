import type { Dataset } from "../../contract/index.js";
import type { QueryNode } from "./judge.js";

export interface SearchResult {
  readonly refused: boolean;
  readonly ids: readonly string[];
  readonly total: unknown;
  readonly hasNext: boolean;
  /** Index of the exchange (for the failure's curl command). */
  readonly exchange: number;
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
  fail(check: string, message: string, exchange: number, expected?: unknown, actual?: unknown): void;
  observe(topic: string, value: unknown, clause?: string): void;
}
