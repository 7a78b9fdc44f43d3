import { bodyOperation } from "../contract/index.js";
import type { Observed } from "./observed.js";

/**
 * Records that a refresh of the data (§1, s1-snapshot-data-lag) changed what a comparison rests on, under the topic
 * `second-look.snapshot-changed.<dataset>` of the route `operationId` (spec/catalog/choices.yaml): an observation,
 * never a failure (docs/verdicts.md).
 */
export function observeSnapshotChanged(observed: Observed, operationId: string | undefined, what: string): void {
  const dataset = (operationId && bodyOperation(operationId)?.dataset) ?? "other";
  observed.add(`second-look.snapshot-changed.${dataset}`, what, "s1-snapshot-data-lag");
}
