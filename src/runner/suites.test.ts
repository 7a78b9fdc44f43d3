import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadContract } from "../contract/index.js";
import { packageRoot } from "../contract/root.js";
import { loadSuiteFile, loadSuites, selectCases, SuiteError } from "./suites.js";
import { planRun } from "./run.js";

const cases = loadSuites();

describe("the shipped suites", () => {
  it("load, with unique ids of the form <area>/<id>", () => {
    expect(cases.length).toBeGreaterThan(50);
    expect(new Set(cases.map((c) => c.id)).size).toBe(cases.length);
    for (const c of cases) expect(c.id).toBe(`${c.area}/${c.id.split("/")[1]}`);
  });

  it("cite every must clause outside MCP in at least one case", () => {
    const cited = new Set(cases.filter((c) => c.area !== "mcp").flatMap((c) => c.clauses));
    const must = [...loadContract().clauses.values()].filter((c) => c.kind === "must" && c.area !== "mcp");
    expect(must.length).toBeGreaterThan(100);
    expect(must.filter((c) => !cited.has(c.id)).map((c) => c.id)).toEqual([]);
  });

  it("fit the default 400-Credit budget in the worst case", () => {
    expect(planRun(cases, { maxCredits: 400 }).worstCase).toBeLessThanOrEqual(400);
  });
});

describe("the build's parse of the shipped suites (scripts/parse-suites.ts)", () => {
  it("gives a built run the cases a parse gives, and a text edited since the build is parsed anew", () => {
    const dir = mkdtempSync(join(tmpdir(), "tdss-suite-edited-"));
    const edited = join(dir, "version.yaml");
    writeFileSync(
      edited,
      readFileSync(join(packageRoot(), "suites", "version", "version.yaml"), "utf8").replace(
        /title: (.*)/,
        "title: edited $1",
      ),
    );
    const built = new URL("dist/src/runner/suites.js", `file://${packageRoot()}/`).href;
    const script =
      `const { BUILT_SUITES, loadAllSuites, loadSuiteFile } = await import(${JSON.stringify(built)}); ` +
      `const { readFileSync } = await import("node:fs"); ` +
      `process.stdout.write(JSON.stringify({ cases: loadAllSuites(), ` +
      `parses: Object.keys(JSON.parse(readFileSync(BUILT_SUITES, "utf8"))).length, ` +
      `edited: loadSuiteFile(${JSON.stringify(edited)}, "version")[0].title }));`;
    const out = JSON.parse(
      execFileSync(process.execPath, ["--input-type=module", "-e", script], { cwd: packageRoot(), encoding: "utf8" }),
    ) as { cases: unknown; parses: number; edited: string };
    expect(out.parses).toBe(new Set(cases.map((c) => c.file)).size);
    expect(out.cases).toEqual(JSON.parse(JSON.stringify(cases)));
    expect(out.edited).toMatch(/^edited /);
  });
});

describe("selectCases", () => {
  it("matches ids and areas by glob and tags", () => {
    expect(selectCases(cases, "detail").every((c) => c.area === "detail")).toBe(true);
    expect(selectCases(cases, "*/tampered-cursor").map((c) => c.id)).toEqual(["people-query/tampered-cursor"]);
    expect(selectCases(cases, undefined, ["smoke"]).every((c) => c.tags.includes("smoke"))).toBe(true);
    expect(selectCases(cases, "no-such-case")).toEqual([]);
  });
});

describe("a bad case file", () => {
  const dir = mkdtempSync(join(tmpdir(), "tdss-suite-"));
  mkdirSync(join(dir, "area"), { recursive: true });
  const load = (yaml: string) => {
    const file = join(dir, "area", `case-${Math.random().toString(36).slice(2)}.yaml`);
    writeFileSync(file, yaml);
    return () => loadSuiteFile(file, "area");
  };
  const step = `request: { operation: getKeyStatus }`;

  it("is refused with the file and the JSON path of the problem", () => {
    expect(
      load(
        `cases:\n  - id: a\n    title: t\n    clauses: [s8-cost-key-status]\n    steps: [{ ${step}, expct: ` +
          `[envelope] }]\n`,
      ),
    ).toThrow(/case-.*\.yaml: line 5: \/cases\/0\/steps\/0: the member expct is not allowed here/);
    expect(load(`cases:\n  - id: a\n    title: t\n    steps: [{ ${step} }]\n`)).toThrow(
      /line 2: \/cases\/0: the member clauses is missing/,
    );
  });

  it("names an unknown clause, check, step kind or variable", () => {
    expect(load(`cases:\n  - id: a\n    title: t\n    clauses: [s99-nothing]\n    steps: [{ ${step} }]\n`)).toThrow(
      /\/cases\/0\/clauses\/0: unknown clause id "s99-nothing"/,
    );
    expect(
      load(
        `cases:\n  - id: a\n    title: t\n    clauses: [s8-cost-key-status]\n    steps: [{ ${step}, expect: ` +
          `[envelop] }]\n`,
      ),
    ).toThrow(/\/cases\/0\/steps\/0\/expect\/0: unknown check "envelop"/);
    expect(
      load(
        `cases:\n  - id: a\n    title: t\n    clauses: [s8-cost-key-status]\n    steps: [{ verify: x, ` +
          `request: { operation: getKeyStatus } }]\n`,
      ),
    ).toThrow(/a step has exactly one of/);
    expect(
      load(
        `cases:\n  - id: a\n    title: t\n    clauses: [s8-cost-key-status]\n    steps: [{ request: { ` +
          `operation: getProfiles, body: { profile_ids: "{{ ids }}" } } }]\n`,
      ),
    ).toThrow(/template uses "ids", which no earlier step captures/);
  });

  it("checks check arguments when they hold no template", () => {
    expect(
      load(
        `cases:\n  - id: a\n    title: t\n    clauses: [s8-cost-key-status]\n    steps: [{ ${step}, expect: ` +
          `[{ page-size: { max: many } }] }]\n`,
      ),
    ).toThrow(/arguments of page-size: \/max must be integer/);
  });

  it("reports YAML syntax errors with a line", () => {
    expect(load(`cases:\n  - id: a\n   title: [\n`)).toThrow(SuiteError);
    expect(load(`cases:\n  - id: a\n   title: [\n`)).toThrow(/line \d+/);
  });
});
