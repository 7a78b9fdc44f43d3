/**
 * Generated queries for the differential run (docs/validity.md): seeded search bodies of the three datasets,
 * valid forms and single mistakes at random positions (arbitrary.ts), each joined with a condition no record
 * meets so that a served body returns no ID and costs nothing, each with the linter's hard verdict.
 */
import fc from "fast-check";
import { DATASETS, routeOf, type Dataset } from "../contract/index.js";
import type { BodyOperationId } from "../contract/types.js";
import { lint } from "../linter/lint.js";
import { queryNode } from "./arbitrary.js";
import { judge } from "./judge.js";
import { matchesNothing } from "./matrix.js";

/**
 * `refused`: the linter refuses it and the second definition agrees (judge.ts); `unspecified`: the linter does not
 * refuse it, but calls a form unspecified; `served`: neither; `undecided`: the linter refuses it and the second
 * definition does not, so no case sends it (judge.property.test.ts fails on it at home).
 */
export type Verdict = "refused" | "unspecified" | "served" | "undecided";

export interface GeneratedQuery {
  readonly name: string;
  readonly dataset: Dataset;
  readonly route: BodyOperationId;
  readonly body: unknown;
  readonly verdict: Verdict;
  /** The rules behind the verdict. */
  readonly rules: readonly string[];
}

export const DEFAULT_GENERATED = 100;
export const DEFAULT_SEED = 1;

const cache = new Map<string, readonly GeneratedQuery[]>();

/** The hard verdict on a body (the zero condition's own `empty` is not a verdict). */
export function verdictOf(route: BodyOperationId, body: unknown): { verdict: Verdict; rules: string[] } {
  const diagnostics = lint(body, { route });
  for (const consequence of ["refused", "unspecified"] as const) {
    const rules = diagnostics.filter((d) => d.consequence === consequence).map((d) => d.ruleId);
    if (rules.length === 0) continue;
    const verdict =
      consequence === "refused" && judge({ route, body }, diagnostics).verdict !== "owed" ? "undecided" : consequence;
    return { verdict, rules: [...new Set(rules)] };
  }
  return { verdict: "served", rules: [] };
}

/** `count` bodies drawn with `seed`: the same arguments give the same bodies, in the same order. */
export function generatedQueries(count = DEFAULT_GENERATED, seed = DEFAULT_SEED): readonly GeneratedQuery[] {
  const key = `${count}:${seed}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const arbitrary = fc.constantFrom(...DATASETS).chain((d) => queryNode(d, 2).map((node) => [d, node] as const));
  const queries = fc.sample(arbitrary, { numRuns: count, seed }).map(([dataset, node], i) => {
    const body = { where: { all: [node, matchesNothing(dataset)] }, size: 1 };
    const { verdict, rules } = verdictOf(routeOf(dataset, "search"), body);
    return {
      name: `seed ${seed} #${i} ${dataset}${rules.length ? ` (${rules.join(", ")})` : ""}`,
      dataset,
      route: routeOf(dataset, "search"),
      body,
      verdict,
      rules,
    };
  });
  cache.set(key, queries);
  return queries;
}
