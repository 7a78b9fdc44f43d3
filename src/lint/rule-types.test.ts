import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { packageRoot } from "../contract/root.js";

/** Type-checks a module importing src/lint/rule.ts with the project's tsc; its compile errors, one per line. */
function compileErrors(source: string): string {
  const dir = mkdtempSync(join(tmpdir(), "tdss-rule-types-"));
  const file = join(dir, "typed.ts");
  writeFileSync(file, source);
  const tsc = join(packageRoot(), "node_modules", ".bin", "tsc");
  const args = ["--noEmit", "--strict", "--module", "nodenext", "--target", "es2023", "--skipLibCheck", file];
  try {
    execFileSync(tsc, args, { cwd: dir, encoding: "utf8", stdio: "pipe" });
    return "";
  } catch (e) {
    return String((e as { stdout?: string }).stdout ?? e);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const rule = (report: string) => `
import { defineRule } from ${JSON.stringify(join(packageRoot(), "src", "lint", "rule.js"))};
export default defineRule({
  meta: {
    id: "typed", consequence: "style", description: "A rule for the type test.", clauses: ["c"],
    messages: { known: "Known {{x}}.", hint: "Hint." },
  },
  create: (context) => ({ Body(body) { context.report(${report}); } }),
});
`;

describe("defineRule's message ids", () => {
  it("compile where a report and its suggestions name ids of meta.messages", () => {
    const ok = `{ messageId: "known", data: { x: 1 }, at: body.path, suggestions: [{ messageId: "hint" }] }`;
    expect(compileErrors(rule(ok))).toBe("");
  }, 60_000);

  it("do not compile where a report or a suggestion names any other id", () => {
    const report = compileErrors(rule(`{ messageId: "unknown", at: body.path }`));
    expect(report).toMatch(/error TS\d+: Type '"unknown"' is not assignable to type '"hint" \| "known"'/);
    const suggestion = compileErrors(
      rule(`{ messageId: "known", at: body.path, suggestions: [{ messageId: "nope" }] }`),
    );
    expect(suggestion).toMatch(/error TS\d+: Type '"nope"' is not assignable/);
  }, 60_000);
});
