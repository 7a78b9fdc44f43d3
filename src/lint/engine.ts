/**
 * The lint engine: parses (when given text), classifies the body and its node tree once, runs the
 * rules' visitors over them, and finds line and column only for the diagnostics it has. Synchronous,
 * no I/O.
 */
import { loadContract, scopeKeyOf, type DatasetSpec, type SubRecord } from "../contract/index.js";
import { CONSEQUENCE_ORDER, DEFAULT_SEVERITY } from "./consequence.js";
import { fixTargets, resolveFix } from "./edits.js";
import { LineIndex, locateAll, skipWs, type LocateTarget, type Span } from "./json/scan.js";
import { decodeUtf8, duplicatesOf, parseText, type ParsedText } from "./json/source.js";
import { encodePointer } from "../contract/json-pointer.js";
import { inferRoute } from "../contract/routes.js";
import type { BodyOperation as Route } from "../contract/operations.js";
import type { BodyInfo, FixSpec, NodeInfo, Path, ReportSpec, Rule, RuleContext, SourceInfo } from "./rule.js";
import { scopeTable } from "./scopes.js";
import { buildTree, isRecord, looksLikeNode } from "./tree.js";
import { VisitorTable } from "./visitor-table.js";
import type { Consequence, Diagnostic, Fix, LintOptions, Severity, Suggestion } from "./types.js";

export interface EngineOptions extends LintOptions {
  /** Where the request body sits inside the document (a wrapped --jsonl line: ["body"]). */
  readonly bodyPath?: Path;
  /** False: a body is a request body as sent, never a bare node read as its `where` (the reference server's view). */
  readonly bareNodes?: boolean;
  /**
   * The input is a document a person keeps (a query file, standard input, an editor's buffer), not a body on its way
   * to the service: a top-level `$schema` string is its editor's annotation (docs/rules/extra-member.md). `tdss lint`
   * and the language server say so of JSON documents, never of JSON Lines, whose lines are bodies.
   */
  readonly document?: boolean;
  /**
   * The severity of a diagnostic made `narrowed` after its rule ran (a dead value of an `in` list, below), where its
   * rule is not in `ownRules`: `tdss lint --fail-on narrowed` makes it an error. Default: the class's (a warning).
   */
  readonly narrowedSeverity?: Severity;
  /**
   * The rules `rules` sets by the caller's own choice (configuration, --rule), not by their class under --fail-on;
   * without it, every rule `rules` names is the caller's own.
   */
  readonly ownRules?: ReadonlySet<string>;
}

/** A fix spec waiting for the text: `set` puts the resolved edits in place (or removes the fix). */
interface PendingFix {
  readonly spec: FixSpec;
  readonly set: (fix: Fix | undefined) => void;
}

interface Pending {
  readonly diagnostic: Diagnostic;
  readonly at: Path;
  readonly atKey: boolean;
  readonly offset: number | undefined;
  readonly fixes: PendingFix[] | undefined;
  /** The severity is the caller's own setting for the rule, not its class's default. */
  readonly ownSeverity: boolean;
}

const TEMPLATE = /\{\{\s*(\w+)\s*\}\}/;

/** A message template split once into text (even indexes) and placeholder names (odd indexes). */
const compiledTemplates = new Map<string, readonly string[]>();

function render(
  template: string | undefined,
  data: Readonly<Record<string, unknown>> | undefined,
  ruleId: string,
  messageId: string,
): string {
  if (template === undefined) throw new Error(`rule ${ruleId} has no message "${messageId}"`);
  let parts = compiledTemplates.get(template);
  if (!parts) compiledTemplates.set(template, (parts = template.split(TEMPLATE)));
  if (parts.length === 1) return template;
  let out = parts[0]!;
  for (let i = 1; i < parts.length; i += 2) {
    const v = data?.[parts[i]!];
    out += (v === undefined ? "" : typeof v === "string" ? v : JSON.stringify(v)) + parts[i + 1]!;
  }
  return out;
}

/**
 * Runs rules over JSON text (a string or UTF-8 bytes) or an already parsed value. A string is
 * always read as JSON text.
 */
export function runRules(input: unknown, rules: readonly Rule[], options: EngineOptions = {}): Diagnostic[] {
  if (typeof input === "string") return lintText(input, rules, options);
  if (input instanceof Uint8Array) {
    const { text, error, bom } = decodeUtf8(input);
    if (error) return run({ text, syntaxError: error, duplicateKeys: [], bom }, undefined, rules, options);
    return lintText(text, rules, options, bom);
  }
  return run(undefined, input, rules, options);
}

