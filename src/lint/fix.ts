/**
 * Applying fixes. A fix replaces the JSON value at a pointer; fixes whose paths nest inside each
 * other are not applied in the same pass (the outer one wins), so `fixSource` re-lints and repeats
 * until nothing is left to fix, as ESLint does.
 */
import { RULES } from "../../rules/all.js";
import { runRules, type EngineOptions } from "./engine.js";
import { record } from "./nodes.js";
import { decodePointer } from "./pointer.js";
import type { Diagnostic, Fix } from "./types.js";

export interface FixOptions {
  /** Also apply suggestions that change which records match: a diagnostic's suggestion is applied when it is the only one with a fix. */
  readonly suggestions?: boolean;
}

export interface FixResult {
  /** The fixed document as JSON text, indented like the input (the input itself when nothing applied). */
  readonly output: string;
  /** The fixed document as a value (undefined when the input was text and nothing applied). */
  readonly value: unknown;
  /** The diagnostics whose fix (or suggestion) was applied. */
  readonly applied: readonly Diagnostic[];
}

/** Rules after which a document is not rewritten: there is no sound tree to rewrite. */
const UNFIXABLE = new Set(["invalid-json", "max-depth", "duplicate-key"]);

/** The fix --fix (and, with `suggestions`, --fix-suggestions) would apply for a diagnostic. */
export function fixOf(d: Diagnostic, options: FixOptions = {}): Fix | undefined {
  if (d.fix) return d.fix;
  if (!options.suggestions) return undefined;
  const applicable = d.suggestions.filter((s) => s.fix);
  return applicable.length === 1 ? applicable[0]!.fix : undefined;
}

/** Applies the non-overlapping fixes of one pass of diagnostics to a document (JSON text or a value). */
export function applyFixes(source: unknown, diagnostics: readonly Diagnostic[], options: FixOptions = {}): FixResult {
  const text = typeof source === "string" ? source : undefined;
  const chosen: { path: string[]; fix: Fix; diagnostic: Diagnostic }[] = [];
  if (!diagnostics.some((d) => UNFIXABLE.has(d.ruleId))) {
    for (const d of diagnostics) {
      const fix = fixOf(d, options);
      if (!fix) continue;
      const path = decodePointer(fix.path);
      if (chosen.some((c) => isPrefix(c.path, path) || isPrefix(path, c.path))) continue;
      chosen.push({ path, fix, diagnostic: d });
    }
  }
  if (chosen.length === 0) {
    return { output: text ?? serialize(source, undefined), value: text === undefined ? source : undefined, applied: [] };
  }
  let value: unknown = text === undefined ? source : JSON.parse(text);
  for (const c of chosen) value = replaceAt(value, c.path, c.fix.value);
  return { output: serialize(value, text), value, applied: chosen.map((c) => c.diagnostic) };
}

export interface FixSourceResult extends FixResult {
  /** The diagnostics of the fixed document. */
  readonly diagnostics: readonly Diagnostic[];
}

/** Lints, fixes and re-lints until no fix applies (at most 10 passes). */
export function fixSource(source: unknown, options: EngineOptions & FixOptions = {}): FixSourceResult {
  let current = source;
  let diagnostics = runRules(current, RULES, options);
  const applied: Diagnostic[] = [];
  let value: unknown = typeof source === "string" ? undefined : source;
  for (let pass = 0; pass < 10; pass++) {
    let result: FixResult;
    try {
      result = applyFixes(current, diagnostics, options);
    } catch (error) {
      if (error instanceof RangeError) break; // nested too deep to serialize: left as it is
      throw error;
    }
    if (result.applied.length === 0) break;
    applied.push(...result.applied);
    current = typeof source === "string" ? result.output : result.value;
    value = result.value;
    diagnostics = runRules(current, RULES, options);
  }
  const output = typeof current === "string" ? current : serialize(current, undefined);
  return { output, value: value ?? (typeof current === "string" ? undefined : current), applied, diagnostics };
}

function isPrefix(a: readonly string[], b: readonly string[]): boolean {
  if (a.length > b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** A copy of `doc` with the value at `path` replaced; only the containers on the path are copied. */
function replaceAt(doc: unknown, path: readonly string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string, ...string[]];
  if (Array.isArray(doc)) {
    const index = Number(head);
    if (!Number.isInteger(index) || index < 0 || index >= doc.length) throw new RangeError(`fix path leaves the document at ${head}`);
    const copy = doc.slice();
    copy[index] = replaceAt(doc[index], rest, value);
    return copy;
  }
  if (doc === null || typeof doc !== "object" || !Object.hasOwn(doc, head)) throw new RangeError(`fix path leaves the document at ${head}`);
  const obj = doc as Record<string, unknown>;
  return record(Object.keys(obj).map((k) => [k, k === head ? replaceAt(obj[k], rest, value) : obj[k]] as const));
}

/** JSON text in the layout of the original: one line stays one line, otherwise its indentation. */
function serialize(value: unknown, original: string | undefined): string {
  if (original !== undefined && !original.trim().includes("\n")) return JSON.stringify(value) + (original.endsWith("\n") ? "\n" : "");
  const indent = original ? (/\n([ \t]+)\S/.exec(original)?.[1] ?? "  ") : "  ";
  return JSON.stringify(value, null, indent) + (original === undefined || original.endsWith("\n") ? "\n" : "");
}
