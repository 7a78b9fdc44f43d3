import type { StepKind } from "./step-kind.js";
import { MCP_STEP_KINDS } from "./mcp-steps.js";
import { narrowStep } from "./narrow.js";
import { paginateStep } from "./paginate.js";
import { requestStep } from "./request.js";
import { semanticsStep } from "./semantics.js";
import { verifyStep } from "./verify.js";

export type { StepKind, StepPlan, StepExecution, Depth } from "./step-kind.js";

/**
 * Every step kind, by the member name that selects it in a suite file. Extension point: a new surface
 * (e.g. MCP tool calls) adds `src/runner/steps/<kind>.ts` exporting a StepKind (with its member's JSON
 * Schema in `schema`) and one line here; the engine, the budget and the checks need no change, since
 * a kind returns transport-neutral Exchanges whose `json` holds the service envelope.
 */
export const STEP_KINDS: Readonly<Record<string, StepKind>> = {
  request: requestStep,
  paginate: paginateStep,
  narrow: narrowStep,
  verify: verifyStep,
  semantics: semanticsStep,
  ...MCP_STEP_KINDS,
};
