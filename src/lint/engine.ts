/**
 * The lint engine: parses (when given text), classifies the body and its node tree once, runs the
 * rules' visitors over them, and finds line and column only for the diagnostics it has. Synchronous,
 * no I/O.
 */
import { loadContract, type Contract, type DatasetSpec, type ScopeKey, type SubRecord } from "../contract/index.js";
import { CONSEQUENCE_ORDER } from "./consequence.js";
import { LineIndex, locate, skipWs, type LocateTarget } from "./json/scan.js";
import { decodeUtf8, duplicatesOf, parseText, type ParsedText } from "./json/source.js";
import { encodePointer } from "./pointer.js";
import { inferRoute, type Route } from "./routes.js";
import type { BodyInfo, NodeInfo, Path, ReportSpec, Rule, RuleContext, SourceInfo } from "./rule.js";
import { scopeTable } from "./scopes.js";
import { buildTree, isRecord, looksLikeNode } from "./tree.js";
import { VisitorTable } from "./visitor-table.js";
import type { Consequence, Diagnostic, LintOptions, Severity, Suggestion } from "./types.js";

export interface EngineOptions extends LintOptions {
  /** Where the request body sits inside the document (a wrapped --jsonl line: ["body"]). */
  readonly bodyPath?: Path;
  /** False: a body is a request body as sent, never a bare node read as its `where` (the reference server's view). */
  readonly bareNodes?: boolean;
}

interface Pending {
  readonly diagnostic: Diagnostic;
  readonly at: Path;
  readonly atKey: boolean;
  readonly offset: number | undefined;
}

const TEMPLATE = /\{\{\s*(\w+)\s*\}\}/;

/** A message template split once into text (even indexes) and placeholder names (odd indexes). */
const compiledTemplates = new Map<string, readonly string[]>();

function render(template: string | undefined, data: Readonly<Record<string, unknown>> | undefined, ruleId: string, messageId: string): string {
  if (template === undefined) throw new Error(`rule ${ruleId} has no message "${messageId}"`);
  let parts = compiledTemplates.get(template);
  if (!parts) compiledTemplates.set(template, (parts = template.split(TEMPLATE)));
  if (parts.length === 1) return template;
  let out = parts[0]!;
  for (let i = 1; i < parts.length; i += 2) {
    const v = data?.[parts[i]!];
    out += (v === undefined ? "" : String(v)) + parts[i + 1]!;
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
    const { text, error } = decodeUtf8(input);
    if (error) return run({ text, syntaxError: error, duplicateKeys: [] }, undefined, rules, options);
    return lintText(text, rules, options);
  }
  return run(undefined, input, rules, options);
}

function lintText(text: string, rules: readonly Rule[], options: EngineOptions): Diagnostic[] {
  const parsed = parseText(text);
  return run({ text, syntaxError: parsed.error, duplicateKeys: [], parsed }, parsed.value, rules, options);
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
  if (last && last.table === ruleTable && last.route === route && last.scopes === options.scopes && last.rules === options.rules) return last.compiled;
  const compiled = compileKeyed(ruleTable, route, options);
  last = { table: ruleTable, route, scopes: options.scopes, rules: options.rules, compiled };
  return compiled;
}

function compileKeyed(ruleTable: readonly Rule[], route: Route, options: EngineOptions): Compiled {
  const scopesKey = options.scopes ? (scopeIds.get(options.scopes as object) ?? (scopeIds.set(options.scopes as object, nextScopeId), nextScopeId++)) : 0;
  const key = `${route.operationId}|${scopesKey}|${options.rules ? JSON.stringify(options.rules) : ""}`;
  let byKey = compiledCache.get(ruleTable);
  if (!byKey) compiledCache.set(ruleTable, (byKey = new Map()));
  const cached = byKey.get(key);
  if (cached) return cached;

  const contract = loadContract();
  const dataset = contract.datasets[route.dataset];
  const scopeOf = route.dataset === "people" ? scopeTable(contract.datasets.people, options.scopes) : (): SubRecord | undefined => undefined;
  const scopeKeyByRecord = new Map<SubRecord, ScopeKey>();
  for (const [k, sub] of Object.entries(dataset.scopes) as [ScopeKey, SubRecord][]) scopeKeyByRecord.set(sub, k);
  const visitors = new VisitorTable(dataset);
  for (const { rule, severity } of selectRules(ruleTable, options)) {
    const context: RuleContext = {
      contract,
      route,
      dataset,
      scopeOf,
      scopeKeyOf: (sub) => scopeKeyByRecord.get(sub),
      get now() {
        return (current.now ??= new Date());
      },
      report: (spec) => {
        current.pending.push(toPending(rule, severity, spec, current.positioned));
      },
    };
    visitors.add(rule.create(context));
  }
  const compiled: Compiled = { visitors, route, dataset };
  if (byKey.size > 256) byKey.clear(); // many one-off configurations: keep the cache bounded
  byKey.set(key, compiled);
  return compiled;
}

