/**
 * RuleTester, after ESLint's: valid cases must give no diagnostic of the rule; invalid cases give
 * exactly the listed diagnostics, each checked for rule id, consequence, severity, path, line and
 * column, message, suggestions and fix. Positions are marked in the case's JSON text with «
 * (one marker per expected diagnostic, in document order), so line and column are asserted
 * against where the author put them, not against the engine's own locator.
 */
import { describe, expect, it } from "vitest";
import { loadContract } from "../../contract/index.js";
import { runRules, type EngineOptions } from "../../lint/engine.js";
import { applyEdits } from "../../lint/edits.js";
import { applyFixes } from "../fix.js";
import { decodePointer } from "../../contract/json-pointer.js";
import type { Rule } from "../../lint/rule.js";
import { DEFAULT_SEVERITY } from "../../lint/consequence.js";
import type { Consequence, Diagnostic, Fix, LintOptions } from "../../lint/types.js";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { packageRoot } from "../../contract/root.js";
import { renderRuleDoc } from "../../lint/testing/rule-doc.js";

const MARK = "«";

interface CaseOptions extends LintOptions {
  readonly name?: string;
  /** Linted as a document a person keeps, not a body sent (EngineOptions.document). */
  readonly document?: boolean;
}

export interface ValidCase extends CaseOptions {
  /** JSON text (a string) or a value. */
  readonly code: string | { readonly value: unknown };
}

interface ExpectedSuggestion {
  readonly message?: string | RegExp;
  /**
   * The value at `path` once the suggestion's edits are applied to the case's text (without `path`:
   * the one subtree the edits changed); null asserts it carries no fix.
   */
  readonly value?: unknown;
  readonly path?: string;
}

interface ExpectedDiagnostic<MessageIds extends string = string> {
  /** Which of the rule's messages (a key of `meta.messages`); checked by the compiler against the rule. */
  readonly messageId: MessageIds;
  /** Values the message was filled with, compared member by member with the diagnostic's `data`. */
  readonly data?: Readonly<Record<string, unknown>>;
  readonly path: string;
  /**
   * The class when it is not the rule's own: `narrowed` for a dead value of an `in` list whose other values match
   * (src/lint/engine.ts); the severity is then that class's.
   */
  readonly consequence?: Consequence;
  /** The full text: kept for a few cases per rule, where the wording itself is what is tested. */
  readonly message?: string | RegExp;
  readonly clauses?: readonly string[];
  /** Every suggestion, in order (an empty array asserts there is none). */
  readonly suggestions?: readonly ExpectedSuggestion[];
  /** The value at `path` once the meaning-preserving fix's edits alone are applied to the case's text. */
  readonly fix?: { readonly path: string; readonly value: unknown } | null;
}

export interface InvalidCase<MessageIds extends string = string> extends CaseOptions {
  /** JSON text with one « before the position of each expected diagnostic. */
  readonly code: string;
  readonly errors: readonly ExpectedDiagnostic<MessageIds>[];
  /** The document after applying this rule's fixes once (and, when `suggestions` is set, its single suggestions). */
  readonly output?: unknown;
  readonly applySuggestions?: boolean;
}

function positions(marked: string): { text: string; at: { line: number; column: number }[] } {
  const at: { line: number; column: number }[] = [];
  let text = "";
  let line = 1;
  let column = 1;
  for (const ch of marked) {
    if (ch === MARK) {
      at.push({ line, column });
      continue;
    }
    text += ch;
    if (ch === "\n") {
      line++;
      column = 1;
    } else column += ch.length;
  }
  return { text, at };
}

/**
 * The document a fix makes of the text, read at a pointer. Also checks what every fix must be: its
 * edits lie inside the text, do not overlap, and leave JSON.
 */
function fixedAt(text: string, fix: Fix | undefined, pointer: string | undefined): unknown {
  expect(fix, "the diagnostic carries a fix").toBeDefined();
  let last = 0;
  for (const e of fix!.edits) {
    expect(e.range[0], "edits are sorted and do not overlap").toBeGreaterThanOrEqual(last);
    expect(e.range[1]).toBeGreaterThanOrEqual(e.range[0]);
    expect(e.range[1]).toBeLessThanOrEqual(text.length);
    last = e.range[1];
  }
  let value: unknown = JSON.parse(applyEdits(text, fix!.edits));
  if (pointer === undefined) return changed(JSON.parse(text), value);
  for (const seg of decodePointer(pointer)) value = (value as Record<string, unknown>)?.[seg];
  return value;
}

/** The new value of the one subtree that differs between two documents (the whole document when several do). */
function changed(before: unknown, after: unknown): unknown {
  for (;;) {
    if (
      before === null ||
      after === null ||
      typeof before !== "object" ||
      typeof after !== "object" ||
      Array.isArray(before) !== Array.isArray(after)
    )
      return after;
    const a = before as Record<string, unknown>;
    const b = after as Record<string, unknown>;
    const keys = Object.keys(b);
    if (keys.length !== Object.keys(a).length || !keys.every((k) => Object.hasOwn(a, k))) return after;
    const differing = keys.filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]));
    if (differing.length !== 1) return after;
    before = a[differing[0]!];
    after = b[differing[0]!];
  }
}

