import type {
  BodyKind,
  BodyOperation,
  Contract,
  DatasetSpec,
  FieldSpec,
  Operator,
  ScopeKey,
  SubRecord,
} from "../contract/index.js";
import { DEFAULT_SEVERITY } from "./consequence.js";
import type { Consequence, Severity } from "./types.js";

/** Path segments from the document root; encoded as a JSON Pointer only when reported. */
export type Path = readonly (string | number)[];

export interface RuleMeta<MessageIds extends string = string> {
  /** kebab-case, equal to the rule's file name in rules/. */
  readonly id: string;
  readonly consequence: Consequence;
  /** Derived from the consequence (docs/design.md); not declared by the rule. */
  readonly severity: Severity;
  readonly description: string;
  /** Clause ids of spec/clauses.yaml the rule enforces. */
  readonly clauses: readonly string[];
  /** Message templates with {{placeholders}}, by message id; a report names one of these ids. */
  readonly messages: Readonly<Record<MessageIds, string>>;
  /**
   * `meaning-preserving`: the rule's fixes keep what the query matches (--fix); `suggestion`: its suggestions change it
   * (--fix-suggestions).
   */
  readonly fixable?: "meaning-preserving" | "suggestion";
}

export type RuleMetaInput<MessageIds extends string = string> = Omit<RuleMeta<MessageIds>, "severity">;

/**
 * One edit a fix makes, by path; the engine turns it into text edits of the input (src/lint/edits.ts,
 * docs/lint.md "Fixes"), so a fix changes only what it is about.
 * - `{at, value}`: the value at `at` becomes the JSON of `value`, in which `sourceText(path)`
 *   markers (src/lint/nodes.ts) stand for the input's own text of a value (kept as written).
 * - `{at, unwrap}`: the value at `at` becomes its descendant at `unwrap` (the text around it is
 *   deleted); with `elements`, `at` is an array element and `unwrap` an array whose elements take
 *   its place.
 * - `{remove}`: an array element or object member, with one separator.
 * - `{rename, key}`: the name of the member at `rename`.
 */
export type EditSpec =
  | { readonly at: Path; readonly value: unknown }
  | { readonly at: Path; readonly unwrap: Path; readonly elements?: boolean }
  | { readonly remove: Path }
  | { readonly rename: Path; readonly key: string };

/** A fix: one edit or several made together. */
export type FixSpec = EditSpec | readonly EditSpec[];

interface SuggestionSpec<MessageIds extends string = string> {
  readonly messageId: MessageIds;
  readonly data?: Readonly<Record<string, unknown>>;
  readonly fix?: FixSpec;
}

export interface ReportSpec<MessageIds extends string = string> {
  readonly messageId: MessageIds;
  readonly data?: Readonly<Record<string, unknown>>;
  /** Where the diagnostic points. */
  readonly at: Path;
  /** Point line/column at the member name rather than its value. */
  readonly atKey?: boolean;
  /** Point line/column at this offset of the input text (a syntax error) rather than at the path. */
  readonly offset?: number;
  /** The subset of meta.clauses this diagnostic cites; all of them by default. */
  readonly clauses?: readonly string[];
  readonly suggestions?: readonly SuggestionSpec<MessageIds>[];
  /** Only for rules whose meta.fixable is "meaning-preserving". */
  readonly fix?: FixSpec;
}

/** What the engine knows about the document before rules run. */
export interface SourceInfo {
  /** Set when the input is not JSON (or not UTF-8): where and why. */
  readonly syntaxError?: { readonly message: string; readonly offset: number };
  /** Members whose name repeats an earlier member of the same object. */
  readonly duplicateKeys: readonly { readonly path: Path; readonly key: string }[];
  /** The text began with a UTF-8 byte order mark (not part of the JSON text; read past). */
  readonly bom?: boolean;
  /** The request body's size in UTF-8 bytes, when the input was text and the body may exceed the body-size limit. */
  readonly bodyBytes?: number;
}

export interface BodyInfo {
  readonly value: unknown;
  readonly path: Path;
  readonly kind: BodyKind;
  /** A bare node given in place of a Query Spec body {where, size, after}. */
  readonly bare: boolean;
  /** A query file's top-level `$schema` string, its editor's annotation, not a member (EngineOptions.document). */
  readonly schemaAnnotation: boolean;
}

