/**
 * The public API of `tdss`: the Query Spec linter and the contract it reads. The other parts load only when
 * asked for, each from its own entry point (README, "Library"): `tdss/reference` (the reference server),
 * `tdss/runner` (conformance runs and selftest), `tdss/gateway`, `tdss/rules` (the rules and their Spectral
 * ruleset) and `tdss/types` (typed queries).
 */
export { loadContract, creditCost } from "./contract/index.js";
export type { Contract, Clause, ClauseKind, Dataset, FieldSpec, Operator, OperationId } from "./contract/index.js";
export {
  lint,
  applyFixes,
  fixSource,
  classify,
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
} from "./linter/index.js";