function lintText(input: string, rules: readonly Rule[], options: EngineOptions, bomRead = false): Diagnostic[] {
  const bom = bomRead || input.charCodeAt(0) === 0xfeff;
  const text = bom && !bomRead ? input.slice(1) : input;
  const parsed = parseText(text);
  return run({ text, syntaxError: parsed.error, duplicateKeys: [], parsed, bom }, parsed.value, rules, options);
}

interface TextSource extends SourceInfo {
  readonly text: string;
  /** Set when duplicateKeys is still to be found (after the tree has counted its members). */
  readonly parsed?: ParsedText;
}

/**
 * Rules created for one configuration (rule table, route, scope table, severities): create() runs
 * once per configuration, not once per document, so visitors keep no per-document state; what
 * changes per document (where reports go, the date) is read through `current`.
 */
interface Compiled {
  readonly visitors: VisitorTable;
  readonly route: Route;
  readonly dataset: DatasetSpec;
}

interface RunState {
  pending: Pending[];
  /** options.now, else the clock read on first use (most documents never need it). */
  now: Date | undefined;
  /** The input is text: every diagnostic gets a line and column. */
  positioned: boolean;
}

let current: RunState = { pending: [], now: undefined, positioned: false };

const compiledCache = new WeakMap<readonly Rule[], Map<string, Compiled>>();
const scopeIds = new WeakMap<object, number>();
let nextScopeId = 1;

/** The configuration of the previous call: a loop over documents compiles (and keys) it once. */
let last: { table: readonly Rule[]; route: Route; scopes: unknown; rules: unknown; compiled: Compiled } | undefined;

function compile(ruleTable: readonly Rule[], route: Route, options: EngineOptions): Compiled {
  if (
    last &&
    last.table === ruleTable &&
    last.route === route &&
    last.scopes === options.scopes &&
    last.rules === options.rules
  )
    return last.compiled;
  const compiled = compileKeyed(ruleTable, route, options);
  last = { table: ruleTable, route, scopes: options.scopes, rules: options.rules, compiled };
  return compiled;
}

function compileKeyed(ruleTable: readonly Rule[], route: Route, options: EngineOptions): Compiled {
  const scopesKey = options.scopes
    ? (scopeIds.get(options.scopes) ?? (scopeIds.set(options.scopes, nextScopeId), nextScopeId++))
    : 0;
  const key = `${route.operationId}|${scopesKey}|${options.rules ? JSON.stringify(options.rules) : ""}`;
  let byKey = compiledCache.get(ruleTable);
  if (!byKey) compiledCache.set(ruleTable, (byKey = new Map<string, Compiled>()));
  const cached = byKey.get(key);
  if (cached) return cached;

  const contract = loadContract();
  const dataset = contract.datasets[route.dataset];
  const scopeOf =
    route.dataset === "people"
      ? scopeTable(contract.datasets.people, options.scopes)
      : (): SubRecord | undefined => undefined;
  const visitors = new VisitorTable(dataset);
  for (const { rule, severity, own } of selectRules(ruleTable, options)) {
    const context: RuleContext = {
      contract,
      route,
      dataset,
      scopeOf,
      scopeKeyOf: (sub) => (Object.hasOwn(dataset.scopes, scopeKeyOf(sub)) ? scopeKeyOf(sub) : undefined),
      get now() {
        return (current.now ??= new Date());
      },
      report: (spec) => {
        current.pending.push(toPending(rule, severity, own, spec, current.positioned));
      },
    };
    visitors.add(rule.create(context));
  }
  const compiled: Compiled = { visitors, route, dataset };
  if (byKey.size > 256) byKey.clear(); // many one-off configurations: keep the cache bounded
  byKey.set(key, compiled);
  return compiled;
}

