/**
 * Every report format survives every input (docs/lint.md, "Robustness"): random and adversarial
 * bodies (deep nesting, repeated siblings and member names, `__proto__`, huge lists and strings,
 * bytes that are not UTF-8, a byte order mark, truncation) go through the real CLI entry in each
 * format and mode, and the report must be valid (JSON, SARIF 2.1.0, JUnit XML, workflow commands,
 * stylish lines) with the documented exit status: 1 when an error is reported, else 0.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { lint } from "../linter/lint.js";
import { runCli } from "./testing/cli.js";

const dir = mkdtempSync(join(tmpdir(), "tdss-lint-formats-"));

const leafText = fc
  .tuple(
    fc.constantFrom("city", "citty", "management_level", "experience_months", "__proto__", "is_current"),
    fc.constantFrom("eq", "in", "match", "gte"),
    fc.constantFrom('"senior"', '"Paris"', "1e400", "12345678901234567890123", '"\\u00e9"', "null", "[]"),
  )
  .map(([f, o, v]) => `{"field": "${f}", "${o}": ${o === "in" ? `[${v}]` : v}}`);

/** Bodies, as bytes: random trees and the hostile shapes, at sizes the machine runs quickly. */
const body: fc.Arbitrary<Buffer> = fc.oneof(
  fc
    .letrec<{ node: string }>((tie) => ({
      node: fc.oneof(
        { depthSize: "small" },
        leafText,
        fc
          .tuple(fc.constantFrom("all", "any"), fc.array(tie("node"), { maxLength: 4 }))
          .map(([k, xs]) => `{"${k}": [${xs.join(", ")}]}`),
        tie("node").map((x) => `{"not": ${x}}`),
        tie("node").map((x) => `{"has_experience": ${x}, "__proto__": {"x": 1}}`),
      ),
    }))
    .node.map((where) => Buffer.from(`{"where": ${where}, "size": 1}`)),
  fc
    .integer({ min: 1, max: 6000 })
    .map((d) => Buffer.from(`{"where":${'{"not":'.repeat(d)}{"field":"city","eq":"x"}${"}".repeat(d)}}`)),
  fc
    .integer({ min: 1, max: 3000 })
    .map((n) =>
      Buffer.from(JSON.stringify({ where: { all: Array.from({ length: n }, () => ({ field: "city", eq: "x" })) } })),
    ),
  fc
    .integer({ min: 1, max: 3000 })
    .map((n) =>
      Buffer.from(
        `{${Array.from({ length: n }, (_, i) => `"size": ${i}`).join(",")}, "where": {"field": "city", "eq": "x"}}`,
      ),
    ),
  fc
    .integer({ min: 1, max: 2000 })
    .map((n) =>
      Buffer.from(
        `{"__proto__": {"polluted": true}, "where": {"any": ` +
          `[${Array.from({ length: n }, (_, i) => `{"field": "country", "in": ["us", "c${i}"]}`).join(",")}]}}`,
      ),
    ),
  fc
    .integer({ min: 1, max: 200_000 })
    .map((n) => Buffer.from(`{"where": {"field": "city", "eq": "${"é".repeat(n)}"}}`)),
  fc
    .tuple(leafText, fc.nat(), fc.constantFrom([0xff], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0x80]))
    .map(([leaf, at, bad]) => {
      const text = Buffer.from(`{"where": ${leaf}}`);
      const cut = at % text.length;
      return Buffer.concat([text.subarray(0, cut), Buffer.from(bad), text.subarray(cut)]);
    }),
  leafText.map((leaf) =>
    Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`{"where": {"all": [${leaf}, ${leaf}]}}\r\n`)]),
  ),
  fc.tuple(leafText, fc.nat()).map(([leaf, n]) => Buffer.from(`{"where": ${leaf}}`.slice(0, n % 20))),
);

const FORMATS = ["stylish", "json", "sarif", "junit", "github"] as const;
const MODES: readonly (readonly string[])[] = [[], ["--fix"], ["--fix-suggestions"], ["--jsonl"], ["--fix", "--write"]];

function checkReport(format: (typeof FORMATS)[number], report: string): void {
  switch (format) {
    case "json": {
      const doc = JSON.parse(report);
      expect(Array.isArray(doc.files)).toBe(true);
      for (const d of doc.files[0].diagnostics)
        expect(Object.keys(d).slice(0, 6)).toEqual(["ruleId", "messageId", "data", "severity", "consequence", "path"]);
      return;
    }
    case "sarif": {
      const log = JSON.parse(report);
      expect(log.version).toBe("2.1.0");
      expect(Array.isArray(log.runs[0].results ?? [])).toBe(true);
      return;
    }
    case "junit":
      expect(XMLValidator.validate(report)).toBe(true);
      return;
    case "github":
      for (const line of report.split("\n").filter(Boolean)) expect(line).toMatch(/^::(error|warning|notice) /);
      return;
    case "stylish":
      expect(
        report
          .trimEnd()
          .split("\n")
          .filter((l) => !l.startsWith("Potentially fixable:"))
          .at(-1),
      ).toMatch(/^(\d+ problems? \(.*\) in \d+ files?|\d+ files? checked, no problems)\.$/);
  }
}

describe("every format, every mode, any body", () => {
  it("gives a valid report and the documented exit status through the CLI (fast-check, seeded)", async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(body, fc.constantFrom(...FORMATS), fc.constantFrom(...MODES), async (bytes, format, mode) => {
        const jsonl = mode.includes("--jsonl");
        // A JSONL input holds the body on one line (its own line breaks become spaces).
        const input = jsonl ? Buffer.from(bytes.toString("latin1").replace(/[\r\n]/g, " "), "latin1") : bytes;
        const path = join(dir, `body-${run++}.${jsonl ? "jsonl" : "json"}`);
        writeFileSync(path, input);
        const fixing = mode.includes("--fix") || mode.includes("--fix-suggestions");
        const r = await runCli(["lint", "--route", "people", "-f", format, ...mode, path]);
        expect(r.code, r.stderr).not.toBe(2);
        const report = fixing && !mode.includes("--write") ? r.stderr : r.stdout;
        checkReport(format, report);
        if (!fixing) {
          const errors = jsonl
            ? input
                .toString("latin1")
                .split("\n")
                .some(
                  (line) =>
                    line.trim() !== "" &&
                    lint(Buffer.from(line, "latin1"), { route: "people" }).some((d) => d.severity === "error"),
                )
            : lint(input, { route: "people" }).some((d) => d.severity === "error");
          expect(r.code).toBe(errors ? 1 : 0);
        }
        if (mode.includes("--write")) {
          const after = readFileSync(path);
          // A rewritten file is JSON; one not rewritten is byte for byte what it was.
          if (!after.equals(input))
            expect(() => JSON.parse(after.toString("utf8").replace(/^\ufeff/, ""))).not.toThrow();
        }
        expect(Object.prototype).not.toHaveProperty("polluted");
      }),
      { numRuns: 80, seed: 20260118 },
    );
  }, 300_000);
});
