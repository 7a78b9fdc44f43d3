/** Suite strength (`tdss selftest`): the suites against the reference server and its mutants, and the kill matrix. */
export { runSelftest, writeSelftestReport, defaultWorkers, NoMutantError, type SelftestOptions } from "./selftest.js";
export { formatConsole, formatMarkdown, formatMutantLine } from "./format.js";
export {
  buildMatrix,
  type SelftestReport,
  type SelftestSummary,
  type MutantRow,
  type CaseRow,
  type CorrectRun,
  type MutantStatus,
} from "./matrix.js";
export { casesFor, planJobs, selectMutants, DATASET_PROFILES, type Job, type ProfileName } from "./plan.js";
