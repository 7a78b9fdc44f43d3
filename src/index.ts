/** The public API of tdss. */
export { loadContract, creditCost, formatContractSummary } from "./contract/index.js";
export type { Contract, Clause, ClauseKind, Dataset, FieldSpec, Operator, OperationId, CreditFormulaName } from "./contract/index.js";
export {
  lint,
  applyFixes,
  fixSource,
  classify,
  formatReport,
  lintCorpus,
  type Consequence,
  type Diagnostic,
  type Fix,
  type LintOptions,
  type RouteName,
  type ScopeOverrides,
  type Severity,
  type Suggestion,
  type CorpusEntry,
  type FileReport,
  type FormatName,
} from "./lint/index.js";
export { startReferenceServer, createReferenceService, DEMO_KEYS, MUTANTS, findMutant } from "./reference/index.js";
export type { ReferenceServer, ReferenceServerOptions, KeySpec, Service, ServiceResponse, Faults, Mutant, PersonInput, JobInput, CompanyInput, StoreInput } from "./reference/index.js";
export { createMcpHandler, deriveTools, ToolAgreementError, MCP_PATHS, MCP_REVISIONS } from "./reference/mcp/index.js";
export type { McpHandler, McpHandlerOptions, McpFaults, ToolDefinition } from "./reference/mcp/index.js";
export { openMcpSession, MCP_TRANSPORT_SPEC, type McpSession, type McpTransportKind, type ToolCallOutcome } from "./client/mcp.js";
export { runConformance, planRun, BudgetError, UnreachableError, type RunOptions, type RunOutcome, type RunPlan } from "./runner/run.js";
export { loadSuites, selectCases, SuiteError } from "./runner/suites.js";
export { loadConfig, ConfigError, type RunConfig } from "./runner/config.js";
export { loadExpectations } from "./runner/expectations.js";
export type { CaseDef, CaseResult, CaseStatus, CaseFailure, Exchange } from "./runner/types.js";
export { CHECKS, type Check, type CheckContext, type CheckOutcome } from "./checks/index.js";
export { STEP_KINDS, type StepKind } from "./runner/steps/index.js";
export { buildReport, writeReports, type Report } from "./report/index.js";
export { runSelftest, writeSelftestReport, formatConsole as formatKillMatrix, type SelftestOptions, type SelftestReport, type MutantRow, type CaseRow } from "./selftest/index.js";
