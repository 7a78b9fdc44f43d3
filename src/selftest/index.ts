/** Suite strength (`tdss selftest`): the suites against the reference server and its mutants, and the kill matrix. */
export { runSelftest, writeSelftestReport, defaultWorkers, NoMutantError, type SelftestOptions } from "./selftest.js";
export { formatConsole, formatMutantLine } from "./format.js";
export { type SelftestReport, type MutantRow, type CaseRow } from "./matrix.js";
