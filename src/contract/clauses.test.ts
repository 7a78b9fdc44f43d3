import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { normalizeSpecText } from "../../scripts/compile-contract.js";
import { loadContract } from "./load.js";
import { specPath } from "./root.js";

const spec = normalizeSpecText(readFileSync(specPath("interface-spec.md"), "utf8"));
const clauses = [...loadContract().clauses.values()];
const KINDS = ["must", "lint", "implementation-defined", "ambiguous"];
const AREAS = [
  "envelope",
  "people-query",
  "jobs-companies-query",
  "nl-search",
  "detail",
  "limits",
  "query-spec",
  "credits",
  "auth",
  "version",
  "mcp",
  "privacy",
  "search-semantics",
  "lint",
];

describe("spec/clauses.yaml", () => {
  it("has clauses of every kind", () => {
    for (const kind of KINDS) expect(clauses.filter((c) => c.kind === kind).length, kind).toBeGreaterThan(0);
  });

  it("gives every clause a stable id of section plus slug, a known kind and area", () => {
    for (const c of clauses) {
      expect(c.id, c.id).toMatch(/^s\d+(-\d+)*-[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(c.id.startsWith(`s${c.section.replaceAll(".", "-")}-`), `${c.id} vs section ${c.section}`).toBe(true);
      expect(KINDS, c.id).toContain(c.kind);
      expect(AREAS, c.id).toContain(c.area);
    }
  });

  it("quotes text that really stands in the interface specification", () => {
    const missing = clauses.flatMap((c) =>
      c.text.filter((q) => !spec.includes(normalizeSpecText(q))).map((q) => `${c.id}: ${q}`),
    );
    expect(missing).toEqual([]);
  });

  it("quotes a clause of several passages as the specification reads: an ellipsis between passages apart", () => {
    const quote = (id: string) => loadContract().clauses.get(id)?.quote;
    expect(quote("s4-2-eq-equal-value")).toBe(
      "exactly one operator key among eq, in, match, gte, lte, exists … These are matched against the whole stored " +
        "value.",
    );
    expect(quote("s9-result-window")).toBe(
      "Later releases widened detail batches from 50 to 100 and result windows from 100 to 1000. The current " +
        "contract allows pages of up to 10000 IDs.",
    );
    expect(quote("s4-3-total-counts-matches")).toBe("It counts matches, not returned IDs.");
    for (const c of clauses) {
      const passages = c.quote.split(" … ");
      expect(passages.length, c.id).toBeLessThanOrEqual(c.text.length);
      for (const p of passages) expect(spec, `${c.id}: ${p}`).toContain(normalizeSpecText(p));
    }
  });

  it("gives every ambiguous and implementation-defined clause the project's reading", () => {
    const without = clauses.filter(
      (c) => (c.kind === "ambiguous" || c.kind === "implementation-defined") && !c.reading?.trim(),
    );
    expect(without.map((c) => c.id)).toEqual([]);
  });

  it("records every 'not shown' statement of the spec as an implementation-defined clause", () => {
    const statements = spec
      .split(/(?<=\.)\s|\s\|\s|\s(?=\|)/)
      .filter((s) => /not shown/.test(s))
      .map((s) => s.replace(/^[|\s-]+|[|\s]+$/g, ""));
    expect(statements.length).toBeGreaterThan(10);
    const quotes = clauses
      .filter((c) => c.kind === "implementation-defined")
      .flatMap((c) => c.text.map(normalizeSpecText));
    const uncovered = statements.filter((s) => !quotes.some((q) => s.includes(q) || q.includes(s)));
    expect(uncovered).toEqual([]);
  });
});