function run(source: TextSource | undefined, document: unknown, ruleTable: readonly Rule[], options: EngineOptions): Diagnostic[] {
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
      info = bodyInfo(body, bodyPath, route, options.bareNodes !== false);
      const root = treeRoot(info);
      if (root) {
        const tree = { dataset, maxDepth: contract.limits.project.maxNestingDepth, members: 0, parsedJson: source !== undefined };
        nodes = buildTree(root.value, root.path, tree);
        members = tree.members;
      }
    }
    if (source) {
      const text: SourceInfo = source.parsed
        ? { syntaxError: source.syntaxError, duplicateKeys: duplicatesOf(source.text, source.parsed, members + bodyMembers(info)) }
        : source;
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
  return finish(pending, source, unique);
}

function selectRules(table: readonly Rule[], options: EngineOptions): { rule: Rule; severity: Severity }[] {
  const out: { rule: Rule; severity: Severity }[] = [];
  const overrides = options.rules;
  for (const rule of table) {
    const o = overrides && Object.hasOwn(overrides, rule.meta.id) ? overrides[rule.meta.id] : undefined;
    if (o === "off") continue;
    out.push({ rule, severity: o ?? rule.meta.severity });
  }
  return out;
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

function bodyInfo(body: unknown, path: Path, route: Route, bareNodes: boolean): BodyInfo {
  const bare =
    bareNodes &&
    route.kind === "search" && isRecord(body) && !Object.hasOwn(body, "where") && looksLikeNode(body) && !route.bodyMembers.some((m) => Object.hasOwn(body, m));
  return { value: body, path, kind: route.kind, bare };
}

/** The root node of the Query Spec tree: `where`, or the body itself when it is a bare node. */
function treeRoot(body: BodyInfo): { value: unknown; path: Path } | undefined {
  if (body.kind !== "search" || !isRecord(body.value)) return undefined;
  if (body.bare) return { value: body.value, path: body.path };
  if (!Object.hasOwn(body.value, "where")) return undefined;
  return { value: body.value.where, path: [...body.path, "where"] };
}

const NO_SUGGESTIONS: readonly Suggestion[] = Object.freeze([]);

function toPending(rule: Rule, severity: Severity, spec: ReportSpec, positioned: boolean): Pending {
  const { meta } = rule;
  const suggestions: readonly Suggestion[] = !spec.suggestions || spec.suggestions.length === 0 ? NO_SUGGESTIONS : spec.suggestions.map((s) => {
    const message = render(meta.messages[s.messageId], s.data, meta.id, s.messageId);
    return s.fix ? { message, fix: { path: encodePointer(s.fix.at), value: s.fix.value } } : { message };
  });
  // Literals of each shape rather than spreading an optional `fix` (a spread copies an object on
  // every report); line and column, which finish() fills for text, are laid out in the literal (the
  // same member order as adding them later, without growing the object then).
  const path = encodePointer(spec.at);
  const message = render(meta.messages[spec.messageId], spec.data, meta.id, spec.messageId);
  const clauses = spec.clauses ?? meta.clauses;
  const { id: ruleId, consequence } = meta;
  const { messageId } = spec;
  let diagnostic: Diagnostic;
  if (spec.fix) {
    const fix = { path: encodePointer(spec.fix.at), value: spec.fix.value };
    diagnostic = positioned
      ? { ruleId, messageId, severity, consequence, path, message, clauses, suggestions, fix, line: 0, column: 0 }
      : { ruleId, messageId, severity, consequence, path, message, clauses, suggestions, fix };
  } else {
    diagnostic = positioned
      ? { ruleId, messageId, severity, consequence, path, message, clauses, suggestions, line: 0, column: 0 }
      : { ruleId, messageId, severity, consequence, path, message, clauses, suggestions };
  }
  return { diagnostic, at: spec.at, atKey: spec.atKey ?? false, offset: spec.offset };
}

/**
 * Fills line/column (text input only) and orders diagnostics by position, then by rule order.
 * `unique`: no duplicate member name was found, so the locator may stop at the first occurrence.
 */
function finish(pending: Pending[], source: TextSource | undefined, unique: boolean): Diagnostic[] {
  if (!source || pending.length === 0) return pending.map((p) => p.diagnostic);
  const { text } = source;
  if (pending.length === 1 && pending[0]!.offset === undefined && pending[0]!.at.length === 0) {
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
  if (targets.length > 0) {
    const found = locate(text, targets, unique);
    found.forEach((offset, k) => (offsets[targetIndex[k]!] = offset < 0 ? rootOffset : offset));
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

/** The most serious consequence among diagnostics ("clean" when there is none beyond cost). */
export function classify(diagnostics: readonly Diagnostic[]): Consequence | "clean" {
  let best = CONSEQUENCE_ORDER.length;
  for (const d of diagnostics) {
    if (d.consequence === "cost") continue;
    best = Math.min(best, CONSEQUENCE_ORDER.indexOf(d.consequence));
  }
  return CONSEQUENCE_ORDER[best] ?? "clean";
}

export type { Contract };
