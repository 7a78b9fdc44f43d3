/** `tdss/runner`: conformance runs against a deployment, their reports, and the mutant selftest. */
export { runConformance, planRun, BudgetError, UnreachableError, type RunOutcome, type RunPlan } from "./runner/run.js";
export type { RunOptions } from "./runner/run-options.js";
export { loadSuites, selectCases, SuiteError } from "./runner/suites.js";
export { loadConfig, ConfigError, type RunConfig } from "./runner/config.js";
export { loadExpectations } from "./runner/expectations.js";
export type { CaseDef, CaseResult, CaseStatus, CaseFailure } from "./runner/types.js";
export type { Exchange } from "./checks/exchange.js";
export { CHECKS, type Check, type CheckContext, type CheckOutcome } from "./checks/index.js";
export { STEP_KINDS, type StepKind } from "./runner/steps/index.js";
export { buildReport, writeReports, type Report } from "./report/index.js";
export {
  openMcpSession,
  MCP_TRANSPORT_SPEC,
  type McpSession,
  type McpTransportKind,
  type ToolCallOutcome,
} from "./client/mcp.js";
export {
  runSelftest,
  writeSelftestReport,
  formatConsole as formatKillMatrix,
  type SelftestOptions,
  type SelftestReport,
  type MutantRow,
  type CaseRow,
} from "./selftest/index.js";
