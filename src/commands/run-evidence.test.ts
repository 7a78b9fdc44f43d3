import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAgainstMutant, type MutantRun } from "./testing/mutant-run.js";

// A mutant of the reference server (src/reference/mutants/detail.ts) whose job records leave out null fields.
let run: MutantRun;

beforeAll(async () => {
  run = await runAgainstMutant("detail-job-null-omitted", "detail/jobs-*");
}, 120_000);
afterAll(async () => {
  await run?.server.close();
});

describe("a failed run keeps its evidence", () => {
  it("records the request and the response of every failure in report.json", () => {
    expect(run.code, run.out).toBe(1);
    const failed = run.report.cases.filter((c) => c.status === "failed");
    expect(failed.map((c) => c.id)).toContain("detail/jobs-records");
    for (const c of failed) {
      for (const f of c.failures) {
        const e = c.exchanges![f.exchange!]!;
        expect(e.request.method).toBe("POST");
        expect(e.request.url).toMatch(/\/jobs\/detail-by-id$/);
        expect(e.request.headers.authorization).toBe("Bearer $TDSS_API_KEY");
        expect(e.response!.status).toBe(200);
        expect(e.response!.headers!["content-type"]).toMatch(/application\/json/);
        const body = JSON.parse(e.response!.body!.text) as { data: { results: unknown[] } };
        expect(body.data.results.length).toBeGreaterThan(0);
        expect(e.response!.body!.bytes).toBe(Buffer.byteLength(e.response!.body!.text));
      }
    }
  });

  it("marks as failed only the clauses of the checks that failed", () => {
    const records = run.report.cases.find((c) => c.id === "detail/jobs-records")!;
    const failedClauses = new Set(records.failures.flatMap((f) => f.clauses ?? []));
    expect(failedClauses.has("s2-6-null-never-omitted")).toBe(true);
    const status = (id: string) => run.report.coverage.clauses.find((c) => c.id === id)!.status;
    expect(status("s2-6-null-never-omitted")).toBe("failed");
    expect(status("s2-1-search-ids-accepted-by-detail")).not.toBe("failed");
    expect(run.report.coverage.must.failed).toBeLessThan(records.clauses.length);
  });

  it("shows one curl per failing step in summary.md, with the response", () => {
    const md = readFileSync(
      run.files.find((f) => f.endsWith("summary.md"))!,
      "utf8",
    );
    for (const c of run.report.cases.filter((x) => x.status === "failed")) {
      const section = md.slice(md.indexOf(`### \`${c.id}\``)).split(/\n### /)[0]!;
      const steps = new Set(c.failures.map((f) => f.step));
      expect(section.match(/^```sh$/gm)?.length, c.id).toBe(steps.size);
      expect(section).toContain("<summary>Response: HTTP 200");
    }
  });

  it("writes no key into any report file or the console", () => {
    expect(run.files.length).toBeGreaterThanOrEqual(3);
    for (const text of [run.out, ...run.files.map((f) => readFileSync(f, "utf8"))]) {
      expect(text).not.toContain(run.server.keys.active);
      expect(text).not.toContain(run.server.keys.exhausted);
    }
  });
});
