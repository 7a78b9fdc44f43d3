import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHECKS } from "../checks/index.js";
import { loadContract } from "../contract/index.js";
import { startReferenceServer, type ReferenceServer } from "../reference/index.js";
import { runConformance } from "./run.js";
import { loadSuites } from "./suites.js";
import type { CaseDef, StepDef } from "./types.js";
import { verdictOf } from "./verdict.js";

const kind = (id: string) => loadContract().clauses.get(id)!.kind;
const readings = [...loadContract().clauses.values()]
  .filter((c) => c.kind === "ambiguous" || c.kind === "implementation-defined")
  .map((c) => c.id);
const musts = [...loadContract().clauses.values()].filter((c) => c.kind === "must").map((c) => c.id);

describe("verdictOf", () => {
  it("fails only through a must clause", () => {
    expect(verdictOf(["s4-2-size-range"], [])).toMatchObject({
      kind: "failure",
      clause: { id: "s4-2-size-range", kind: "must" },
    });
    expect(verdictOf(undefined, ["s4-2-where-optional-jobs-companies", "s4-2-size-range"])).toMatchObject({
      kind: "failure",
      clause: { id: "s4-2-size-range" },
    });
    // Nothing named: the must clause among those the check shows broken, not the case's first.
    const detail = ["s8-cost-detail", "s7-unresolved-id-not-found-free"];
    expect(verdictOf(undefined, detail, ["s7-unresolved-id-not-found-free"]).clause.id).toBe(
      "s7-unresolved-id-not-found-free",
    );
    // Showing a reading broken never turns a failure into a warning.
    expect(
      verdictOf(
        undefined,
        ["s4-2-where-optional-jobs-companies", "s4-2-size-range"],
        ["s4-2-where-optional-jobs-companies"],
      ),
    ).toMatchObject({
      kind: "failure",
      clause: { id: "s4-2-size-range" },
    });
  });

  it("makes a warning of a reading anywhere among the named clauses, and of a case citing no must clause", () => {
    expect(verdictOf(["s4-2-leaf-form", "s4-2-operator-value-types"], [])).toMatchObject({
      kind: "warning",
      clause: { id: "s4-2-operator-value-types" },
    });
    expect(verdictOf(undefined, ["s4-2-where-optional-jobs-companies"])).toMatchObject({
      kind: "warning",
      clause: { reading: expect.any(String) },
    });
    expect(verdictOf(["s4-2-rule1-one-operator-per-leaf"], []).kind).toBe("warning"); // a lint clause alone
  });

  it("quotes the clause's passages of the specification", () => {
    const v = verdictOf(["s8-detail-max-ids"], []);
    expect(v.clause.quote).toBe(loadContract().clauses.get("s8-detail-max-ids")!.text.join(" "));
    expect(verdictOf(["s4-2-eq-equal-value"], []).clause.quote).toContain("exists … These are matched");
  });
});

describe("no check can fail a case that cites no must clause for it", () => {
  let server: ReferenceServer;
  beforeAll(async () => {
    server = await startReferenceServer({ people: 200, jobs: 40, companies: 20 });
  });
  afterAll(() => server.close());

  /** A step every check would fail: a refusal (the where is missing) judged by every check that takes no arguments. */
  const failingStep = (clause?: unknown): StepDef => ({
    kind: "request",
    spec: { operation: "queryPeople", body: { size: 1 } },
    let: {},
    captures: {},
    expect: Object.entries(CHECKS)
      .filter(([name, c]) => !c.args && name !== "observe" && name !== "refused")
      .map(([name]) => ({ name, args: undefined, ...(clause ? { clause } : {}) })),
  });
  const caseOf = (id: string, clauses: string[], step: StepDef): CaseDef => ({
    id: `t/${id}`,
    area: "t",
    title: id,
    clauses,
    tags: [],
    requires: [],
    steps: [step],
    file: "test",
  });
  const run = (cases: CaseDef[], strict = false) =>
    runConformance({
      baseUrl: server.url,
      apiKey: server.keys.active,
      cases,
      maxCredits: 50,
      concurrency: 2,
      timeoutMs: 10_000,
      strict,
    });

  it(
    "turns every failing check of a case citing only readings into warnings; --strict fails it, labelled as " +
      "readings",
    async () => {
      const cases = [
        caseOf("reading-only", ["s4-2-where-optional-jobs-companies"], failingStep()),
        caseOf("named-reading", [musts[0]!, "s2-2-operator-not-allowed"], failingStep("s2-2-operator-not-allowed")),
      ];
      const outcome = await run(cases);
      for (const r of outcome.results) {
        expect(r.status, r.id).toBe("passed");
        expect(r.failures).toEqual([]);
        expect(r.warnings.length, r.id).toBeGreaterThan(3);
        for (const w of r.warnings) expect(["ambiguous", "implementation-defined"]).toContain(w.clause?.kind);
      }
      const strict = await run(cases, true);
      for (const r of strict.results) {
        expect(r.status).toBe("failed");
        expect(r.failures.every((f) => f.reading === true)).toBe(true);
      }
    },
  );

  it("fails a case through a must clause, and the failure quotes it", async () => {
    const outcome = await run([caseOf("must", ["s4-2-where-required-people"], failingStep())]);
    const [r] = outcome.results;
    expect(r!.status).toBe("failed");
    for (const f of r!.failures) expect(f.clause?.kind, f.check).toBe("must");
  });

  it(
    "every explicit clause of the suites is a clause the case cites, and readings are named where cases rest on " +
      "them",
    () => {
      for (const c of loadSuites()) {
        for (const step of c.steps) {
          for (const id of [step.clause, ...step.expect.map((e) => e.clause)].flatMap((x) =>
            typeof x === "string" && !x.includes("{{") ? [x] : [],
          )) {
            expect(c.clauses, `${c.id}: ${id}`).toContain(id);
            expect(kind(id)).toBeDefined();
          }
        }
      }
      expect(readings.length).toBeGreaterThan(30);
    },
  );
});
