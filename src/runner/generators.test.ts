import { describe, expect, it } from "vitest";
import { loadContract } from "../contract/index.js";
import { lintCorpus } from "../lint/corpus.js";
import { createGenerators, tamperId, textOfLength } from "./generators.js";
import { refusalClauses } from "./refusal-clauses.js";
import { resolve, TemplateError, Unknown } from "./template.js";

function setup(estimating = false) {
  const bogus = new Set<string>();
  const generators = createGenerators({ bogus });
  return {
    bogus,
    run: (expr: string, vars: Record<string, unknown> = {}) =>
      resolve(`{{ ${expr} }}`, { vars, generators, estimating }),
  };
}

describe("generators", () => {
  it("invent IDs that are remembered as unresolvable, and tamper with IDs that may resolve", () => {
    const { bogus, run } = setup();
    const ids = run("bogusIds(101)") as string[];
    expect(ids).toHaveLength(101);
    expect(new Set(ids).size).toBe(101);
    expect(ids.every((id) => bogus.has(id))).toBe(true);
    const tampered = run("tamper(id)", { id: "AbCdEfGhIj" }) as string;
    expect(tampered).not.toBe("AbCdEfGhIj");
    expect(tampered).toHaveLength(10);
    // A tampered ID may resolve where IDs carry no authentication (s2-1-ids-not-issued): priced, not bogus.
    expect(bogus.has(tampered)).toBe(false);
  });

  it("change exactly one character when tampering", () => {
    for (const id of ["a", "zz", "Q8_-x", "ééé"]) {
      const t = tamperId(id);
      expect([...t].filter((c, i) => c !== [...id][i]).length, id).toBe(1);
    }
  });

  it("make texts of exact lengths", () => {
    expect(textOfLength(0)).toBe("");
    expect(textOfLength(5001)).toHaveLength(5001);
    const { run } = setup();
    expect((run("text(5000)") as string).length).toBe(5000);
  });

  it("take, concat, first, present, firstWord and atLeast", () => {
    const { run } = setup();
    expect(run("take(ids, 2)", { ids: [1, 2, 3] })).toEqual([1, 2]);
    expect((run("concat(ids, bogusIds(2))", { ids: ["a"] }) as string[]).length).toBe(3);
    expect(run("first(ids)", { ids: ["a"] })).toBe("a");
    expect(run("firstWord(t)", { t: "  Senior Data Engineer" })).toBe("Senior");
    expect(() => run("present(v)", { v: null })).toThrow(TemplateError);
    expect(() => run("first(ids)", { ids: [] })).toThrow(/empty/);
    expect(run("atLeast(ids.length, 1)", { ids: [] })).toBe(1);
    expect(run("atLeast(ids.length, 1)", { ids: ["a", "b"] })).toBe(2);
  });

  it("build an any node with one accepted leaf per queryable field", () => {
    const { run } = setup();
    for (const dataset of ["people", "jobs", "companies"] as const) {
      const node = run(`everyField('${dataset}')`) as { any: { field: string }[] };
      const spec = loadContract().datasets[dataset];
      expect(node.any.map((l) => l.field).sort()).toEqual([...spec.fields.keys()].sort());
      for (const leaf of node.any) {
        const ops = Object.keys(leaf).filter((k) => k !== "field");
        expect(ops).toHaveLength(1);
        expect(spec.fields.get(leaf.field)!.operators).toContain(ops[0]);
      }
    }
  });

  it("serve the linter's refused corpus with bounded page sizes, its made-up IDs counted as unresolvable", () => {
    const { bogus, run } = setup();
    const entries = run("lintCorpus('refused')") as { route: string; body: { size?: unknown } | null }[];
    expect(entries.length).toBeGreaterThan(20);
    for (const e of entries) if (e.body && "size" in e.body) expect(Number.isInteger(e.body.size)).toBe(true);
    expect(bogus.size).toBeGreaterThan(100);
    const people = run("lintCorpus('refused', 'queryPeople')") as { route: string }[];
    expect(people.every((e) => e.route === "queryPeople")).toBe(true);
  });

  it("judge the corpus once, giving every run the same entries and its own unresolvable IDs", () => {
    const first = setup();
    const once = first.run("lintCorpus('refused')") as { name: string; clauses: readonly string[] }[];
    const second = setup();
    const again = second.run("lintCorpus('refused')") as typeof once;
    expect(again).toEqual(once);
    expect([...second.bogus].sort()).toEqual([...first.bogus].sort());
    const byName = new Map(lintCorpus.map((e) => [e.name, e]));
    for (const e of again) expect(e.clauses, e.name).toEqual(refusalClauses(byName.get(e.name)!));
  });

  it("keep bounds on placeholders while estimating", () => {
    const { run } = setup(true);
    expect(run("take(ids, 3)", { ids: new Unknown("list", 100) })).toEqual(new Unknown("list", 3));
    expect(typeof run("tamper(next)", { next: new Unknown("value", 1) })).toBe("string");
  });
});
