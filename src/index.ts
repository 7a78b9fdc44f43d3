/** The public API of tdss. */
export { loadContract, creditCost, formatContractSummary } from "./contract/index.js";
export type { Contract, Clause, ClauseKind, Dataset, FieldSpec, Operator, OperationId, CreditFormulaName } from "./contract/index.js";