function run(
  source: TextSource | undefined,
  document: unknown,
  ruleTable: readonly Rule[],
  options: EngineOptions,
): Diagnostic[] {
  const contract = loadContract();
  const bodyPath = options.bodyPath ?? [];
  const body = source?.syntaxError ? undefined : valueAt(document, bodyPath);
  const route = inferRoute(body, options.route);
  const { visitors, dataset } = compile(ruleTable, route, options);
  const pending: Pending[] = [];
  const outer = current;
  current = { pending, now: options.now, positioned: source !== undefined };
  let unique = true;
  try {
    let nodes: NodeInfo[] = [];
    let members = 0;
    let info: BodyInfo | undefined;
    if (!source?.syntaxError) {
      info = bodyInfo(body, bodyPath, route, options);
      const root = treeRoot(info);
      if (root) {
        const tree = {
          dataset,
          maxDepth: contract.limits.project.maxNestingDepth,
          members: 0,
          parsedJson: source !== undefined,
        };
        nodes = buildTree(root.value, root.path, tree);
        members = tree.members;
      }
    }
    if (source) {
      const bodyBytes = bodyByteLength(
        source.text,
        bodyPath,
        contract.limits.project.maxBodyBytes,
        !source.syntaxError,
      );
      const text: SourceInfo = source.parsed
        ? {
            syntaxError: source.syntaxError,
            duplicateKeys: duplicatesOf(source.text, source.parsed, members + bodyMembers(info)),
            bom: source.bom ?? false,
            ...(bodyBytes !== undefined ? { bodyBytes } : {}),
          }
        : { ...source, ...(bodyBytes !== undefined ? { bodyBytes } : {}) };
      unique = text.duplicateKeys.length === 0;
      for (const fn of visitors.source) fn(text);
    }
    if (info) {
      for (const fn of visitors.body) fn(info);
      for (let i = 0; i < nodes.length; i++) visitors.visit(nodes[i]!);
    }
  } finally {
    current = outer;
  }
  narrowDeadValues(pending, document, options);
  return finish(pending, source, unique, document);
}

/**
 * The body's size in UTF-8 bytes when it may exceed `limit` (a text of n code units holds n to 3n
 * bytes), else undefined: a short text is not measured. A wrapped --jsonl line measures its body.
 */
function bodyByteLength(text: string, bodyPath: Path, limit: number, valid: boolean): number | undefined {
  if (text.length * 3 <= limit) return undefined;
  if (bodyPath.length === 0) return Buffer.byteLength(text, "utf8");
  if (!valid) return undefined;
  const [span] = locateAll(text, [{ path: bodyPath, span: true }]);
  return span && span.start >= 0 ? Buffer.byteLength(text.slice(span.start, span.end), "utf8") : undefined;
}

function selectRules(
  table: readonly Rule[],
  options: EngineOptions,
): { rule: Rule; severity: Severity; own: boolean }[] {
  const out: { rule: Rule; severity: Severity; own: boolean }[] = [];
  const overrides = options.rules;
  for (const rule of table) {
    const o = overrides && Object.hasOwn(overrides, rule.meta.id) ? overrides[rule.meta.id] : undefined;
    if (o === "off") continue;
    out.push({ rule, severity: o ?? rule.meta.severity, own: o !== undefined });
  }
  return out;
}

/**
 * An `empty` diagnostic on one value of an `in` list says that value can never match; the condition is empty
 * only when every value of the list is so. Where some value has no such diagnostic, each of them is `narrowed`
 * (docs/design.md, "Consequence classes"), at that class's severity (`narrowedSeverity`) unless the caller set the
 * rule's own.
 */
function narrowDeadValues(pending: readonly Pending[], document: unknown, options: EngineOptions): void {
  type List = { path: Path; dead: Set<number>; at: number[] };
  let lists: Map<string, List> | undefined;
  for (let i = 0; i < pending.length; i++) {
    const { at, diagnostic } = pending[i]!;
    const index = at[at.length - 1];
    if (diagnostic.consequence !== "empty" || typeof index !== "number" || at[at.length - 2] !== "in") continue;
    const key = diagnostic.path.slice(0, diagnostic.path.lastIndexOf("/"));
    let list = (lists ??= new Map<string, List>()).get(key);
    if (!list) lists.set(key, (list = { path: at.slice(0, -1), dead: new Set<number>(), at: [] }));
    list.dead.add(index);
    list.at.push(i);
  }
  if (!lists) return;
  for (const list of lists.values()) {
    const values = valueAt(document, list.path);
    if (!Array.isArray(values) || list.dead.size >= values.length) continue;
    for (const i of list.at) {
      // In place: a pending fix is resolved into this very object.
      const p = pending[i]!;
      const d = p.diagnostic as { consequence: Consequence; severity: Severity; message: string };
      d.consequence = "narrowed";
      const own = options.ownRules ? options.ownRules.has(p.diagnostic.ruleId) : p.ownSeverity;
      if (!own) d.severity = options.narrowedSeverity ?? DEFAULT_SEVERITY.narrowed;
      d.message += " The list's other values still match.";
    }
  }
}

