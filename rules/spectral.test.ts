import { describe, expect, it } from "vitest";
import { lint, lintCorpus } from "../src/linter/index.js";
import { encodePointer } from "../src/contract/json-pointer.js";
import { Document, JsonParser, Spectral } from "../src/contract/testing/spectral.js";
import { RULES, spectralRuleset } from "./index.js";

async function viaSpectral(text: string, route: Parameters<typeof spectralRuleset>[0]): Promise<string[]> {
  const spectral = new Spectral();
  spectral.setRuleset(spectralRuleset(route));
  const results = await spectral.run(new Document(text, JsonParser, "query.json"));
  return results
    .filter((r) => r.code !== "parser")
    .map((r) => `${String(r.code)} ${encodePointer(r.path.map(String))}`)
    .sort();
}

describe("the Spectral ruleset", () => {
  it("holds every rule of the table, with its description and severity", () => {
    const ruleset = spectralRuleset();
    const rules = (ruleset as { rules: Record<string, { description: string; severity: number }> }).rules;
    expect(Object.keys(rules)).toEqual(RULES.map((r) => r.meta.id));
    for (const r of RULES) {
      expect(rules[r.meta.id]!.description).toBe(r.meta.description);
      expect(rules[r.meta.id]!.severity).toBe({ error: 0, warning: 1, info: 2 }[r.meta.severity]);
    }
  });

  it("gives the same rule ids and paths as the native engine over the test corpus", async () => {
    let compared = 0;
    for (const entry of lintCorpus) {
      const text = entry.raw ?? JSON.stringify(entry.body, null, 2);
      const native = lint(text, { route: entry.route })
        .map((d) => `${d.ruleId} ${d.path}`)
        .sort();
      expect(await viaSpectral(text, { route: entry.route }), entry.name).toEqual(native);
      compared += native.length;
    }
    expect(compared).toBeGreaterThan(lintCorpus.length);
  });

  it("gives Spectral's ranges at the same lines as the native engine", async () => {
    const text = '{\n  "where": {\n    "field": "management_level",\n    "eq": "senior"\n  }\n}';
    const spectral = new Spectral();
    spectral.setRuleset(spectralRuleset());
    const [result] = (await spectral.run(new Document(text, JsonParser, "q.json"))).filter(
      (r) => r.code === "fixed-set-value",
    );
    const [native] = lint(text).filter((d) => d.ruleId === "fixed-set-value");
    expect(result!.range.start.line + 1).toBe(native!.line);
    expect(result!.message).toBe(native!.message);
  });
});
