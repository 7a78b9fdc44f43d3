/** The Query Spec linter: `lint()`, fixes, formats, and the corpus of classified example requests. */
export { lint } from "./lint.js";
export { applyFixes, fixSource, fixOf, type FixOptions, type FixResult, type FixSourceResult } from "./fix.js";
export { classify } from "./engine.js";
export { lintCorpus, type CorpusEntry } from "./corpus.js";
export { resolveRoute, inferRoute, bodyOperations as lintableRoutes } from "../contract/routes.js";
/** A route the linter lints: an operation of the model with a body (src/contract/operations.ts). */
export type { BodyOperation as Route } from "../contract/operations.js";
export { DEFAULT_SEVERITY } from "./consequence.js";
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
} from "./types.js";
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
} from "./rule.js";
