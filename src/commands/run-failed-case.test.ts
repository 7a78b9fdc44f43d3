import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReferenceServer } from "../reference/index.js";
import type { Report } from "../report/index.js";
import { executeRun } from "./run.js";

// A mutant that serves a people search without `where` (src/reference/mutants): people-query/where-required expects a
// refusal at no cost, gets a success, and is charged for it, as a success is.
let server: Awaited<ReturnType<typeof startReferenceServer>>;
let out = "";
let code: number;
let report: Report;
let runDir: string;

beforeAll(async () => {
  server = await startReferenceServer({
    port: 0,
    people: 300,
    jobs: 60,
    companies: 40,
    mutant: "people-where-optional",
  });
  const dir = mkdtempSync(join(tmpdir(), "tdss-failed-case-"));
  const env = { TDSS_API_KEY: server.keys.active, TDSS_SECOND_API_KEY: server.keys.exhausted };
  code = await executeRun(
    { baseUrl: server.url, only: "people-query/where-required", reportDir: join(dir, "reports") },
    { out: (t) => (out += t), err: (t) => (out += t), env, cwd: dir },
  );
  runDir = join(dir, "reports", readdirSync(join(dir, "reports"))[0]!);
  report = JSON.parse(readFileSync(join(runDir, "report.json"), "utf8")) as Report;
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe("a failure, what it marks and what follows from it", () => {
  it("reports the charge of the request served as a consequence of the refusal owed, not as a second failure", () => {
    expect(code, out).toBe(1);
    const c = report.cases.find((x) => x.id === "people-query/where-required")!;
    expect(c.status).toBe("failed");
    expect(c.failures.map((f) => f.check)).toEqual(["refused"]);
    expect(c.failures[0]!.consequences).toEqual([
      expect.objectContaining({ check: "credits", expected: 0, actual: 1 }),
    ]);
    expect(out).toMatch(/^ +1 failed check:$/m);
    expect(out).toMatch(/^ +as a consequence \(not a failure of its own\), credits: the balance fell by 1 Credit/m);
    const junit = readFileSync(join(runDir, "junit.xml"), "utf8");
    expect(junit).toContain("as a consequence (not a failure of its own), credits:");
    const md = readFileSync(join(runDir, "summary.md"), "utf8");
    expect(md).toMatch(/^ {2}- as a consequence \(not a failure of its own\), credits:/m);
  });

  it("marks in coverage only the clause the failure quotes, not every clause of its case", () => {
    expect(code, out).toBe(1);
    const c = report.cases.find((x) => x.id === "people-query/where-required")!;
    expect(c.clauses).toEqual(["s4-2-where-required-people", "s4-3-people-query-request"]);
    expect(c.failures[0]!.clause!.id).toBe("s4-2-where-required-people");
    expect(c.failures[0]!.clauses).toEqual(["s4-2-where-required-people"]);
    const status = (id: string) => report.coverage.clauses.find((x) => x.id === id)!.status;
    expect(status("s4-2-where-required-people")).toBe("failed");
    expect(status("s4-3-people-query-request")).not.toBe("failed");
    expect(report.coverage.must.failed).toBe(1);
  });
});
