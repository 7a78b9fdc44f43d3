import { mkdtempSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ValidateFunction } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { DATASETS, routeOf, type Dataset } from "../contract/index.js";
import { lintCorpus } from "../lint/corpus.js";
import { emitSchema } from "../types/emit.js";
import { typedDatasets } from "../types/model.js";
import { generatedQueries } from "./generated.js";
import { schemaRefuses, searchValidatorsCode } from "./schema-verdict.js";
import { runWithBuiltValidators } from "../contract/testing/built-validators.js";

type Leaf = { properties: { field: { const: string }; eq?: { format?: string } } };

/** Bodies of every search route: seeded generated queries, the linter's corpus, and days the calendar has or lacks. */
function bodies(): [Dataset, unknown][] {
  const out: [Dataset, unknown][] = generatedQueries(300, 7).map((q) => [q.dataset, q.body]);
  for (const dataset of DATASETS) {
    for (const e of lintCorpus)
      if (e.route === routeOf(dataset, "search") && e.raw === undefined) out.push([dataset, e.body]);
    const schema = emitSchema(typedDatasets().find((d) => d.dataset === dataset)!) as {
      $defs: { leaf: { oneOf: Leaf[] } };
    };
    const days = schema.$defs.leaf.oneOf.filter((l) => l.properties.eq?.format === "date");
    for (const leaf of days)
      for (const day of ["2024-02-29", "2023-02-29", "2024-13-01", "2024-1-01"])
        out.push([dataset, { where: { field: leaf.properties.field.const, eq: day } }]);
  }
  return out;
}

describe("the judge's validators compiled to code by the build (scripts/compile-validators.ts)", () => {
  it("judge every body as the validators compiled at run time do", () => {
    const file = join(mkdtempSync(join(tmpdir(), "tdss-judge-")), "search-validators.cjs");
    writeFileSync(file, searchValidatorsCode());
    const built = createRequire(import.meta.url)(file) as Record<Dataset, ValidateFunction>;
    const all = bodies();
    expect(all.length).toBeGreaterThan(340);
    // As schemaRefuses says of a tree nested too deep for either validator's recursion: undefined.
    const builtRefuses = (dataset: Dataset, body: unknown) => {
      try {
        return !built[dataset](body);
      } catch (error) {
        if (error instanceof RangeError) return undefined;
        throw error;
      }
    };
    const refused = all.filter(([dataset, body]) => {
      const verdict = builtRefuses(dataset, body);
      expect(verdict, JSON.stringify(body)?.slice(0, 200)).toBe(schemaRefuses(routeOf(dataset, "search"), body));
      return verdict === true;
    });
    // Both verdicts are exercised.
    expect(refused.length).toBeGreaterThan(20);
    expect(all.length - refused.length).toBeGreaterThan(20);
  });

  it("are what a built run judges with", () => {
    // The build's module, loaded first and its people validator wrapped, is the one the judge then calls.
    const out = runWithBuiltValidators<{ calls: number; refuses: boolean }>(
      "dist/src/validity/schema-verdict.js",
      "BUILT_VALIDATORS",
      `const refuses = m.schemaRefuses("queryPeople", { where: { field: "nope", eq: 1 } }); ` +
        `process.stdout.write(JSON.stringify({ calls, refuses }));`,
    );
    expect(out).toEqual({ calls: 1, refuses: true });
  });
});
