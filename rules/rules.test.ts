import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadContract } from "../src/contract/index.js";
import { packageRoot } from "../src/contract/root.js";
import { DEFAULT_SEVERITY } from "../src/lint/consequence.js";
import { RULES, ruleById } from "./index.js";

const contract = loadContract();
const dir = join(packageRoot(), "rules");

describe("the rule table", () => {
  it("has every rule once, in a file named for its id, with a RuleTester test beside it", () => {
    const ids = RULES.map((r) => r.meta.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) {
      expect(id).toMatch(/^[a-z]+(-[a-z0-9]+)*$/);
      expect(existsSync(join(dir, `${id}.ts`)), `rules/${id}.ts`).toBe(true);
      expect(existsSync(join(dir, `${id}.test.ts`)), `rules/${id}.test.ts`).toBe(true);
      expect(ruleById(id)?.meta.id).toBe(id);
    }
  });

  it("gives every rule a description, existing clause ids, messages, and the severity of its consequence", () => {
    for (const { meta } of RULES) {
      expect(meta.description.length, meta.id).toBeGreaterThan(10);
      expect(meta.clauses.length, meta.id).toBeGreaterThan(0);
      for (const c of meta.clauses) expect(contract.clauses.has(c), `${meta.id} cites ${c}`).toBe(true);
      expect(Object.keys(meta.messages).length, meta.id).toBeGreaterThan(0);
      expect(meta.severity).toBe(DEFAULT_SEVERITY[meta.consequence]);
      expect([undefined, "meaning-preserving", "suggestion"]).toContain(meta.fixable);
    }
  });

  it("has a short page per rule, docs/rules/<id>.md, with examples and options (--explain prints it)", () => {
    for (const { meta } of RULES) {
      const page = readFileSync(join(packageRoot(), "docs", "rules", `${meta.id}.md`));
      expect(page.length, `docs/rules/${meta.id}.md is ${page.length} bytes`).toBeLessThan(20 * 1024);
      const text = page.toString("utf8");
      for (const heading of ["## The specification", "## Wrong", "## Right", "## Options"])
        expect(text, `docs/rules/${meta.id}.md has ${heading}`).toContain(heading);
    }
  });

  it("opens every rule file with a docblock naming its part of the specification", () => {
    for (const { meta } of RULES) {
      const source = readFileSync(join(dir, `${meta.id}.ts`), "utf8");
      expect(source.trimStart().startsWith("/**"), meta.id).toBe(true);
      expect(source.slice(0, source.indexOf("*/")), meta.id).toMatch(/§\d/);
    }
  });

  it("cites every lint clause of spec/clauses.yaml from some rule", () => {
    const cited = new Set(RULES.flatMap((r) => r.meta.clauses));
    const uncited = [...contract.clauses.values()]
      .filter((c) => c.kind === "lint" && !cited.has(c.id))
      .map((c) => c.id);
    expect(uncited).toEqual([]);
  });

  // Catalog names in rule code: src/catalog-names.test.ts.
  it("covers every consequence class (narrowed is what the engine makes of an empty one in a live in list)", () => {
    const classes = new Set<string>(RULES.map((r) => r.meta.consequence));
    expect(classes.has("narrowed")).toBe(false);
    expect(new Set([...classes, "narrowed"])).toEqual(new Set(Object.keys(DEFAULT_SEVERITY)));
  });
});

describe("the linter's page", () => {
  it("lists every rule with its consequence in its rule table", () => {
    const page = readFileSync(join(packageRoot(), "docs", "lint.md"), "utf8");
    const start = page.indexOf("\n## Rules\n");
    const section = page.slice(start, page.indexOf("\n## ", start + 1));
    for (const { meta } of RULES) expect(section, meta.id).toContain(`| \`${meta.id}\` | ${meta.consequence} |`);
  });
});
