/**
 * Fixes as text edits (ESLint's fixer model): the edits a rule's fix spec makes, by path, become
 * replacements of ranges of the input text, found in the same pass that finds line and column
 * (json/scan.ts `locateAll`). A fix touches only the bytes it is about, so a report holds each
 * fix's own text and never a copy of a subtree (docs/lint.md, "Fixes").
 */
import type { LocateTarget, Span } from "./json/scan.js";
import { skipWs } from "./json/scan.js";
import { SourceText } from "./nodes.js";
import type { EditSpec, FixSpec, Path } from "./rule.js";
import type { Fix, TextEdit } from "./types.js";

/** How deep the value of a fix may nest (rules build small values; a deeper one is dropped, not a crash). */
const MAX_VALUE_DEPTH = 100;

/** Stands for the text of the node a fix replaces, inside its new value: JSON.stringify never writes a raw NUL. */
const SELF = "\u0000";

function specs(fix: FixSpec): readonly EditSpec[] {
  return Array.isArray(fix) ? (fix as readonly EditSpec[]) : [fix as EditSpec];
}

/** The paths whose spans resolving a fix needs, pushed onto `out`. */
export function fixTargets(fix: FixSpec, out: LocateTarget[]): void {
  for (const e of specs(fix)) {
    if ("remove" in e) out.push({ path: e.remove, span: true });
    else if ("rename" in e) out.push({ path: e.rename, span: true });
    else if ("unwrap" in e) out.push({ path: e.at, span: true }, { path: e.unwrap, span: true });
    else {
      out.push({ path: e.at, span: true });
      markers(e.value, (m) => out.push({ path: m.path, span: true }));
    }
  }
}

/** The source-text markers inside the value of a fix (an explicit stack: no recursion on the value). */
function markers(value: unknown, fn: (m: SourceText) => void): void {
  const stack: unknown[] = [value];
  let seen = 0;
  while (stack.length > 0 && seen++ < 10_000) {
    const v = stack.pop();
    if (v instanceof SourceText) fn(v);
    else if (Array.isArray(v)) for (const item of v) stack.push(item);
    else if (v !== null && typeof v === "object")
      for (const key of Object.keys(v)) stack.push((v as Record<string, unknown>)[key]);
  }
}

type SpanOf = (path: Path) => Span | undefined;

/** The text edits of a fix, or undefined when a path it needs is not in the text or its edits would overlap. */
export function resolveFix(fix: FixSpec, text: string, spanOf: SpanOf): Fix | undefined {
  const edits: TextEdit[] = [];
  const removed: Span[] = [];
  for (const e of specs(fix)) {
    if (!("remove" in e)) {
      if (!editsOf(e, text, spanOf, edits)) return undefined;
      continue;
    }
    const s = spanOf(e.remove);
    if (!found(s)) return undefined;
    removed.push(s);
  }
  if (!removals(removed, edits)) return undefined;
  edits.sort((a, b) => a.range[0] - b.range[0] || a.range[1] - b.range[1]);
  for (let i = 1; i < edits.length; i++) if (edits[i]!.range[0] < edits[i - 1]!.range[1]) return undefined;
  return { edits };
}

function found(span: Span | undefined): span is Span {
  return span !== undefined && span.start >= 0 && span.end >= span.start;
}

/**
 * The edits removing the elements or members of one fix, each with one separator: the comma before it, unless
 * the one before it goes by the comma after it or there is none before it (a run at the start of a list), then
 * the comma after it, so that two removals of one fix never take the same comma.
 */
function removals(spans: Span[], out: TextEdit[]): boolean {
  spans.sort((a, b) => a.start - b.start);
  const tookNext = new Set<number>();
  for (const s of spans) {
    const start = s.keyStart >= 0 ? s.keyStart : s.start;
    if (s.prevEnd >= 0 && !tookNext.has(s.prevEnd)) out.push({ range: [s.prevEnd, s.end], text: "" });
    else if (s.nextStart >= 0) {
      out.push({ range: [start, s.nextStart], text: "" });
      tookNext.add(s.end);
    } else out.push({ range: [start, s.end], text: "" });
  }
  return true;
}

