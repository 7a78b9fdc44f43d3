import type { BodyOperationId } from "../contract/index.js";
import type { RouteName } from "../contract/routes.js";

/** What happens if the request is sent (docs/design.md, "Consequence classes of a lint diagnostic"). */
export type Consequence = "refused" | "empty" | "broadened" | "narrowed" | "unspecified" | "cost" | "style";
export type Severity = "error" | "warning" | "info";

/**
 * One replacement in the input text, as ESLint's fixer makes them: the UTF-16 code units
 * [range[0], range[1]) become `text` (an empty range inserts). Offsets count in the text after a
 * leading byte order mark; for a parsed value, in `JSON.stringify(value)`.
 */
export interface TextEdit {
  readonly range: readonly [number, number];
  readonly text: string;
}

/**
 * A fix: edits of the input text, applied together. Only the bytes inside the ranges change, so
 * numbers, escapes, line endings, key order and every untouched line stay as written.
 */
export interface Fix {
  readonly edits: readonly TextEdit[];
}

export interface Suggestion {
  readonly message: string;
  /** Present where the suggestion can be applied: the text edits that make it. */
  readonly fix?: Fix;
}

export interface Diagnostic {
  readonly ruleId: string;
  /** Which of the rule's messages this is (its `meta.messages` key): a form finer than the rule, e.g. `exists`. */
  readonly messageId: string;
  /** The values the message template was filled with (`{{name}}` → `data.name`); empty when it has none. */
  readonly data: Readonly<Record<string, unknown>>;
  readonly severity: Severity;
  readonly consequence: Consequence;
  /** RFC 6901 JSON Pointer into the input document, at the narrowest offending member. */
  readonly path: string;
  /** 1-based; present when the input was JSON text. */
  line?: number;
  /** 1-based, in UTF-16 code units; present when the input was JSON text. */
  column?: number;
  readonly message: string;
  readonly clauses: readonly string[];
  readonly suggestions: readonly Suggestion[];
  /** A fix that keeps the meaning of the request (applied by --fix). */
  readonly fix?: Fix;
}

/** Route names `lint` accepts: an operationId of a route with a body, or a dataset for its search. */
export type { RouteName };
/** The operations the linter lints: those with a request body (src/contract/operations.ts). */
export type LintableOperationId = BodyOperationId;

/**
 * A user's reading of the scope table: field name to sub-record (`experience`, `has_experience`, ...) or null (person
 * level).
 */
export type ScopeOverrides = Readonly<Record<string, string | null>> | ReadonlyMap<string, string | null>;

export interface LintOptions {
  /** The route the body is sent to; inferred from the body's members when omitted (queryPeople by default). */
  readonly route?: RouteName;
  /** Overrides of the scope membership table (clause s4-2-scope-membership). */
  readonly scopes?: ScopeOverrides;
  /** Per-rule severity, or "off". */
  readonly rules?: Readonly<Record<string, Severity | "off">>;
  /** The day relative dates are resolved against (contradiction checks); today by default. */
  readonly now?: Date;
}
