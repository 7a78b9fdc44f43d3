import type { OperationId } from "../../contract/index.js";
import { viewOf } from "../../checks/views.js";
import type { StepExecution } from "../steps/index.js";
import type { CaseRun, EngineDeps } from "./context.js";

/** What the run keeps of a sent expansion whatever its verdict: evidence, people records to scan, observations. */
export function keep(
  execution: StepExecution,
  operationId: OperationId | undefined,
  run: CaseRun,
  deps: EngineDeps,
): void {
  if (deps.record === "all") for (const e of execution.exchanges) run.evidence.add(e);
  for (const e of execution.exchanges) {
    if ((e.request.operationId ?? operationId) === "getProfiles")
      deps.state.peopleRecords.push(...(viewOf(e, "getProfiles", deps.state.implementation).records ?? []));
  }
  for (const o of execution.observations ?? []) deps.state.observed.add(o.topic, o.value, o.clause);
}
