/** The Query Spec linter: `lint()`, fixes, formats, and the corpus of classified example requests. */
export { lint } from "./lint.js";
export { applyFixes, fixSource, fixOf, type FixOptions, type FixResult, type FixSourceResult } from "./fix.js";
export { classify } from "../lint/engine.js";
export { lintCorpus, type CorpusEntry } from "../lint/corpus.js";
export { resolveRoute, inferRoute, bodyOperations as lintableRoutes } from "../contract/routes.js";
/** A route the linter lints: an operation of the model with a body (src/contract/operations.ts). */
export type { BodyOperation as Route } from "../contract/operations.js";
export { DEFAULT_SEVERITY } from "../lint/consequence.js";
export type {
  Consequence,
  Diagnostic,
  Fix,
  LintOptions,
  LintableOperationId,
  RouteName,
  ScopeOverrides,
  Severity,
  Suggestion,
} from "../lint/types.js";
export type {
  Rule,
  RuleMeta,
  RuleContext,
  Visitors,
  NodeInfo,
  LeafNode,
  CompositeNode,
  ScopeNode,
  BodyInfo,
} from "../lint/rule.js";
