import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Report } from "../report/index.js";
import { startFakeDeployment, type FakeDeployment } from "../runner/testing/fake-deployment.js";
import { UsageError } from "./command.js";
import { executeRun, type RunArgs } from "./run.js";

const OWN_CASE = `cases:
  - id: key-status-free
    title: Key status answers with the envelope, for free
    clauses: [s4-5-key-status-reports, s8-cost-key-status]
    tags: [mine]
    steps:
      - request: { operation: getKeyStatus }
        expect: [envelope]
        credits: free
`;

let fake: FakeDeployment;
beforeAll(async () => {
  fake = await startFakeDeployment();
});
afterAll(async () => {
  await fake?.close();
});

/** A folder of the user's own cases, laid out as suites/: area folders of YAML files. */
function userSuites(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "tdss-own-"));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, ".."), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

async function tdssRun(args: RunArgs): Promise<{ code: number | Error; out: string; dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), "tdss-run-own-"));
  let out = "";
  const env = { TDSS_API_KEY: fake.keys.active, TDSS_SECOND_API_KEY: fake.keys.exhausted };
  try {
    const code = await executeRun(
      { baseUrl: fake.url, reportDir: join(dir, "reports"), ...args },
      { out: (t) => (out += t), err: (t) => (out += t), env, cwd: dir },
    );
    return { code, out, dir };
  } catch (error) {
    return { code: error as Error, out, dir };
  }
}

describe("tdss run --suites", () => {
  it("adds a user's own cases to the package's, selectable and run like them", async () => {
    const own = userSuites({ "custom/mine.yaml": OWN_CASE });
    const listed = await tdssRun({ suites: [own], list: true, tag: ["mine"] });
    expect(listed.out).toMatch(/^custom\/key-status-free +custom +mine +0$/m);
    const run = await tdssRun({ suites: [own], only: "custom/*,version/*" });
    expect(run.code, run.out).toBe(0);
    const runDir = join(run.dir, "reports", readdirSync(join(run.dir, "reports"))[0]!);
    const report = JSON.parse(readFileSync(join(runDir, "report.json"), "utf8")) as Report;
    expect(report.cases.map((c) => [c.id, c.status])).toEqual([
      ["version/version-and-fingerprint", "passed"],
      ["custom/key-status-free", "passed"],
    ]);
    const plain = await tdssRun({ only: "version/*" });
    const plainDir = join(plain.dir, "reports", readdirSync(join(plain.dir, "reports"))[0]!);
    const plainReport = JSON.parse(readFileSync(join(plainDir, "report.json"), "utf8")) as Report;
    expect(report.tool.suiteHash).not.toBe(plainReport.tool.suiteHash);
  });

  it("takes YAML files placed directly in the folder as the folder's area", async () => {
    const own = userSuites({ "acme/acme.yaml": OWN_CASE });
    const listed = await tdssRun({ suites: [join(own, "acme")], list: true });
    expect(listed.out).toMatch(/^acme\/key-status-free +acme +mine +0$/m);
  });

  it.each([
    [
      "a member the schema does not allow",
      OWN_CASE.replace("credits: free", "credits: free\n        bogus: 1"),
      /mine\.yaml: line \d+: \/cases\/0\/steps\/0: the member bogus is not allowed here/,
    ],
    [
      "an unknown clause id",
      OWN_CASE.replace("s8-cost-key-status", "s8-no-such-clause"),
      /mine\.yaml: line 4: \/cases\/0\/clauses\/1: unknown clause id "s8-no-such-clause"/,
    ],
    [
      "a wrong type",
      OWN_CASE.replace("tags: [mine]", "tags: mine"),
      /mine\.yaml: line \d+: \/cases\/0\/tags: expected array/,
    ],
    [
      "an id a package case has",
      OWN_CASE.replace("id: key-status-free", "id: version-and-fingerprint").replace("custom", "version"),
      /case id version\/version-and-fingerprint is also used in suites\/version\/version.yaml/,
    ],
  ])("refuses %s with one error naming the file and the JSON Pointer", async (_what, text, message) => {
    const area = text.includes("version-and-fingerprint") ? "version" : "custom";
    const own = userSuites({ [`${area}/mine.yaml`]: text });
    const r = await tdssRun({ suites: [own], list: true });
    expect(r.code).toBeInstanceOf(UsageError);
    expect((r.code as Error).message).toMatch(message);
    expect((r.code as Error).message).toContain(own);
  });

  it("refuses a folder that does not exist", async () => {
    const r = await tdssRun({ suites: ["no-such-folder"], list: true });
    expect((r.code as Error).message).toMatch(/--suites .*no-such-folder: no such folder/);
  });
});
