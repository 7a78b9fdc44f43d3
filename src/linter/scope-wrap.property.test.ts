import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyEdits } from "../lint/edits.js";
import { queryNode } from "../validity/arbitrary.js";
import { lint } from "./lint.js";

/** The leaves of a tree, as JSON text, sorted: what a wrap into a scope must keep, whatever it moves. */
function leaves(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) for (const n of node) leaves(n, out);
  else if (node !== null && typeof node === "object") {
    if ("field" in node) out.push(JSON.stringify(node));
    else for (const v of Object.values(node)) leaves(v, out);
  }
  return out.sort();
}

/**
 * scope-siblings' wrap is a minimal edit (docs/lint.md, "Fixes"): on random people trees written one member a
 * line, every suggestion has a fix, the fixed text is JSON with the same leaves, and every line of the input
 * that no edit touches is still there, in order.
 */
describe("scope-siblings wraps a group in its scope by minimal edits", () => {
  it("on 3,000 people trees (fast-check, seeded)", () => {
    let wraps = 0;
    fc.assert(
      fc.property(fc.array(queryNode("people", 0), { minLength: 2, maxLength: 4 }), (all) => {
        const where = { all };
        const text = JSON.stringify({ where, size: 1 }, null, 2);
        for (const d of lint(text, { route: "queryPeople" })) {
          if (d.ruleId !== "scope-siblings") continue;
          const fix = d.suggestions[0]?.fix;
          expect(fix, text).toBeDefined();
          wraps++;
          const fixed = applyEdits(text, fix!.edits);
          expect(leaves(JSON.parse(fixed)), fixed).toEqual(leaves(JSON.parse(text)));
          let offset = 0;
          const untouched = text.split("\n").filter((line) => {
            const start = offset;
            offset += line.length + 1;
            // An insertion at either end of a line changes it too.
            return fix!.edits.every((e) => e.range[1] < start || e.range[0] > start + line.length);
          });
          const out = fixed.split("\n");
          let at = 0;
          for (const line of untouched) {
            at = out.indexOf(line, at);
            expect(at, `${line}\n${fixed}`).toBeGreaterThanOrEqual(0);
            at++;
          }
        }
      }),
      { seed: 9, numRuns: 3_000 },
    );
    expect(wraps).toBeGreaterThan(300);
  });
});
