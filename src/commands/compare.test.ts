import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReferenceServer } from "../reference/index.js";
import { compareReports, renderComparison, type Comparison } from "../report/compare.js";
import type { Report } from "../report/index.js";
import { UsageError } from "./command.js";
import { executeCompare } from "./compare.js";
import { executeRun, type RunArgs } from "./run.js";

type Server = Awaited<ReturnType<typeof startReferenceServer>>;
let clean: Server;
let mutant: Server;
let dir: string;

async function run(
  server: Server,
  args: RunArgs,
): Promise<{ code: number; out: string; err: string; runDir?: string }> {
  const io = { out: "", err: "" };
  const env = { TDSS_API_KEY: server.keys.active, TDSS_SECOND_API_KEY: server.keys.exhausted };
  const before = new Set(readdirSync(join(dir, "reports")));
  const code = await executeRun(
    { baseUrl: server.url, reportDir: "reports", ...args },
    { out: (t) => (io.out += t), err: (t) => (io.err += t), env, cwd: dir },
  );
  const created = readdirSync(join(dir, "reports")).filter((d) => !before.has(d));
  return { code, ...io, ...(created[0] ? { runDir: join(dir, "reports", created[0]) } : {}) };
}

const readReport = (runDir: string) => JSON.parse(readFileSync(join(runDir, "report.json"), "utf8")) as Report;
const failing = (r: Report) =>
  r.cases
    .filter((c) => c.status === "failed" || c.status === "drift")
    .map((c) => c.id)
    .sort();

let cleanRun: Awaited<ReturnType<typeof run>>;
let mutantRun: Awaited<ReturnType<typeof run>>;

beforeAll(async () => {
  const dataset = { port: 0, people: 300, jobs: 60, companies: 40 };
  [clean, mutant] = await Promise.all([
    startReferenceServer(dataset),
    startReferenceServer({ ...dataset, mutant: "detail-job-null-omitted" }),
  ]);
  dir = mkdtempSync(join(tmpdir(), "tdss-compare-"));
  mkdirSync(join(dir, "reports"));
  cleanRun = await run(clean, { only: "detail" });
  mutantRun = await run(mutant, { only: "detail" });
}, 120_000);
afterAll(async () => {
  await Promise.all([clean?.close(), mutant?.close()]);
});

