import { describe, expect, it } from "vitest";
import { lint } from "../linter/lint.js";
import { generatedQueries, verdictOf } from "./generated.js";
import { judge } from "./judge.js";
import { REFUSAL_CLASSES, refusalMatrix } from "./matrix.js";

describe("generated queries", () => {
  it("are the same for the same seed and differ for another", () => {
    expect(generatedQueries(30, 7)).toEqual(generatedQueries(30, 7).map((q) => ({ ...q })));
    expect(generatedQueries(30, 7).map((q) => q.body)).not.toEqual(generatedQueries(30, 8).map((q) => q.body));
  });

  it("mix the three verdicts on the three datasets, 100 by default", () => {
    const queries = generatedQueries();
    expect(queries).toHaveLength(100);
    expect(new Set(queries.map((q) => q.verdict))).toEqual(new Set(["refused", "unspecified", "served"]));
    expect(new Set(queries.map((q) => q.dataset))).toEqual(new Set(["people", "jobs", "companies"]));
  });

  it("join each node with a condition no record meets, asking for one ID", () => {
    for (const q of generatedQueries(50, 3))
      expect(q.body).toMatchObject({ where: { all: [expect.anything(), expect.anything()] }, size: 1 });
  });

  it("carry the linter's hard verdict", () => {
    for (const q of generatedQueries(50, 4)) {
      const consequences = new Set(lint(q.body, { route: q.route }).map((d) => d.consequence));
      expect(q.verdict).toBe(
        consequences.has("refused") ? "refused" : consequences.has("unspecified") ? "unspecified" : "served",
      );
    }
  });

  it("judge a refused body with the diagnostics they linted it with, as the judge does alone", () => {
    const refused = generatedQueries(60, 5).filter((q) => q.verdict === "refused" || q.verdict === "undecided");
    expect(refused.length).toBeGreaterThan(5);
    for (const q of refused) {
      const alone = judge({ route: q.route, body: q.body });
      expect(judge({ route: q.route, body: q.body }, lint(q.body, { route: q.route })), q.name).toEqual(alone);
      expect(q.verdict, q.name).toBe(alone.verdict === "owed" ? "refused" : "undecided");
    }
  });
});

describe("the validation matrix", () => {
  it(
    "places each refusal class where the linter refuses it with the class's rule (unspecified where the refusal " +
      "is a reading), and nothing else refuses",
    () => {
      const entries = refusalMatrix();
      expect(entries.length).toBeGreaterThan(200);
      const readings = new Set(REFUSAL_CLASSES.filter((c) => c.reading).map((c) => c.id));
      expect(entries.some((e) => readings.has(e.class))).toBe(true);
      for (const e of entries) {
        const diagnostics = lint(e.body, { route: e.route });
        const refused = diagnostics.filter((d) => d.consequence === "refused").map((d) => d.ruleId);
        if (readings.has(e.class)) {
          expect(refused, e.name).toEqual([]);
          expect(
            diagnostics.some((d) => d.ruleId === e.rule && d.consequence === "unspecified"),
            e.name,
          ).toBe(true);
          expect(verdictOf(e.route, e.body).verdict, e.name).toBe("unspecified");
        } else {
          expect(new Set(refused), e.name).toEqual(new Set([e.rule]));
          expect(verdictOf(e.route, e.body).verdict, e.name).toBe("refused");
        }
      }
    },
  );

  it("covers every position on people and the general ones on jobs and companies", () => {
    const positions = (d: string) =>
      new Set(
        refusalMatrix()
          .filter((e) => e.dataset === d)
          .map((e) => e.position),
      );
    expect(positions("people").size).toBe(8);
    expect(positions("jobs")).toEqual(new Set(["top", "all", "any", "not", "deep"]));
  });
});
