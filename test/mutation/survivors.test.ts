import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { packageRoot } from "../../src/contract/root.js";
import {
  SURVIVORS_FILE,
  disagreementsWithReport,
  loadSurvivors,
  readReport,
  scoreOf,
  staleInSource,
  unsupported,
  type MutationReport,
} from "../../scripts/mutation-survivors.js";

/**
 * The reviewed list of Stryker's survivors (spec/mutation-survivors.yaml) against the source and, when one is
 * present, Stryker's last report (reports/mutation/mutation.json): cheap, it never runs Stryker.
 */
const root = packageRoot();

describe(SURVIVORS_FILE, () => {
  it("names, for every entry, a line of the source that still holds the mutated text", () => {
    expect(staleInSource(loadSurvivors(root), root)).toEqual([]);
  });

  it("says, for every conformant or unsettled entry, which clause or passage of the specification decides it", () => {
    expect(unsupported(loadSurvivors(root), root)).toEqual([]);
  });

  it("agrees with the last Stryker report on every file the report holds as it is now", () => {
    const report = readReport(root);
    // Without a report (a clean clone) there is nothing to compare; the source check above still runs.
    if (report) expect(disagreementsWithReport(loadSurvivors(root), report, root)).toEqual([]);
  });
});

describe("the survivor list's checks", () => {
  const source = "const a = 1;\nif (a > 0) f();\n";
  let dir: string | undefined;
  const made: string[] = [];
  afterEach(() => {
    for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
    dir = undefined;
  });
  function project(yaml: string): string {
    dir = mkdtempSync(join(tmpdir(), "tdss-survivors-"));
    made.push(dir);
    mkdirSync(join(dir, "spec"));
    mkdirSync(join(dir, "src"));
    writeFileSync(join(dir, SURVIVORS_FILE), yaml);
    writeFileSync(join(dir, "src/a.ts"), source);
    return dir;
  }
  const entry = (line: number, original: string, reason = "equivalent") =>
    `survivors:\n  - { file: src/a.ts, line: ${line}, mutator: EqualityOperator, original: "${original}", ` +
    `replacement: "a >= 0", reason: ${reason}, why: "a is 1" }\n`;
  const report = (status: string, text = source): MutationReport => ({
    files: {
      "src/a.ts": {
        source: text,
        mutants: [
          {
            mutatorName: "EqualityOperator",
            replacement: "a >= 0",
            location: { start: { line: 2, column: 4 } },
            status,
          },
          {
            mutatorName: "BooleanLiteral",
            replacement: "false",
            location: { start: { line: 2, column: 4 } },
            status: "Killed",
          },
        ],
      },
    },
  });

  it("finds a conformant entry unsupported unless it names a known clause or quotes the specification", () => {
    const root = project("survivors: []\n");
    writeFileSync(join(root, "spec/interface-spec.md"), "Exact member names of the response: not shown.\n");
    writeFileSync(join(root, "spec/clauses.yaml"), "clauses:\n  - id: s4-5-members\n");
    const conformant = (why: string) => ({
      ...loadSurvivors(project(entry(2, "a > 0")))[0]!,
      reason: "conformant" as const,
      why,
    });
    expect(unsupported([conformant('§4.5: "Exact member names of the response: not shown."')], root)).toEqual([]);
    expect(unsupported([conformant("left open by s4-5-members")], root)).toEqual([]);
    for (const why of ['the spec says "member names are free to choose"', "left open by s9-nowhere", "open"])
      expect(unsupported([conformant(why)], root), why).toEqual([
        expect.stringMatching(/names no clause and quotes no passage/),
      ]);
    expect(unsupported([{ ...conformant("open"), reason: "not-observable" }], root)).toEqual([]);
  });

  it("refuses an entry without a known reason, naming its position", () => {
    const root = project(entry(2, "a > 0", "boring"));
    expect(() => loadSurvivors(root)).toThrow(/survivors\[0\]: reason must be one of equivalent/);
  });

  it("finds an entry stale when its line no longer holds the mutated text", () => {
    const root = project(entry(1, "a > 0"));
    expect(staleInSource(loadSurvivors(root), root)).toEqual([
      expect.stringMatching(/src\/a.ts:1 EqualityOperator .*no longer holds "a > 0"/),
    ]);
    expect(staleInSource(loadSurvivors(project(entry(2, "a > 0"))), dir!)).toEqual([]);
  });

  it("finds an entry stale when the report shows its mutant killed or no longer made", () => {
    const root = project(entry(2, "a > 0"));
    const entries = loadSurvivors(root);
    expect(disagreementsWithReport(entries, report("Survived"), root)).toEqual([]);
    expect(disagreementsWithReport(entries, report("Killed"), root)).toEqual([
      expect.stringMatching(/now killed; remove the entry/),
    ]);
    const gone = report("Survived");
    const moved = {
      files: { "src/a.ts": { ...gone.files["src/a.ts"]!, mutants: gone.files["src/a.ts"]!.mutants.slice(1) } },
    };
    expect(disagreementsWithReport(entries, moved, root)).toEqual([expect.stringMatching(/no longer makes/)]);
  });

  it("names a survivor the list does not triage, and ignores a report of other source", () => {
    const root = project("survivors: []\n");
    expect(disagreementsWithReport([], report("NoCoverage"), root)).toEqual([
      expect.stringMatching(/src\/a.ts:2 EqualityOperator -> "a >= 0": nocoverage and not listed/),
    ]);
    expect(disagreementsWithReport([], report("Survived", "older source\n"), root)).toEqual([]);
  });

  it("scores killed over the faults (equivalent and conformant left out), beside Stryker's raw score", () => {
    const root = project(entry(2, "a > 0"));
    expect(scoreOf(report("Survived"), loadSurvivors(root))).toEqual({
      mutants: 2,
      killed: 1,
      equivalent: 1,
      conformant: 0,
      ignored: 0,
      score: 1,
      raw: 0.5,
    });
    const legal = project(entry(2, "a > 0", "conformant"));
    expect(scoreOf(report("Survived"), loadSurvivors(legal))).toMatchObject({ conformant: 1, score: 1, raw: 0.5 });
    for (const counted of ["not-observable", "unsettled"]) {
      const root = project(entry(2, "a > 0", counted));
      expect(scoreOf(report("Survived"), loadSurvivors(root))).toMatchObject({
        equivalent: 0,
        conformant: 0,
        score: 0.5,
        raw: 0.5,
      });
    }
    expect(scoreOf(report("Survived"), [])).toEqual({
      mutants: 2,
      killed: 1,
      equivalent: 0,
      conformant: 0,
      ignored: 0,
      score: 0.5,
      raw: 0.5,
    });
    expect(scoreOf(report("Ignored"), [])).toEqual({
      mutants: 1,
      killed: 1,
      equivalent: 0,
      conformant: 0,
      ignored: 1,
      score: 1,
      raw: 1,
    });
  });
});