interface NodeBase {
  readonly value: unknown;
  readonly path: Path;
  /** 1 for the root node (`where`), one more per nested node. */
  readonly depth: number;
  readonly parent: NodeInfo | undefined;
  /** The nearest enclosing scope node. */
  readonly scope: ScopeNode | undefined;
  /** Child nodes the engine visits (none below the nesting limit). */
  readonly children: readonly NodeInfo[];
  /** Keys that belong to no node form. */
  readonly unknownKeys: readonly string[];
}

export interface CompositeNode extends NodeBase {
  readonly kind: "composite";
  readonly operator: "all" | "any" | "not";
  readonly argument: unknown;
}

export interface LeafNode extends NodeBase {
  readonly kind: "leaf";
  readonly record: Readonly<Record<string, unknown>>;
  /** The raw `field` member (undefined when absent). */
  readonly field: unknown;
  /** The field's catalog entry in the route's dataset, when `field` names one. */
  readonly spec: FieldSpec | undefined;
  /** Operator keys present, in document order. */
  readonly operators: readonly Operator[];
  /**
   * The value of the leaf's operator when it has exactly one (undefined otherwise): `record[operators[0]]`, read once.
   */
  readonly operand: unknown;
}

export interface ScopeNode extends NodeBase {
  readonly kind: "scope";
  readonly key: ScopeKey;
  /** The sub-record the scope binds in the route's dataset; undefined where the dataset has no scopes. */
  readonly subRecord: SubRecord | undefined;
}

interface InvalidNode extends NodeBase {
  readonly kind: "invalid";
  readonly reason: "not-object" | "no-form" | "several-forms";
  /** Composite, scope and leaf keys found, in document order. */
  readonly formKeys: readonly string[];
}

export type NodeInfo = CompositeNode | LeafNode | ScopeNode | InvalidNode;

export interface Visitors {
  Source?: (source: SourceInfo) => void;
  Body?: (body: BodyInfo) => void;
  Node?: (node: NodeInfo) => void;
  Composite?: (node: CompositeNode) => void;
  Leaf?: (node: LeafNode) => void;
  Scope?: (node: ScopeNode) => void;
  /**
   * Which leaves `Leaf` is for, by the field's catalog entry (undefined: a leaf whose `field` names
   * no queryable field), its operator (undefined: none, or several) and its enclosing scope (only
   * whether there is one and the sub-record it binds). Decided once per field, operator, scope
   * sub-record and configuration, so a rule about date fields costs nothing on the other leaves.
   * It must accept every leaf the visitor could report on.
   */
  leafFilter?: (
    spec: FieldSpec | undefined,
    operator: Operator | undefined,
    scope: Pick<ScopeNode, "subRecord"> | undefined,
  ) => boolean;
  /** Which composites `Composite` is for, by operator; decided once per configuration. */
  compositeFilter?: (operator: "all" | "any" | "not") => boolean;
}

export interface RuleContext<MessageIds extends string = string> {
  readonly contract: Contract;
  /** The operation the body is sent to (src/contract/operations.ts). */
  readonly route: BodyOperation;
  /** The route's dataset (people for searchPeople and getProfiles). */
  readonly dataset: DatasetSpec;
  /** The sub-record a people field belongs to under the effective scope table (user overrides applied). */
  readonly scopeOf: (field: string) => SubRecord | undefined;
  /** The scope key binding a sub-record (`experience` -> `has_experience`). */
  readonly scopeKeyOf: (subRecord: SubRecord) => ScopeKey | undefined;
  readonly now: Date;
  report(spec: ReportSpec<MessageIds>): void;
}

export interface Rule<MessageIds extends string = string> {
  readonly meta: RuleMeta<MessageIds>;
  create(context: RuleContext<MessageIds>): Visitors;
}

/**
 * Declares a rule; its severity comes from its consequence class. The message ids are the keys of
 * `meta.messages`, as in typescript-eslint's `createRule`: a report or suggestion naming any other id does not
 * compile.
 */
export function defineRule<MessageIds extends string>(rule: {
  meta: RuleMetaInput<MessageIds>;
  create(context: RuleContext<NoInfer<MessageIds>>): Visitors;
}): Rule<MessageIds> {
  const meta: RuleMeta<MessageIds> = Object.freeze({
    ...rule.meta,
    severity: DEFAULT_SEVERITY[rule.meta.consequence],
    clauses: Object.freeze([...rule.meta.clauses]),
    messages: Object.freeze({ ...rule.meta.messages }),
  });
  return Object.freeze({ meta, create: (context: RuleContext<MessageIds>) => rule.create(context) });
}