function editsOf(
  e: Exclude<EditSpec, { readonly remove: Path }>,
  text: string,
  spanOf: SpanOf,
  out: TextEdit[],
): boolean {
  if ("rename" in e) {
    const s = spanOf(e.rename);
    if (!found(s) || s.keyStart < 0) return false;
    out.push({ range: [s.keyStart, s.keyEnd], text: JSON.stringify(e.key) });
    return true;
  }
  const at = spanOf(e.at);
  if (!found(at)) return false;
  if ("unwrap" in e) {
    const inner = spanOf(e.unwrap);
    if (!found(inner) || inner.start < at.start || inner.end > at.end) return false;
    let first = inner.start;
    let last = inner.end;
    if (e.elements) {
      if (text.charCodeAt(inner.start) !== 0x5b) return false;
      first = skipWs(text, inner.start + 1);
      last = inner.end - 1; // the closing bracket
      while (last > first && isWs(text.charCodeAt(last - 1))) last--;
      if (first >= last) return removal(at, out); // an empty array: the element goes
    }
    out.push({ range: [at.start, first], text: "" }, { range: [last, at.end], text: "" });
    return true;
  }
  const value = serialize(e.value, text, spanOf, 0, e.at);
  if (value === undefined) return false;
  // A value that keeps the node's own text once (a scope or an array around it) is a wrap: the text before and the
  // text after are inserted, and the node's bytes stay as they are (docs/lint.md, "Fixes").
  const around = value.split(SELF);
  if (around.length === 2) {
    if (around[0]) out.push({ range: [at.start, at.start], text: around[0] });
    if (around[1]) out.push({ range: [at.end, at.end], text: around[1] });
    return true;
  }
  const whole = around.length === 1 ? value : serialize(e.value, text, spanOf, 0);
  if (whole === undefined) return false;
  out.push({ range: [at.start, at.end], text: whole });
  return true;
}

function samePath(a: Path, b: Path): boolean {
  return a.length === b.length && a.every((step, i) => step === b[i]);
}

function isWs(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

/** An array element or object member with one separator: the comma before it, else the one after it. */
function removal(s: Span | undefined, out: TextEdit[]): boolean {
  if (!found(s)) return false;
  const start = s.keyStart >= 0 ? s.keyStart : s.start;
  if (s.prevEnd >= 0) out.push({ range: [s.prevEnd, s.end], text: "" });
  else if (s.nextStart >= 0) out.push({ range: [start, s.nextStart], text: "" });
  else out.push({ range: [start, s.end], text: "" });
  return true;
}

/**
 * Compact JSON of a fix's value, with source-text markers copied from the input; a marker of `self` (the path the
 * value replaces) is written as SELF.
 */
function serialize(value: unknown, text: string, spanOf: SpanOf, depth: number, self?: Path): string | undefined {
  if (depth > MAX_VALUE_DEPTH) return undefined;
  if (value instanceof SourceText) {
    if (self && samePath(value.path, self)) return SELF;
    const s = spanOf(value.path);
    return found(s) ? text.slice(s.start, s.end) : undefined;
  }
  if (Array.isArray(value)) {
    const parts: string[] = [];
    for (const item of value) {
      const s = serialize(item, text, spanOf, depth + 1, self);
      if (s === undefined) return undefined;
      parts.push(s);
    }
    return `[${parts.join(",")}]`;
  }
  if (value !== null && typeof value === "object") {
    const parts: string[] = [];
    for (const key of Object.keys(value)) {
      const s = serialize((value as Record<string, unknown>)[key], text, spanOf, depth + 1, self);
      if (s === undefined) return undefined;
      parts.push(`${JSON.stringify(key)}:${s}`);
    }
    return `{${parts.join(",")}}`;
  }
  if (typeof value === "number" && !Number.isFinite(value)) return undefined;
  return JSON.stringify(value) ?? "null";
}

/** The text with non-overlapping edits applied (edits sorted by range). */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const sorted = [...edits].sort((a, b) => a.range[0] - b.range[0] || a.range[1] - b.range[1]);
  const parts: string[] = [];
  let pos = 0;
  for (const e of sorted) {
    parts.push(text.slice(pos, e.range[0]), e.text);
    pos = e.range[1];
  }
  parts.push(text.slice(pos));
  return parts.join("");
}
