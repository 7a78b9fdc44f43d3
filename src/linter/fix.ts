/**
 * Applying fixes. A fix is a set of text edits of the input (ESLint's fixer model, docs/lint.md
 * "Fixes"); the fixes of one pass whose edits overlap are not applied together (the first wins),
 * so `fixSource` re-lints and repeats until nothing is left to fix, as ESLint does. Only the bytes
 * inside the applied ranges change.
 */
import { RULES } from "../../rules/all.js";
import { applyEdits } from "../lint/edits.js";
import { documentText, runRules, type EngineOptions } from "../lint/engine.js";
import { decodeUtf8 } from "../lint/json/source.js";
import { checkRuleSettings } from "./rule-settings.js";
import type { Diagnostic, Fix, TextEdit } from "../lint/types.js";

export interface FixOptions {
  /**
   * Also apply suggestions that change which records match: a diagnostic's suggestion is applied when it is the only
   * one with a fix.
   */
  readonly suggestions?: boolean;
}

export interface FixResult {
  /**
   * The fixed document as JSON text: the input's text with the applied edits (a parsed value is written as
   * JSON.stringify does).
   */
  readonly output: string;
  /** The fixed document as a value when the input was one (undefined for text input). */
  readonly value: unknown;
  /** The diagnostics whose fix (or suggestion) was applied. */
  readonly applied: readonly Diagnostic[];
}

/** Rules after which a document is not rewritten: there is no sound tree to rewrite. */
const UNFIXABLE = new Set(["invalid-json", "max-depth", "duplicate-key"]);

/** Most passes of lint-and-fix fixSource makes. */
const MAX_PASSES = 10;

/** The fix --fix (and, with `suggestions`, --fix-suggestions) would apply for a diagnostic. */
export function fixOf(d: Diagnostic, options: FixOptions = {}): Fix | undefined {
  if (d.fix) return d.fix;
  if (!options.suggestions) return undefined;
  let only: Fix | undefined;
  for (const s of d.suggestions) {
    if (!s.fix) continue;
    if (only) return undefined;
    only = s.fix;
  }
  return only;
}

/** The text a source is fixed as: a string (a leading byte order mark kept aside), UTF-8 bytes, or a parsed value. */
function sourceText(source: unknown): { text: string; bom: boolean } | undefined {
  if (typeof source === "string")
    return source.charCodeAt(0) === 0xfeff ? { text: source.slice(1), bom: true } : { text: source, bom: false };
  if (source instanceof Uint8Array) {
    const { text, error, bom } = decodeUtf8(source);
    return error ? undefined : { text, bom };
  }
  const text = documentText(source);
  return text === undefined ? undefined : { text, bom: false };
}

/** Marks of the text map chooseFixes keeps: a code unit a taken edit replaces, an insertion before it. */
const COVERED = 1,
  INSERTED = 2;

/**
 * The fixes of one pass that can be applied together, in diagnostic order. A fix is taken when
 * none of its edits meets a taken edit (ranges may touch) and it does not rewrite exactly the text
 * a taken fix keeps between two of its edits, nor keep exactly the text a taken fix rewrites: an
 * unwrap of a node and a fix inside the node it keeps compose (a fix of that very node would change
 * what the unwrap keeps, and waits for the next pass). Edits are marked in a map of the text, so
 * the choice costs the length of the edits, not the number of fixes squared.
 */