function ofRule(rule: Rule, input: unknown, options: EngineOptions): Diagnostic[] {
  return runRules(input, [rule], options).filter((d) => d.ruleId === rule.meta.id);
}

function checkConsistency(rule: Rule, d: Diagnostic, consequence = rule.meta.consequence): void {
  expect(d.ruleId).toBe(rule.meta.id);
  expect(d.consequence).toBe(consequence);
  expect(d.severity).toBe(DEFAULT_SEVERITY[consequence]);
  expect(d.message).not.toMatch(/\{\{|undefined/);
  expect(d.clauses.length).toBeGreaterThan(0);
  for (const c of d.clauses) expect(rule.meta.clauses, `clause ${c} of a diagnostic is in meta.clauses`).toContain(c);
  if (d.fix)
    expect(rule.meta.fixable, "a rule that reports fixes declares fixable: meaning-preserving").toBe(
      "meaning-preserving",
    );
  if (d.suggestions.some((s) => s.fix))
    expect(rule.meta.fixable, "a rule whose suggestions carry fixes declares fixable").toBeDefined();
}

export function ruleTester<MessageIds extends string>(
  rule: Rule<MessageIds>,
  cases: { valid: readonly ValidCase[]; invalid: readonly InvalidCase<NoInfer<MessageIds>>[] },
): void {
  describe(rule.meta.id, () => {
    it("has the meta every rule has", () => {
      const clauses = loadContract().clauses;
      expect(rule.meta.description.length).toBeGreaterThan(10);
      expect(rule.meta.clauses.length).toBeGreaterThan(0);
      for (const c of rule.meta.clauses) expect(clauses.has(c), `clause ${c} exists in spec/clauses.yaml`).toBe(true);
      expect(cases.valid.length, "at least one valid case").toBeGreaterThan(0);
      expect(cases.invalid.length, "at least one invalid case").toBeGreaterThan(0);
    });

    it(`has its page docs/rules/${rule.meta.id}.md, written from its meta and these cases`, () => {
      const file = join(packageRoot(), "docs", "rules", `${rule.meta.id}.md`);
      const page = renderRuleDoc(rule, cases, loadContract().clauses, MARK);
      // npm run docs:rules writes the pages; every other run checks them, so they cannot drift from the rule.
      if (process.env.TDSS_WRITE_RULE_DOCS === "1") writeFileSync(file, page);
      expect(existsSync(file), `${file} is missing: run npm run docs:rules`).toBe(true);
      expect(readFileSync(file, "utf8"), `${file} is stale: run npm run docs:rules`).toBe(page);
    });

    cases.valid.forEach((c, i) => {
      const shown = c.name ?? (typeof c.code === "string" ? c.code : JSON.stringify(c.code.value)).slice(0, 80);
      it(`valid ${i + 1}: ${shown}`, () => {
        const input = typeof c.code === "string" ? c.code : c.code.value;
        expect(ofRule(rule, input, c)).toEqual([]);
      });
    });

    cases.invalid.forEach((c, i) => {
      it(`invalid ${i + 1}: ${c.name ?? c.code.replaceAll(MARK, "").slice(0, 80)}`, () => {
        const { text, at } = positions(c.code);
        expect(at.length, "one « marker per expected diagnostic").toBe(c.errors.length);
        const found = ofRule(rule, text, c);
        expect(found.map((d) => d.path)).toEqual(c.errors.map((e) => e.path));
        found.forEach((d, k) => {
          const e = c.errors[k]!;
          checkConsistency(rule, d, e.consequence);
          expect({ line: d.line, column: d.column }, `position of ${d.path}`).toEqual(at[k]);
          expect(d.messageId, `messageId of ${d.path}`).toBe(e.messageId);
          if (e.data) expect(d.data, `data of ${d.path}`).toMatchObject(e.data);
          if (typeof e.message === "string") expect(d.message).toBe(e.message);
          else if (e.message) expect(d.message).toMatch(e.message);
          if (e.clauses) expect(d.clauses).toEqual(e.clauses);
          if (e.suggestions) {
            expect(d.suggestions.length, `suggestions of ${d.path}`).toBe(e.suggestions.length);
            e.suggestions.forEach((s, j) => {
              const got = d.suggestions[j]!;
              if (typeof s.message === "string") expect(got.message).toBe(s.message);
              else if (s.message) expect(got.message).toMatch(s.message);
              if (s.value === null) expect(got.fix).toBeUndefined();
              else if (s.value !== undefined)
                expect(fixedAt(text, got.fix, s.path), `suggestion ${j + 1} of ${d.path}`).toEqual(s.value);
            });
          }
          if (e.fix === null) expect(d.fix).toBeUndefined();
          else if (e.fix) expect(fixedAt(text, d.fix, e.fix.path), `fix of ${d.path}`).toEqual(e.fix.value);
        });
        if (c.output !== undefined) {
          const result = applyFixes(text, found, { suggestions: c.applySuggestions ?? false });
          expect(result.applied.length).toBeGreaterThan(0);
          expect(JSON.parse(result.output)).toEqual(c.output);
        }
      });
    });
  });
}
