import type { Dataset } from "../../contract/index.js";
import type { OracleFailure, OracleRequests } from "../semantics/oracle-requests.js";
import { SemanticOracles } from "../semantics/oracles.js";

/**
 * What a test's own session of the search-semantics oracles records: the failures they report and what they observe.
 * A test's session extends it with the searches and detail calls it answers (src/runner/semantics/*.test.ts).
 */
export abstract class RecordingOracleSession {
  readonly failures: OracleFailure[] = [];
  readonly observations: { topic: string; value: unknown; clause?: string }[] = [];

  fail(failure: OracleFailure): void {
    this.failures.push(failure);
  }

  observe(topic: string, value: unknown, clause?: string): void {
    this.observations.push({ topic, value, ...(clause ? { clause } : {}) });
  }
}

/** The oracles of a dataset as the oracle tests run them: two samples, two partitions, over a test's own session. */
export function testOracles(session: OracleRequests, dataset: Dataset = "people"): SemanticOracles {
  return new SemanticOracles(session, { dataset, samples: 2, partitions: 2 });
}