describe("compare and rerun", () => {
  it("lists exactly the mutant's failing cases as new failures, and exits 1", () => {
    expect(cleanRun.code, cleanRun.out).toBe(0);
    // An --only run records its filter, the ids it selected and how many cases the suites held.
    const selection = readReport(cleanRun.runDir!).run.selection;
    const ids = readReport(cleanRun.runDir!).cases.map((c) => c.id);
    expect(selection).toEqual({ only: "detail", cases: ids, of: expect.any(Number) });
    expect(ids.every((id) => id.startsWith("detail/"))).toBe(true);
    expect(selection.of).toBeGreaterThan(ids.length);
    expect(mutantRun.code).toBe(1);
    // The failures a user reads say what is missing in plain words, not in a schema validator's.
    const messages = readReport(mutantRun.runDir!).cases.flatMap((c) => c.failures.map((f) => f.message));
    expect(messages).toContainEqual(expect.stringMatching(/does not have the §2\.6 shape: the member \w+ is missing/));
    expect(mutantRun.out).not.toMatch(/must have required property/);
    const expected = failing(readReport(mutantRun.runDir!));
    expect(expected.length).toBeGreaterThan(0);
    let out = "";
    const code = executeCompare(
      { a: cleanRun.runDir!, b: join(mutantRun.runDir!, "report.json"), format: "json" },
      { out: (t) => (out += t), cwd: dir },
    );
    expect(code).toBe(1);
    const comparison = JSON.parse(out) as Comparison;
    expect(comparison.newFailures.map((c) => c.id).sort()).toEqual(expected);
    expect(comparison.newFailures.every((c) => c.before === "passed" && c.after === "failed")).toBe(true);
    expect(comparison.fixed).toEqual([]);
    expect(comparison.onlyInA).toEqual([]);
    expect(comparison.areas.map((a) => a.area)).toEqual(["detail"]);
  });

  it("shows the same run the other way round as fixed, exit 0, in Markdown", () => {
    let out = "";
    const code = executeCompare({ a: mutantRun.runDir!, b: cleanRun.runDir! }, { out: (t) => (out += t), cwd: dir });
    expect(code).toBe(0);
    expect(out).toMatch(/^# tdss compare: no new failure\n/);
    for (const id of failing(readReport(mutantRun.runDir!))) expect(out).toContain(`- \`${id}\`: failed → passed`);
    expect(out).toMatch(/\| detail \| \d+ \| \d+ \| [+-±]\d+ \|/);
  });

  it("ends a failed run with the exact rerun command, and --last-failed reruns exactly the failed cases", async () => {
    const rel = `reports/${mutantRun.runDir!.split("/").pop()}`;
    expect(mutantRun.out).toContain(
      `Rerun the failed cases: tdss run --last-failed ${rel} --base-url ${mutant.url} --report-dir reports\n`,
    );
    const rerun = await run(mutant, { lastFailed: rel });
    expect(rerun.code).toBe(1);
    const failed = failing(readReport(mutantRun.runDir!));
    expect(
      readReport(rerun.runDir!)
        .cases.map((c) => c.id)
        .sort(),
    ).toEqual(failed);
    // The rerun records what it selected and from which run; compare then compares those cases only.
    const all = readReport(mutantRun.runDir!);
    const selection = readReport(rerun.runDir!).run.selection;
    expect(selection).toEqual({
      lastFailed: { runId: all.run.id, report: `${rel}/report.json` },
      cases: expect.arrayContaining(failed),
      of: all.run.selection.of,
    });
    expect(selection.cases).toHaveLength(failed.length);
    let out = "";
    expect(executeCompare({ a: rel, b: rerun.runDir!, format: "json" }, { out: (t) => (out += t), cwd: dir })).toBe(0);
    const comparison = JSON.parse(out) as Comparison;
    expect(comparison.onlyInA).toEqual([]);
    expect(comparison.stillFailing.map((c) => c.id).sort()).toEqual(failed);
    const partialB = {
      run: "B",
      how: `a --last-failed rerun of run \`${all.run.id}\``,
      selected: failed.length,
      of: all.run.selection.of,
      notSelected: all.cases.length - failed.length,
    };
    expect(comparison.compared).toEqual({
      cases: failed.length,
      // A (--only detail) selected every case B did: nothing is left out for it, so it gets no note.
      partial: [partialB],
    });
    out = "";
    executeCompare({ a: rel, b: rerun.runDir! }, { out: (t) => (out += t), cwd: dir });
    expect(out).toMatch(
      new RegExp(
        `^# tdss compare: no new failure \\(${failed.length} cases? compared: the ones? both runs selected\\)\n`,
      ),
    );
    expect(out).toContain(
      `> **Run B is a partial run:** a --last-failed rerun of run \`${all.run.id}\`; it selected ${failed.length} `,
    );
    expect(out).toContain(`The ${partialB.notSelected} cases of A that B did not select are left out`);
    expect(out).not.toContain("## Only in A");
    const nothing = await run(clean, { lastFailed: cleanRun.runDir! });
    expect(nothing.code).toBe(0);
    expect(nothing.err).toMatch(/no case failed in .*report\.json; nothing to rerun/);
    expect(nothing.runDir).toBeUndefined();
  }, 60_000);

  it("--last-failed without a path takes the latest run under the report folder", async () => {
    const latest = await run(mutant, { lastFailed: "" });
    const previous = readdirSync(join(dir, "reports")).sort().at(-2)!;
    expect(
      readReport(latest.runDir!)
        .cases.map((c) => c.id)
        .sort(),
    ).toEqual(failing(readReport(join(dir, "reports", previous))));
  }, 60_000);

  it("--list prints the selected cases with tags and worst-case Credits, and sends nothing", async () => {
    const io = { out: "", err: "" };
    const code = await executeRun(
      { list: true, only: "detail/jobs-*", reportDir: "reports" },
      { out: (t) => (io.out += t), err: (t) => (io.err += t), env: {}, cwd: dir },
    );
    expect(code).toBe(0);
    expect(io.err).toBe("");
    const lines = io.out.trimEnd().split("\n");
    expect(lines[0]).toMatch(/^id +area +tags +worst-case Credits$/);
    expect(lines).toContainEqual(expect.stringMatching(/^detail\/jobs-records +detail +smoke +\d+$/));
    expect(lines.at(-1)).toMatch(/^\d+ cases; \d+ Credits at worst; nothing was sent$/);
  });

  it("refuses a path that is not a report with one line", () => {
    const notReport = join(dir, "x.json");
    writeFileSync(notReport, '{"a":1}');
    expect(() => executeCompare({ a: notReport, b: cleanRun.runDir! }, { out: () => undefined, cwd: dir })).toThrow(
      new UsageError(`${notReport}: not a tdss report.json (expected members tool, summary and cases)`),
    );
    expect(() => executeCompare({ a: "nowhere", b: cleanRun.runDir! }, { out: () => undefined, cwd: dir })).toThrow(
      /nowhere: no such file or folder/,
    );
  });
});

describe("compareReports", () => {
  const report = (cases: [string, Report["cases"][number]["status"], number][], observed: Report["observed"]): Report =>
    ({
      tool: { name: "tdss", contractFingerprint: "x" },
      run: { id: "r", startedAt: "", durationMs: 1000, baseUrl: "http://x/", dryRun: false, selection: {} },
      summary: { creditsSpent: cases.reduce((s, c) => s + c[2], 0) },
      cases: cases.map(([id, status, credits]) => ({
        id,
        area: id.split("/")[0]!,
        title: id,
        clauses: [],
        tags: [],
        status,
        durationMs: 10,
        requests: 1,
        credits,
        failures: [],
      })),
      observed,
    }) as unknown as Report;

  it("tells changed observed choices from lists in another order, and adds Credits per area", () => {
    const a = report(
      [
        ["a/x", "passed", 2],
        ["a/y", "failed", 1],
        ["b/z", "passed", 3],
        ["b/gone", "passed", 0],
      ],
      {
        "responses.content_type": { value: ["application/json", "text/json"], clauses: [] },
        "detail.zero_ids": { value: { status: 400 }, clauses: [] },
      },
    );
    const b = report(
      [
        ["a/x", "skipped", 0],
        ["a/y", "passed", 1],
        ["b/z", "drift", 5],
        ["b/new", "failed", 1],
      ],
      {
        "responses.content_type": { value: ["text/json", "application/json"], clauses: [] },
        "detail.zero_ids": { value: { status: 422 }, clauses: [] },
      },
    );
    const c = compareReports({ file: "a", report: a }, { file: "b", report: b });
    expect(c.newFailures.map((x) => [x.id, x.before, x.after])).toEqual([
      ["b/z", "passed", "drift"],
      ["b/new", undefined, "failed"],
    ]);
    expect(c.fixed.map((x) => x.id)).toEqual(["a/y"]);
    expect(c.otherChanges.map((x) => [x.id, x.before, x.after])).toEqual([["a/x", "passed", "skipped"]]);
    expect(c.onlyInA.map((x) => x.id)).toEqual(["b/gone"]);
    expect(c.onlyInB.map((x) => x.id)).toEqual(["b/new"]);
    expect(c.observed).toEqual([
      {
        topic: "detail.zero_ids",
        label: "A jobs or companies detail request with no IDs",
        before: { status: 400 },
        after: { status: 422 },
        words: { before: "status: 400", after: "status: 422" },
      },
    ]);
    // The same readable table as summary.md: the choice's label and topic, what the deployment did in words.
    expect(renderComparison(c)).toContain(
      "| choice | A | B |\n| --- | --- | --- |\n" +
        "| A jobs or companies detail request with no IDs (`detail.zero_ids`) | status: 400 | status: 422 |\n",
    );
    expect(c.areas).toEqual([
      { area: "a", credits: { before: 3, after: 1 }, durationMs: { before: 20, after: 20 } },
      { area: "b", credits: { before: 3, after: 6 }, durationMs: { before: 20, after: 20 } },
    ]);
    expect(c.exitCode).toBe(1);
  });

  it("compares the choices both runs saw, and never what a run records of itself", () => {
    const observed = {
      "detail.zero_ids": { value: { status: 400 }, clauses: ["s4-4-detail-minimum-ids"] },
      "credits.getVersion": { value: 0, clauses: ["s8-cost-version-not-shown"] },
      "rate_limit.pacing": { value: { waits: 3 }, clauses: [] },
    };
    const full = report(
      [
        ["detail/zero", "passed", 1],
        ["credits/version", "passed", 0],
      ],
      observed,
    );
    // A rerun of one case sees one of the two choices; its pace differs, which is the run's, not the deployment's.
    const rerun = report([["detail/zero", "passed", 1]], {
      "detail.zero_ids": observed["detail.zero_ids"],
      "rate_limit.pacing": { value: { waits: 0 }, clauses: [] },
    });
    const c = compareReports({ file: "a", report: full }, { file: "b", report: rerun });
    expect(c.observed).toEqual([]);
    expect(c.notCompared).toEqual(["credits.getVersion"]);
    const text = renderComparison(c);
    expect(text).toContain("0 observed choices changed");
    expect(text).not.toContain("## Observed choices that changed");
    expect(text).toContain("1 choices seen by one run only were not compared: the other run's cases did not meet them");
    expect(text).not.toContain("rate_limit");
  });

  it("compares only the cases both runs selected, and names the partial run and what it left out", () => {
    const whole = report(
      [
        ["a/x", "failed", 2],
        ["a/y", "passed", 1],
        ["b/z", "passed", 3],
      ],
      {},
    );
    const partial = (r: Report, selection: Report["run"]["selection"]): Report => ({
      ...r,
      run: { ...r.run, id: "rerun", selection },
    });
    const rerun = partial(report([["a/x", "passed", 2]], {}), {
      lastFailed: { runId: "r", report: "reports/r/report.json" },
      cases: ["a/x"],
      of: 3,
    });
    const c = compareReports({ file: "a", report: whole }, { file: "b", report: rerun });
    expect(c.fixed.map((x) => x.id)).toEqual(["a/x"]);
    expect(c.onlyInA).toEqual([]);
    expect(c.compared).toEqual({
      cases: 1,
      partial: [{ run: "B", how: "a --last-failed rerun of run `r`", selected: 1, of: 3, notSelected: 2 }],
    });
    // Credits of the compared cases only: the rerun did not save 4 Credits by running 2 cases fewer.
    expect(c.totals.credits).toEqual({ before: 2, after: 2 });
    expect(c.areas).toEqual([{ area: "a", credits: { before: 2, after: 2 }, durationMs: { before: 10, after: 10 } }]);
    expect(renderComparison(c)).toMatch(
      new RegExp(
        "^# tdss compare: no new failure \\(1 case compared: the one both runs selected\\)\n\n" +
          "> \\*\\*Run B is a partial run:\\*\\* a --last-failed rerun of run `r`; it selected 1 case of the 3 " +
          "its suites held\\. The 2 cases of A that B did not select are left out, not listed as only in A\\.\n",
      ),
    );
    // The other way round: a case the partial run A did not select is not a new failure of B, however it ended.
    const only = partial(report([["a/y", "passed", 1]], {}), { only: "a/y", cases: ["a/y"], of: 3 });
    const d = compareReports({ file: "a", report: only }, { file: "b", report: whole });
    expect(d.newFailures).toEqual([]);
    expect(d.onlyInB).toEqual([]);
    expect(d.compared).toEqual({
      cases: 1,
      partial: [{ run: "A", how: "--only a/y", selected: 1, of: 3, notSelected: 2 }],
    });
    expect(d.exitCode).toBe(0);
  });

  it("does not call a run cut short by the tester's balance 'no new failure': it is incomplete, exit 2", () => {
    const a = report(
      [
        ["a/x", "passed", 1],
        ["a/y", "passed", 1],
      ],
      {},
    );
    const cut = report(
      [
        ["a/x", "passed", 1],
        ["a/y", "skipped", 0],
      ],
      {},
    );
    const b = {
      ...cut,
      cases: cut.cases.map((c) =>
        c.id === "a/y" ? { ...c, notRun: "balance" as const, reason: "not run: balance: the key ran out" } : c,
      ),
      summary: {
        ...cut.summary,
        exitCode: 2,
        stopped: { by: "balance", reason: "the tester's key could no longer pay: the key ran out", notRun: ["a/y"] },
      },
    } as unknown as Report;
    const c = compareReports({ file: "a", report: a }, { file: "b", report: b });
    expect(c.newFailures).toEqual([]);
    expect(c.incomplete).toEqual({ reason: "the tester's key could no longer pay: the key ran out", notRun: ["a/y"] });
    expect(c.exitCode).toBe(2);
    expect(renderComparison(c)).toMatch(
      /^# tdss compare: run B is incomplete\n\n> \*\*Run B is incomplete:\*\* the tester/,
    );
    expect(compareReports({ file: "b", report: b }, { file: "a", report: a }).exitCode).toBe(0);
  });
});