/** Members of the body object itself (the node tree counts its own). */
function bodyMembers(body: BodyInfo | undefined): number {
  return body && !body.bare && isRecord(body.value) ? Object.keys(body.value).length : 0;
}

function valueAt(document: unknown, path: Path): unknown {
  let v = document;
  for (const seg of path) {
    if (v === null || typeof v !== "object" || !Object.hasOwn(v, seg)) return undefined;
    v = (v as Record<string | number, unknown>)[seg];
  }
  return v;
}

function bodyInfo(body: unknown, path: Path, route: Route, options: EngineOptions): BodyInfo {
  const bare =
    options.bareNodes !== false &&
    route.kind === "search" &&
    isRecord(body) &&
    !Object.hasOwn(body, "where") &&
    looksLikeNode(body) &&
    !route.bodyMembers.some((m) => Object.hasOwn(body, m));
  const schemaAnnotation =
    options.document === true && path.length === 0 && isRecord(body) && typeof body.$schema === "string";
  return { value: body, path, kind: route.kind, bare, schemaAnnotation };
}

/** The root node of the Query Spec tree: `where`, or the body itself when it is a bare node. */
function treeRoot(body: BodyInfo): { value: unknown; path: Path } | undefined {
  if (body.kind !== "search" || !isRecord(body.value)) return undefined;
  if (body.bare) return { value: body.value, path: body.path };
  if (!Object.hasOwn(body.value, "where")) return undefined;
  return { value: body.value.where, path: [...body.path, "where"] };
}

const NO_SUGGESTIONS: readonly Suggestion[] = Object.freeze([]);
const NO_DATA: Readonly<Record<string, unknown>> = Object.freeze({});

/** What a fix holds until finish() has the text to resolve it (replaced there, never reported). */
const UNRESOLVED: Fix = Object.freeze({ edits: Object.freeze([]) });

function toPending(
  rule: Rule,
  severity: Severity,
  ownSeverity: boolean,
  spec: ReportSpec,
  positioned: boolean,
): Pending {
  const { meta } = rule;
  let fixes: PendingFix[] | undefined;
  const suggestions: readonly Suggestion[] =
    !spec.suggestions || spec.suggestions.length === 0
      ? NO_SUGGESTIONS
      : spec.suggestions.map((s) => {
          const message = render(meta.messages[s.messageId], s.data, meta.id, s.messageId);
          if (!s.fix) return { message };
          const suggestion: { message: string; fix?: Fix } = { message, fix: UNRESOLVED };
          (fixes ??= []).push({ spec: s.fix, set: (fix) => (fix ? (suggestion.fix = fix) : delete suggestion.fix) });
          return suggestion;
        });
  // Literals of each shape rather than spreading an optional `fix` (a spread copies an object on
  // every report); line and column, which finish() fills for text, are laid out in the literal (the
  // same member order as adding them later, without growing the object then).
  const path = encodePointer(spec.at);
  const message = render(meta.messages[spec.messageId], spec.data, meta.id, spec.messageId);
  const clauses = spec.clauses ?? meta.clauses;
  const { id: ruleId, consequence } = meta;
  const { messageId } = spec;
  const data = spec.data ?? NO_DATA;
  let diagnostic: Diagnostic;
  if (spec.fix) {
    const fix = UNRESOLVED;
    diagnostic = positioned
      ? { ruleId, messageId, data, severity, consequence, path, message, clauses, suggestions, fix, line: 0, column: 0 }
      : { ruleId, messageId, data, severity, consequence, path, message, clauses, suggestions, fix };
    const d = diagnostic as { fix?: Fix };
    (fixes ??= []).push({ spec: spec.fix, set: (resolved) => (resolved ? (d.fix = resolved) : delete d.fix) });
  } else {
    diagnostic = positioned
      ? { ruleId, messageId, data, severity, consequence, path, message, clauses, suggestions, line: 0, column: 0 }
      : { ruleId, messageId, data, severity, consequence, path, message, clauses, suggestions };
  }
  return { diagnostic, at: spec.at, atKey: spec.atKey ?? false, offset: spec.offset, fixes, ownSeverity };
}

/**
 * Fills line/column (text input only), resolves fixes into text edits and orders diagnostics by
 * position, then by rule order. `unique`: no duplicate member name was found, so the locator may
 * stop at the first occurrence.
 */
