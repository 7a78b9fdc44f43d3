import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { BodyOperationId } from "../contract/index.js";
import type { Diagnostic } from "../lint/types.js";
import { anyBody, queryNode } from "../validity/arbitrary.js";
import { lint } from "./lint.js";

/**
 * One diagnostic per node and problem (docs/lint.md, "One diagnostic per problem"): no rule reports one place
 * twice, and of the rules that can see one problem, only the one that owns it reports it. A family below is a
 * set of rules whose problems overlap; two of them on one node, or two diagnostics of a family (of one rule too,
 * such as two pairs of one chain of nots) with fixes that rewrite the same text, is one problem reported twice.
 */
const FAMILIES: readonly (readonly string[])[] = [
  // A composite that says the same as something simpler, or whose meaning is not shown.
  ["nested-composite", "single-child-composite", "double-negation", "argument-form"],
  // A sub-record's field outside its scope.
  ["scope-siblings", "field-outside-scope", "language-proficiency-scope"],
];

function ranges(d: Diagnostic): (readonly [number, number])[] {
  const fixes = [...(d.fix ? [d.fix] : []), ...d.suggestions.flatMap((s) => (s.fix ? [s.fix] : []))];
  return fixes.flatMap((f) => f.edits.map((e) => e.range));
}

function editsOverlap(a: Diagnostic, b: Diagnostic): boolean {
  const rb = ranges(b);
  return ranges(a).some((r) => rb.some((q) => r[0] < q[1] && q[0] < r[1]));
}

const where = (d: Diagnostic): string => `${d.path}@${d.line}:${d.column}`;

/** The problems reported twice in one lint's diagnostics, described for the failure message. */
function duplicates(diagnostics: readonly Diagnostic[]): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const d of diagnostics) {
    const key = `${d.ruleId}:${d.messageId} ${where(d)}`;
    if (seen.has(key)) out.push(`${d.ruleId} reports ${d.messageId} at ${where(d)} twice`);
    seen.add(key);
  }
  if (diagnostics.filter((d) => d.ruleId === "max-depth").length > 1) out.push("max-depth reported more than once");
  for (const family of FAMILIES) {
    const mine = diagnostics.filter((d) => family.includes(d.ruleId));
    for (let i = 0; i < mine.length; i++)
      for (let j = i + 1; j < mine.length; j++) {
        const a = mine[i]!;
        const b = mine[j]!;
        if ((a.ruleId !== b.ruleId && a.path === b.path) || editsOverlap(a, b))
          out.push(`${a.ruleId} (${where(a)}) and ${b.ruleId} (${where(b)}) report one problem`);
      }
  }
  return out;
}

function check(route: BodyOperationId, body: unknown): void {
  // Pretty-printed text: each diagnostic has a line and column, and fixes have ranges.
  const text = JSON.stringify(body, null, 2);
  expect(duplicates(lint(text, { route })), text.slice(0, 400)).toEqual([]);
}

describe("one diagnostic per node and problem", () => {
  it("on 5,000 random bodies of the seven routes (fast-check, seeded)", () => {
    fc.assert(
      fc.property(anyBody, ([route, body]) => check(route, body)),
      { seed: 25, numRuns: 5_000 },
    );
  });

  it("on 3,000 people trees rich in scoped fields and nested composites", () => {
    fc.assert(
      fc.property(queryNode("people", 0), (where) => check("queryPeople", { where, size: 1 })),
      { seed: 6, numRuns: 3_000 },
    );
  });

  it("on the cases each pair of rules used to report twice", () => {
    const people = (where: unknown): void => check("queryPeople", { where, size: 1 });
    people({
      all: [
        { field: "languages", eq: "French" },
        { field: "language_proficiency", eq: "Native or bilingual proficiency" },
      ],
    });
    people({
      all: [
        { field: "language_proficiency", eq: "Native or bilingual proficiency" },
        { field: "languages", eq: "French" },
      ],
    });
    people({
      all: [
        { field: "role", eq: "a" },
        {
          all: [
            { field: "ended_at", exists: true },
            { field: "city", eq: "Paris" },
          ],
        },
      ],
    });
    people({
      any: [{ all: { all: [{ field: "title", exists: true }, { all: { field: "company_name", eq: "Acme" } }] } }],
    });
    people({ any: [{ any: [{ field: "city", eq: "Paris" }] }, { field: "city", eq: "Lyon" }] });
    people({ any: [{ any: [] }, { field: "city", eq: "Lyon" }] });
    people({ not: { not: { not: { field: "city", eq: "Paris" } } } });
    let deep: unknown = { field: "city", eq: "Paris" };
    for (let i = 0; i < 70; i++) deep = { all: [deep, { field: "city", eq: "Lyon" }] };
    people(deep);
  });

  it("finds a problem reported twice when there is one (the checks above would not pass vacuously)", () => {
    const text = JSON.stringify({
      where: {
        all: [
          { field: "languages", eq: "French" },
          { field: "language_proficiency", eq: "Native or bilingual proficiency" },
        ],
      },
      size: 1,
    });
    const [one] = lint(text).filter((d) => d.ruleId === "scope-siblings");
    expect(one).toBeDefined();
    expect(duplicates([one!, one!])).toContain(`scope-siblings reports siblings at ${where(one!)} twice`);
    expect(duplicates([one!, { ...one!, ruleId: "language-proficiency-scope" }])).toHaveLength(1);
    const deep = { ...one!, ruleId: "max-depth" };
    expect(duplicates([deep, { ...deep, path: "/where/all/1" }])).toContain("max-depth reported more than once");
  });
});
