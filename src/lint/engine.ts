/**
 * The lint engine: parses (when given text), classifies the body and its node tree once, runs the
 * rules' visitors over them, and finds line and column only for the diagnostics it has. Synchronous,
 * no I/O.
 */
import { loadContract, type Contract, type ScopeKey, type SubRecord } from "../contract/index.js";
import { CONSEQUENCE_ORDER } from "./consequence.js";
import { LineIndex, locate, skipWs, type LocateTarget } from "./json/scan.js";
import { decodeUtf8, parseSource } from "./json/source.js";
import { encodePointer } from "./pointer.js";
import { inferRoute, type Route } from "./routes.js";
import type { BodyInfo, NodeInfo, Path, ReportSpec, Rule, RuleContext, SourceInfo, Visitors } from "./rule.js";
import { scopeTable } from "./scopes.js";
import { buildTree, isRecord, looksLikeNode } from "./tree.js";
import type { Consequence, Diagnostic, LintOptions, Severity, Suggestion } from "./types.js";

export interface EngineOptions extends LintOptions {
  /** Where the request body sits inside the document (a wrapped --jsonl line: ["body"]). */
  readonly bodyPath?: Path;
}

interface Pending {
  readonly diagnostic: Diagnostic;
  readonly at: Path;
  readonly atKey: boolean;
  readonly offset: number | undefined;
}

const TEMPLATE = /\{\{\s*(\w+)\s*\}\}/g;

function render(template: string | undefined, data: Readonly<Record<string, unknown>> | undefined, ruleId: string, messageId: string): string {
  if (template === undefined) throw new Error(`rule ${ruleId} has no message "${messageId}"`);
  return template.replace(TEMPLATE, (_, key: string) => {
    const v = data?.[key];
    return v === undefined ? "" : String(v);
  });
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
  const parsed = parseSource(text);
  return run({ text, syntaxError: parsed.error, duplicateKeys: parsed.duplicates }, parsed.value, rules, options);
}

interface TextSource extends SourceInfo {
  readonly text: string;
}

function run(source: TextSource | undefined, document: unknown, ruleTable: readonly Rule[], options: EngineOptions): Diagnostic[] {
  const contract = loadContract();
  const rules = selectRules(ruleTable, options);
  const bodyPath = options.bodyPath ?? [];
  const body = source?.syntaxError ? undefined : valueAt(document, bodyPath);
  const route = inferRoute(body, options.route);
  const dataset = contract.datasets[route.dataset];
  const people = contract.datasets.people;
  const scopeOf = route.dataset === "people" ? scopeTable(people, options.scopes) : (): SubRecord | undefined => undefined;
  const scopeKeyByRecord = new Map<SubRecord, ScopeKey>();
  for (const [key, sub] of Object.entries(dataset.scopes) as [ScopeKey, SubRecord][]) scopeKeyByRecord.set(sub, key);
  const now = options.now ?? new Date();

  const pending: Pending[] = [];
  const listeners: { [K in keyof Visitors]-?: NonNullable<Visitors[K]>[] } = {
    Source: [],
    Body: [],
    Node: [],
    Composite: [],
    Leaf: [],
    Scope: [],
  };
  for (const { rule, severity } of rules) {
    const context: RuleContext = {
      contract,
      route,
      dataset,
      scopeOf,
      scopeKeyOf: (sub) => scopeKeyByRecord.get(sub),
      now,
      report: (spec) => pending.push(toPending(rule, severity, spec)),
    };
    const visitors = rule.create(context);
    for (const key of Object.keys(visitors) as (keyof Visitors)[]) {
      const fn = visitors[key];
      if (fn) (listeners[key] as unknown[]).push(fn);
    }
  }

  if (source) for (const fn of listeners.Source) fn(source);
  if (!source?.syntaxError) {
    const info = bodyInfo(body, bodyPath, route);
    for (const fn of listeners.Body) fn(info);
    const root = treeRoot(info);
    if (root) {
      const nodes = buildTree(root.value, root.path, { dataset, maxDepth: contract.limits.project.maxNestingDepth });
      const hasNode = listeners.Node.length > 0;
      for (const node of nodes) {
        if (hasNode) for (const fn of listeners.Node) fn(node);
        dispatch(node, listeners);
      }
    }
  }
  return finish(pending, source);
}

function dispatch(node: NodeInfo, listeners: { Composite: NonNullable<Visitors["Composite"]>[]; Leaf: NonNullable<Visitors["Leaf"]>[]; Scope: NonNullable<Visitors["Scope"]>[] }): void {
  switch (node.kind) {
    case "composite":
      for (const fn of listeners.Composite) fn(node);
      break;
    case "leaf":
      for (const fn of listeners.Leaf) fn(node);
      break;
    case "scope":
      for (const fn of listeners.Scope) fn(node);
      break;
  }
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

function valueAt(document: unknown, path: Path): unknown {
  let v = document;
  for (const seg of path) {
    if (v === null || typeof v !== "object" || !Object.hasOwn(v, seg)) return undefined;
    v = (v as Record<string | number, unknown>)[seg];
  }
  return v;
}

function bodyInfo(body: unknown, path: Path, route: Route): BodyInfo {
  const bare = route.kind === "search" && isRecord(body) && looksLikeNode(body) && !route.bodyMembers.some((m) => Object.hasOwn(body, m));
  return { value: body, path, kind: route.kind, bare };
}

/** The root node of the Query Spec tree: `where`, or the body itself when it is a bare node. */
function treeRoot(body: BodyInfo): { value: unknown; path: Path } | undefined {
  if (body.kind !== "search" || !isRecord(body.value)) return undefined;
  if (body.bare) return { value: body.value, path: body.path };
  if (!Object.hasOwn(body.value, "where")) return undefined;
  return { value: body.value.where, path: [...body.path, "where"] };
}

function toPending(rule: Rule, severity: Severity, spec: ReportSpec): Pending {
  const { meta } = rule;
  const suggestions: Suggestion[] = (spec.suggestions ?? []).map((s) => ({
    message: render(meta.messages[s.messageId], s.data, meta.id, s.messageId),
    ...(s.fix ? { fix: { path: encodePointer(s.fix.at), value: s.fix.value } } : {}),
  }));
  const diagnostic: Diagnostic = {
    ruleId: meta.id,
    severity,
    consequence: meta.consequence,
    path: encodePointer(spec.at),
    message: render(meta.messages[spec.messageId], spec.data, meta.id, spec.messageId),
    clauses: spec.clauses ?? meta.clauses,
    suggestions,
    ...(spec.fix ? { fix: { path: encodePointer(spec.fix.at), value: spec.fix.value } } : {}),
  };
  return { diagnostic, at: spec.at, atKey: spec.atKey ?? false, offset: spec.offset };
}

/** Fills line/column (text input only) and orders diagnostics by position, then by rule order. */
function finish(pending: Pending[], source: TextSource | undefined): Diagnostic[] {
  if (!source || pending.length === 0) return pending.map((p) => p.diagnostic);
  const { text } = source;
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
    const found = locate(text, targets);
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
