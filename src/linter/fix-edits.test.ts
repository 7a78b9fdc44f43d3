/**
 * Fixes are text edits of the input (docs/lint.md, "Fixes"): only the bytes inside the reported
 * ranges change, so numbers, escapes, line endings, key order and untouched lines stay as written,
 * and a report holds each fix's own edits, never a copy of a subtree.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyEdits } from "../lint/edits.js";
import { fixSource } from "./fix.js";
import { lint } from "./lint.js";
import type { Fix } from "../lint/types.js";

/**
 * Checks one fix against its text: sorted, non-overlapping ranges inside the text; the result parses; nothing outside
 * the ranges moved.
 */
function checkFix(text: string, fix: Fix): void {
  let last = 0;
  for (const e of fix.edits) {
    expect(e.range[0]).toBeGreaterThanOrEqual(last);
    expect(e.range[1]).toBeGreaterThanOrEqual(e.range[0]);
    expect(e.range[1]).toBeLessThanOrEqual(text.length);
    last = e.range[1];
  }
  const out = applyEdits(text, fix.edits);
  expect(() => JSON.parse(out)).not.toThrow();
  // Outside the ranges, the output is the input: walk both, skipping each range and its replacement.
  let i = 0;
  let j = 0;
  for (const e of fix.edits) {
    expect(out.slice(j, j + (e.range[0] - i))).toBe(text.slice(i, e.range[0]));
    j += e.range[0] - i + e.text.length;
    i = e.range[1];
  }
  expect(out.slice(j)).toBe(text.slice(i));
}

describe("fixes edit the text in place", () => {
  it("keeps big and odd numbers, escapes, CRLF, key order and untouched lines byte for byte", () => {
    const text = [
      "{",
      '  "size": 12345678901234567890123,',
      '  "where": {"all": [',
      '    {"field": "city", "in": ["Par\\u0069s"]},',
      '    {"eq": "Berlin", "field": "city"},',
      '    {"not": {"not": {"field": "experience_months", "gte": 1e400}}}',
      "  ]}",
      "}",
      "",
    ].join("\r\n");
    const { output, applied } = fixSource(text);
    expect(applied.map((d) => d.ruleId).sort()).toEqual(["double-negation", "single-value-in"]);
    const lines = output.split("\r\n");
    expect(lines).toEqual(
      [
        "{",
        '  "size": 12345678901234567890123,',
        '  "where": {"all": [',
        '    {"field": "city", "eq": "Par\\u0069s"},',
        '    {"eq": "Berlin", "field": "city"},',
        '    {"field": "experience_months", "gte": 1e400}',
        "  ]}",
        "",
      ]
        .slice(0, 7)
        .concat(["}", ""]),
    );
    expect(output.includes("\n") && !/[^\r]\n/.test(output)).toBe(true);
  });

  it("a one-word fix changes one value and nothing else (no sibling reflowed)", () => {
    const text =
      '{\n  "where": {\n    "all": [\n      {"field": "city", "eq": "Paris"},\n      {\n        "field": ' +
      '"management_level",\n        "eq": "senior"\n      }\n    ]\n  }\n}\n';
    const { output } = fixSource(text, { suggestions: true });
    expect(output).toBe(text.replace('"senior"', '"Senior"'));
  });

  it("keeps a report linear: no fix copies a subtree (an any of 5,000 leaves listed twice)", () => {
    const leaves = Array.from({ length: 5000 }, (_, i) => ({ field: "city", eq: `c${i}` }));
    const text = JSON.stringify({ where: { any: [...leaves, ...leaves] } });
    const found = lint(text).filter((d) => d.ruleId === "duplicate-sibling");
    expect(found).toHaveLength(5000);
    const size = JSON.stringify(found).length;
    expect(size).toBeLessThan(text.length * 10);
    for (const d of found.slice(0, 50)) checkFix(text, d.fix!);
    expect(JSON.parse(fixSource(text).output)).toEqual({ where: { any: leaves } });
  });

  it("unwraps a chain of 60 nots by deleting text around what it keeps, all in one run", () => {
    const depth = 60;
    const text = `{"where": ${'{"not": '.repeat(depth)}{"field": "city", "eq": "x"}${"}".repeat(depth)}}`;
    const found = lint(text).filter((d) => d.fix);
    for (const d of found) {
      checkFix(text, d.fix!);
      expect(d.fix!.edits.every((e) => e.text === "")).toBe(true);
    }
    expect(JSON.parse(fixSource(text).output)).toEqual({ where: { field: "city", eq: "x" } });
  });

  it("fixes a parsed value as its JSON.stringify text", () => {
    const value = { where: { all: [{ field: "city", in: ["a"] }] } };
    const result = fixSource(value);
    expect(result.value).toEqual({ where: { field: "city", eq: "a" } });
    expect(value.where.all[0]).toEqual({ field: "city", in: ["a"] }); // the input is not modified
  });

  it("property: every fix and suggestion changes only the bytes inside its ranges, and the result parses", () => {
    const scalar = fc.oneof(
      fc.constantFrom(
        '"senior"',
        '"Senior"',
        '"FR"',
        '"usa"',
        '"Paris"',
        '"fluent"',
        '"2024-1-5"',
        '"now-2w"',
        '"\\u0041"',
        "1e400",
        "12345678901234567890123",
        "-0.0",
        "true",
        "24",
      ),
    );
    const field = fc.constantFrom(
      "city",
      "title",
      "country",
      "management_level",
      "experience_months",
      "is_current",
      "language_proficiency",
      "company_name",
      "level",
      "started_at",
      "citty",
    );
    const op = fc.constantFrom("eq", "in", "match", "gte", "lte", "exists", "eqq");
    const ws = fc.constantFrom("", " ", "\n  ", "\r\n\t");
    const leaf = fc.tuple(field, op, scalar, ws, fc.boolean()).map(([f, o, v, w, swap]) => {
      const parts = [`"field":${w}"${f}"`, `"${o}":${w}${o === "in" ? `[${v}]` : v}`];
      return `{${w}${(swap ? parts.reverse() : parts).join(`,${w}`)}${w}}`;
    });
    const node: fc.Arbitrary<string> = fc.letrec<{ node: string }>((tie) => ({
      node: fc.oneof(
        { depthSize: "small", withCrossShrink: true },
        leaf,
        fc
          .tuple(fc.constantFrom("all", "any"), fc.array(tie("node"), { minLength: 1, maxLength: 4 }), ws)
          .map(([k, xs, w]) => `{"${k}":${w}[${xs.join(`,${w}`)}]}`),
        fc.tuple(tie("node"), ws).map(([x, w]) => `{"not":${w}${x}}`),
        fc
          .tuple(fc.constantFrom("has_experience", "has_language", "has_education"), tie("node"))
          .map(([k, x]) => `{"${k}": ${x}}`),
      ),
    })).node;
    const body = fc
      .tuple(node, fc.constantFrom("", ', "size": 0', ', "sise": 5', ', "size": 1.5'))
      .map(([where, rest]) => `{"where": ${where}${rest}}`);
    fc.assert(
      fc.property(body, (text) => {
        for (const d of lint(text)) {
          if (d.fix) checkFix(text, d.fix);
          for (const s of d.suggestions) if (s.fix) checkFix(text, s.fix);
        }
        const fixed = fixSource(text, { suggestions: true });
        expect(() => JSON.parse(fixed.output)).not.toThrow();
      }),
      { numRuns: 300, seed: 20260117 },
    );
  });
});
