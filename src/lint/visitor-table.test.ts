import { describe, expect, it } from "vitest";
import { RULES } from "../../rules/all.js";
import { loadContract } from "../contract/index.js";
import { lintCorpus } from "./corpus.js";
import { runRules } from "./engine.js";
import type { Rule, Visitors } from "./rule.js";
import type { LintOptions } from "./types.js";

/** The same rules with their leaf and composite filters removed: every visitor sees every node of its kind. */
const UNFILTERED: readonly Rule[] = RULES.map((rule) => ({
  meta: rule.meta,
  create: (context) => {
    const { leafFilter: _leaf, compositeFilter: _composite, ...visitors }: Visitors = rule.create(context);
    return visitors;
  },
}));

/** A seeded generator of Query Spec bodies mixing every field of every dataset, operator, value kind and node form. */
function generator(seed: number) {
  let state = seed >>> 0;
  const random = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
  const contract = loadContract();
  const fields = [...new Set(Object.values(contract.datasets).flatMap((d) => [...d.fields.keys()]))];
  const names = [...fields, "skill", "Title", "unknown"];
  const fixedValues = [...contract.datasets.people.fields.values()].flatMap((f) => f.values ?? []);
  const operators = ["eq", "in", "match", "gte", "lte", "exists"];
  const value = (): unknown =>
    pick<() => unknown>([
      () => pick(fixedValues),
      () => pick(fixedValues).toLowerCase(),
      () => pick(["FR", "USA", "France"]),
      () => pick(["2024-01-01", "2024-02-30", "now-3m", "now-2w", "2024-1-5"]),
      () => Math.floor(random() * 300) - 5,
      () => random() < 0.5,
      () => null,
      () => [],
      () => [pick(fixedValues), pick(fixedValues)],
      () => [pick(fixedValues)],
      () => ({ x: 1 }),
      () => "12",
      () => "engineer",
    ])();
  const node = (depth: number): unknown => {
    const r = random();
    if (depth > 4 || r < 0.5) {
      const leaf: Record<string, unknown> = {};
      if (random() < 0.95) leaf.field = pick(names);
      const count = random() < 0.85 ? 1 : Math.floor(random() * 3);
      for (let i = 0; i < count; i++) leaf[pick(operators)] = value();
      if (random() < 0.05) leaf.extra = 1;
      return leaf;
    }
    if (r < 0.8) {
      const op = pick(["all", "all", "any", "not"]);
      if (op === "not") return { not: node(depth + 1) };
      if (random() < 0.05) return { [op]: node(depth + 1) };
      const children = Array.from({ length: Math.floor(random() * 4) }, () => node(depth + 1));
      if (children.length > 1 && random() < 0.2) children.push(children[0]);
      return random() < 0.05 ? { [op]: children, extra: true } : { [op]: children };
    }
    if (r < 0.95) return { [pick(["has_experience", "has_education", "has_language"])]: node(depth + 1) };
    return pick([{}, { all: [], any: [] }, 5, null]);
  };
  /** A chain of `not`s around a node: 63 to 66 levels, across the nesting limit (64). */
  const deep = (): unknown => {
    let n = node(4);
    for (let d = 63 + Math.floor(random() * 4); d > 0; d--) n = random() < 0.5 ? { not: n } : { all: [n] };
    return n;
  };
  return () => JSON.stringify({ where: random() < 0.05 ? deep() : node(0) }, null, random() < 0.5 ? 2 : undefined);
}

describe("visitor filters", () => {
  it("never hide a diagnostic: the rules with and without their filters agree", () => {
    const next = generator(20251121);
    const documents: { body: unknown; options: LintOptions }[] = lintCorpus.map((c) => ({
      body: c.raw ?? JSON.stringify(c.body),
      options: { route: c.route },
    }));
    const scopes = { title: null, is_current: "education", languages: "experience" };
    for (let i = 0; i < 400; i++) {
      const route = (["queryPeople", "queryJobs", "queryCompanies"] as const)[i % 3]!;
      documents.push({ body: next(), options: { route, ...(i % 4 === 0 ? { scopes } : {}) } });
    }
    const now = new Date("2025-06-01T00:00:00Z");
    let diagnostics = 0;
    for (const { body, options } of documents) {
      const filtered = runRules(body, RULES, { ...options, now });
      expect(runRules(body, UNFILTERED, { ...options, now })).toEqual(filtered);
      diagnostics += filtered.length;
    }
    expect(diagnostics).toBeGreaterThan(documents.length * 2);
  });
});
