import { describe, expect, it } from "vitest";
import type { Mutant } from "../reference/mutants/index.js";
import type { CaseDef, CaseStatus } from "../runner/types.js";
import type { JobOutcome } from "./job.js";
import { buildMatrix } from "./matrix.js";

const caseDef = (id: string): CaseDef => ({
  id,
  area: id.split("/")[0]!,
  title: id,
  clauses: [],
  tags: [],
  requires: [],
  steps: [],
  file: "suites/x.yaml",
});
const mutant = (id: string): Mutant => ({
  id,
  area: "envelope",
  clause: "s4-envelope-code-200-msg-ok",
  description: `the fault of ${id}`,
  faults: {},
});
const verdicts = (entries: Record<string, CaseStatus>) =>
  Object.entries(entries).map(([id, status]) => ({
    id,
    status,
    failedChecks: status === "failed" ? ["envelope"] : [],
    ...(status === "failed" ? { message: "step 1 · envelope: msg is OK" } : {}),
  }));

const CASES = ["a/one", "a/two", "a/three"].map(caseDef);
const correct = (entries: Record<string, CaseStatus>): JobOutcome => ({
  key: "correct:small",
  profile: "small",
  durationMs: 5,
  verdicts: verdicts(entries),
});
const run = (id: string, entries: Record<string, CaseStatus>, error?: string): JobOutcome => ({
  key: id,
  mutant: id,
  profile: "small",
  durationMs: 3,
  verdicts: verdicts(entries),
  ...(error ? { error } : {}),
});

describe("buildMatrix", () => {
  it("counts a kill for a case that fails against the mutant and passes against the correct server", () => {
    const m = buildMatrix({
      mutants: [mutant("m-killed"), mutant("m-survives")],
      cases: CASES,
      outcomes: [
        correct({ "a/one": "passed", "a/two": "passed", "a/three": "passed" }),
        run("m-killed", { "a/one": "failed", "a/two": "passed" }),
        run("m-survives", { "a/one": "passed", "a/three": "skipped" }),
      ],
    });
    expect(m.mutants.map((r) => [r.id, r.status, r.killedBy.map((k) => k.case), r.casesRun])).toEqual([
      ["m-killed", "killed", ["a/one"], 2],
      ["m-survives", "survived", [], 2],
    ]);
    expect(m.mutants[0]!.killedBy[0]!.checks).toEqual(["envelope"]);
    expect(m.cases).toEqual([
      { id: "a/one", area: "a", ranAgainst: 2, kills: ["m-killed"] },
      { id: "a/two", area: "a", ranAgainst: 1, kills: [] },
      { id: "a/three", area: "a", ranAgainst: 1, kills: [] },
    ]);
    expect(m.summary).toMatchObject({
      mutants: 2,
      killed: 1,
      survived: 1,
      errors: 0,
      cases: 3,
      killingCases: 1,
      correctFailures: 0,
      exitCode: 1,
    });
  });

  it("does not count a case the correct server fails as a kill, and reports it as a correct-server failure", () => {
    const m = buildMatrix({
      mutants: [mutant("m")],
      cases: CASES,
      outcomes: [
        correct({ "a/one": "failed", "a/two": "passed", "a/three": "passed" }),
        run("m", { "a/one": "failed" }),
      ],
    });
    expect(m.mutants[0]!.status).toBe("survived");
    expect(m.correct[0]!.failures).toEqual([
      { case: "a/one", status: "failed", checks: ["envelope"], message: "step 1 · envelope: msg is OK" },
    ]);
    expect(m.summary).toMatchObject({ correctFailures: 1, exitCode: 1 });
  });

  it("exits 0 only when every mutant is killed and the correct server passes every case", () => {
    const m = buildMatrix({
      mutants: [mutant("m")],
      cases: CASES,
      outcomes: [
        correct({ "a/one": "passed", "a/two": "passed", "a/three": "passed" }),
        run("m", { "a/two": "failed" }),
      ],
    });
    expect(m.summary).toMatchObject({ killed: 1, exitCode: 0 });
  });

  it("reports a mutant whose server or run broke as an error, and one never run as not run", () => {
    const m = buildMatrix({
      mutants: [mutant("m-broken"), mutant("m-missing")],
      cases: CASES,
      outcomes: [correct({ "a/one": "passed" }), run("m-broken", {}, "port in use")],
    });
    expect(m.mutants.map((r) => [r.status, r.error])).toEqual([
      ["error", "port in use"],
      ["error", "not run"],
    ]);
    expect(m.summary).toMatchObject({ errors: 2, exitCode: 1 });
  });

  it("fails the selftest when the correct server itself could not be run", () => {
    const broken: JobOutcome = {
      key: "correct:small",
      profile: "small",
      durationMs: 1,
      verdicts: [],
      error: "cannot listen",
    };
    const m = buildMatrix({
      mutants: [mutant("m")],
      cases: CASES,
      outcomes: [broken, run("m", { "a/one": "failed" })],
    });
    expect(m.mutants[0]!.status).toBe("survived");
    expect(m.summary).toMatchObject({ correctFailures: 1, exitCode: 1 });
  });
});
