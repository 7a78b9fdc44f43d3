import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { startReferenceServer } from "../reference/index.js";
import type { Report } from "../report/index.js";
import { loadSuites } from "../runner/suites.js";
import { UsageError } from "./command.js";
import { executeRun, type RunArgs } from "./run.js";

const ONLY = "detail,credits,auth,version";
let dir: string;
let keys: { active: string; exhausted: string };
let recorded: { code: number; out: string; runDir: string; report: Report };

async function tdssRun(
  args: RunArgs,
  env: Record<string, string> = {},
): Promise<{ code: number; out: string; runDir: string; report: Report }> {
  const io = { out: "" };
  const root = join(dir, "reports");
  const before = new Set(existsSync(root) ? readdirSync(root) : []);
  const code = await executeRun(
    { reportDir: "reports", ...args },
    { out: (t) => (io.out += t), err: (t) => (io.out += t), env, cwd: dir },
  );
  const runDir = join(
    root,
    readdirSync(root).find((d) => !before.has(d))!,
  );
  return { code, out: io.out, runDir, report: JSON.parse(readFileSync(join(runDir, "report.json"), "utf8")) as Report };
}

const statuses = (r: Report) => r.cases.map((c) => [c.id, c.status]);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "tdss-replay-"));
  // Recorded against a mutant (src/reference/mutants/detail.ts), which is closed before anything is replayed.
  const server = await startReferenceServer({
    port: 0,
    people: 300,
    jobs: 60,
    companies: 40,
    mutant: "detail-job-null-omitted",
  });
  keys = server.keys;
  try {
    recorded = await tdssRun(
      { baseUrl: server.url, only: ONLY, record: "all" },
      { TDSS_API_KEY: keys.active, TDSS_SECOND_API_KEY: keys.exhausted },
    );
  } finally {
    await server.close();
  }
}, 120_000);

describe("--record all and --replay", () => {
  it("keeps every exchange of every case, and a cassette, with no key in any file", () => {
    expect(recorded.code, recorded.out).toBe(1);
    expect(readdirSync(recorded.runDir)).toContain("cassette.json");
    for (const c of recorded.report.cases.filter((x) => x.status !== "skipped"))
      expect(c.exchanges?.length, c.id).toBe(c.requests);
    for (const f of readdirSync(recorded.runDir)) {
      const text = readFileSync(join(recorded.runDir, f), "utf8");
      expect(text).not.toContain(keys.active);
      expect(text).not.toContain(keys.exhausted);
    }
  });

  it("checks the recorded responses again with the current suite, sending nothing", async () => {
    const replayed = await tdssRun({ replay: join(recorded.runDir, "cassette.json"), only: ONLY });
    expect(replayed.code, replayed.out).toBe(1);
    // A cassette holds HTTP exchanges only: the replay leaves out the cases with an MCP step, and says so.
    const withMcp = new Set(
      loadSuites()
        .filter((c) => c.steps.some((s) => s.kind.startsWith("mcp")))
        .map((c) => c.id),
    );
    const leftOut = recorded.report.cases.filter((c) => withMcp.has(c.id));
    expect(leftOut.length).toBeGreaterThan(0);
    expect(replayed.out).toContain(`--replay leaves out the ${leftOut.length} MCP cases`);
    expect(statuses(replayed.report)).toEqual(statuses(recorded.report).filter(([id]) => !withMcp.has(id!)));
    expect(replayed.report.cases.find((c) => c.id === "detail/jobs-records")!.failures.map((f) => f.check)).toEqual(
      recorded.report.cases.find((c) => c.id === "detail/jobs-records")!.failures.map((f) => f.check),
    );
    expect(replayed.out).toMatch(/Replayed from .*cassette\.json: nothing was sent, no Credit was spent\./);
  });

  it("leaves not run a case whose requests the recorded run did not send, saying so (the run incomplete)", async () => {
    const replayed = await tdssRun({ replay: join(recorded.runDir, "cassette.json"), only: "people-query/*" });
    // The cassette holds no answer to judge (docs/verdicts.md, "Not run"): never a verdict on the deployment.
    const unjudged = replayed.report.cases.filter((c) => c.notRun === "no answer");
    expect(unjudged.length).toBeGreaterThan(0);
    expect(unjudged[0]!.reason).toMatch(
      /got no answer to judge: not in the cassette: the recorded run sent no further /,
    );
    expect(replayed.report.cases.filter((c) => c.status === "failed")).toEqual([]);
    expect(replayed.code).toBe(2);
  });

  it("refuses a file that is not a cassette, and --base-url beside --replay, with one line", async () => {
    const bad = join(dir, "bad.json");
    writeFileSync(bad, "{}");
    await expect(
      executeRun({ replay: bad }, { out: () => undefined, err: () => undefined, env: {}, cwd: dir }),
    ).rejects.toThrow(new UsageError(`--replay ${bad}: not a tdss cassette (write one with tdss run --record all)`));
    await expect(
      executeRun(
        { replay: bad, baseUrl: "http://127.0.0.1:1" },
        { out: () => undefined, err: () => undefined, env: {}, cwd: dir },
      ),
    ).rejects.toThrow(/takes no --base-url/);
  });
});