function chooseFixes(
  text: string,
  diagnostics: readonly Diagnostic[],
  options: FixOptions,
): { edits: TextEdit[]; applied: Diagnostic[] } {
  const edits: TextEdit[] = [];
  const applied: Diagnostic[] = [];
  if (diagnostics.some((d) => UNFIXABLE.has(d.ruleId))) return { edits, applied };
  let taken: Uint8Array | undefined;
  const extents = new Set<string>();
  const gaps = new Set<string>();
  for (const d of diagnostics) {
    const fix = fixOf(d, options);
    if (!fix || fix.edits.length === 0) continue;
    taken ??= new Uint8Array(text.length + 1);
    const own = fix.edits;
    if (!own.every((e) => inText(e, text.length) && free(taken!, e.range[0], e.range[1]))) continue;
    const extent = `${own[0]!.range[0]}:${own[own.length - 1]!.range[1]}`;
    const ownGaps: string[] = [];
    for (let i = 1; i < own.length; i++) ownGaps.push(`${own[i - 1]!.range[1]}:${own[i]!.range[0]}`);
    if (gaps.has(extent) || ownGaps.some((g) => extents.has(g))) continue;
    extents.add(extent);
    for (const g of ownGaps) gaps.add(g);
    for (const e of own) {
      const [start, end] = e.range;
      if (start === end) taken[start]! |= INSERTED;
      else taken.fill(COVERED, start, end);
      edits.push(e);
    }
    applied.push(d);
  }
  return { edits, applied };
}

function inText(e: TextEdit, length: number): boolean {
  const [start, end] = e.range;
  return Number.isInteger(start) && Number.isInteger(end) && start >= 0 && start <= end && end <= length;
}

/**
 * Whether a range meets no taken edit: a replacement covers no taken code unit and no insertion
 * strictly inside it; an insertion is not strictly inside a taken replacement.
 */
function free(taken: Uint8Array, start: number, end: number): boolean {
  if (start === end) return start === 0 || (taken[start - 1]! & COVERED) === 0 || (taken[start]! & COVERED) === 0;
  if (taken[start]! & COVERED) return false;
  for (let i = start + 1; i < end; i++) if (taken[i] !== 0) return false;
  return true;
}

/** Applies the non-overlapping fixes of one pass of diagnostics to a document (JSON text, UTF-8 bytes or a value). */
export function applyFixes(source: unknown, diagnostics: readonly Diagnostic[], options: FixOptions = {}): FixResult {
  const input = sourceText(source);
  const asValue = typeof source !== "string" && !(source instanceof Uint8Array);
  if (!input)
    return { output: typeof source === "string" ? source : "", value: asValue ? source : undefined, applied: [] };
  const { edits, applied } = chooseFixes(input.text, diagnostics, options);
  if (applied.length === 0) {
    return { output: (input.bom ? "\ufeff" : "") + input.text, value: asValue ? source : undefined, applied };
  }
  const text = applyEdits(input.text, edits);
  return { output: (input.bom ? "\ufeff" : "") + text, value: asValue ? JSON.parse(text) : undefined, applied };
}

export interface FixSourceResult extends FixResult {
  /** The diagnostics of the fixed document. */
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * Lints, fixes and re-lints until no fix applies (at most 10 passes). Text keeps its layout: only
 * the bytes the fixes edit change (a leading byte order mark stays). A parsed value is fixed as
 * its JSON.stringify text.
 */
export function fixSource(source: unknown, options: EngineOptions & FixOptions = {}): FixSourceResult {
  checkRuleSettings(options.rules, "fixSource(): options.rules");
  const input = sourceText(source);
  const asValue = typeof source !== "string" && !(source instanceof Uint8Array);
  if (!input)
    return {
      output: typeof source === "string" ? source : "",
      value: asValue ? source : undefined,
      applied: [],
      diagnostics: runRules(source, RULES, options),
    };
  let text = input.text;
  let value = source;
  // Text is linted with its byte order mark (the engine reads past it, and says so): ranges count after it.
  const lintable = (): unknown => (asValue ? value : input.bom ? "\ufeff" + text : text);
  let diagnostics = runRules(lintable(), RULES, options);
  const applied: Diagnostic[] = [];
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const chosen = chooseFixes(text, diagnostics, options);
    if (chosen.applied.length === 0) break;
    applied.push(...chosen.applied);
    text = applyEdits(text, chosen.edits);
    if (asValue) {
      // A value's fixes edit its JSON.stringify text: the next pass lints the value that text holds.
      value = JSON.parse(text);
      text = documentText(value) ?? text;
    }
    diagnostics = runRules(lintable(), RULES, options);
  }
  const output = (input.bom ? "\ufeff" : "") + text;
  return { output, value: asValue ? value : undefined, applied, diagnostics };
}