function finish(pending: Pending[], source: TextSource | undefined, unique: boolean, document: unknown): Diagnostic[] {
  if (pending.length === 0) return [];
  const fixing = pending.some((p) => p.fixes !== undefined);
  if (!source) {
    if (fixing) resolveValueFixes(pending, document);
    return pending.map((p) => p.diagnostic);
  }
  const { text } = source;
  if (!fixing && pending.length === 1 && pending[0]!.offset === undefined && pending[0]!.at.length === 0) {
    // The usual clean document: its one diagnostic (cost) sits at the root.
    const d = pending[0]!.diagnostic;
    const offset = skipWs(text, 0);
    const position = offset === 0 ? { line: 1, column: 1 } : new LineIndex(text).position(offset);
    d.line = position.line;
    d.column = position.column;
    return [d];
  }
  const offsets = new Array<number>(pending.length);
  const targets: LocateTarget[] = [];
  const targetIndex: number[] = [];
  const rootOffset = skipWs(text, 0);
  pending.forEach((p, i) => {
    if (p.offset !== undefined) offsets[i] = Math.min(p.offset, text.length);
    else if (p.at.length === 0 || source.syntaxError) offsets[i] = rootOffset;
    else {
      targets.push({ path: p.at, key: p.atKey });
      targetIndex.push(i);
    }
  });
  const positionTargets = targets.length;
  const fixes: PendingFix[] = [];
  if (fixing && !source.syntaxError) {
    for (const p of pending) for (const f of p.fixes ?? []) fixes.push(f);
    for (const f of fixes) fixTargets(f.spec, targets);
  } else if (fixing) for (const p of pending) for (const f of p.fixes ?? []) f.set(undefined);
  if (targets.length > 0) {
    const spans = locateAll(text, targets, unique);
    for (let k = 0; k < positionTargets; k++) {
      const s = spans[k]!;
      const offset = targets[k]!.key && s.keyStart >= 0 ? s.keyStart : s.start;
      offsets[targetIndex[k]!] = offset < 0 ? rootOffset : offset;
    }
    if (fixes.length > 0) resolveAll(fixes, text, targets, spans, positionTargets);
  }
  const lines = new LineIndex(text);
  const order = pending.map((_, i) => i).sort((a, b) => offsets[a]! - offsets[b]! || a - b);
  return order.map((i) => {
    const d = pending[i]!.diagnostic;
    const { line, column } = lines.position(offsets[i]!);
    d.line = line;
    d.column = column;
    return d;
  });
}

/** Resolves each fix against the spans found for its targets (listed from `from` on, in fix order). */
function resolveAll(
  fixes: readonly PendingFix[],
  text: string,
  targets: readonly LocateTarget[],
  spans: readonly Span[],
  from: number,
): void {
  const byPointer = new Map<string, Span>();
  for (let k = from; k < targets.length; k++) byPointer.set(encodePointer(targets[k]!.path), spans[k]!);
  const spanOf = (path: Path) => byPointer.get(encodePointer(path));
  for (const f of fixes) f.set(resolveFix(f.spec, text, spanOf));
}

/**
 * A parsed value has no text of its own: its fixes edit `JSON.stringify(value)` (what applyFixes
 * and fixSource write it as). A value that cannot be written as JSON (a cycle, a BigInt, too deep)
 * gets no fixes.
 */
function resolveValueFixes(pending: readonly Pending[], document: unknown): void {
  const fixes: PendingFix[] = [];
  for (const p of pending) for (const f of p.fixes ?? []) fixes.push(f);
  const text = documentText(document);
  if (text === undefined) {
    for (const f of fixes) f.set(undefined);
    return;
  }
  const targets: LocateTarget[] = [];
  for (const f of fixes) fixTargets(f.spec, targets);
  resolveAll(fixes, text, targets, locateAll(text, targets, true), 0);
}

/** The JSON text a parsed value is fixed as; undefined when it has none. */
export function documentText(document: unknown): string | undefined {
  try {
    return JSON.stringify(document);
  } catch {
    return undefined;
  }
}

/** The most serious consequence among diagnostics ("clean" when there is none beyond cost). */
export function classify(diagnostics: readonly Diagnostic[]): Consequence | "clean" {
  let best = CONSEQUENCE_ORDER.length;
  for (const d of diagnostics) {
    if (d.consequence === "cost") continue;
    best = Math.min(best, CONSEQUENCE_ORDER.indexOf(d.consequence));
  }
  return CONSEQUENCE_ORDER[best] ?? "clean";
}
