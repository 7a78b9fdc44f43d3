import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { packageRoot } from "../contract/root.js";
import { startReferenceServer } from "../reference/index.js";
import type { Report } from "../report/index.js";
import { INTERRUPTED_EXIT, onInterrupt } from "./interrupt.js";

describe("onInterrupt", () => {
  it("aborts at the first signal, exits at once at the second, and removes its handlers", () => {
    const before = process.listenerCount("SIGTERM");
    const notes: string[] = [];
    const exits: number[] = [];
    const interrupt = onInterrupt(
      (t) => notes.push(t),
      (code) => exits.push(code),
    );
    expect(process.listenerCount("SIGTERM")).toBe(before + 1);
    process.emit("SIGTERM", "SIGTERM");
    expect(interrupt.signal.aborted).toBe(true);
    expect(interrupt.by()).toBe("SIGTERM");
    expect(exits).toEqual([]);
    expect(notes[0]).toMatch(/^tdss: SIGTERM: no further case starts; the requests in flight finish/);
    process.emit("SIGINT", "SIGINT");
    expect(exits).toEqual([INTERRUPTED_EXIT]);
    interrupt.dispose();
    expect(process.listenerCount("SIGTERM")).toBe(before);
  });
});

describe("tdss run interrupted", () => {
  let server: Awaited<ReturnType<typeof startReferenceServer>>;
  beforeAll(async () => {
    // Every answer 200 ms late, so that a second signal lands while the first one's requests are still in flight
    // (side-by-side requests would otherwise finish the run before it arrives).
    server = await startReferenceServer({ port: 0, people: 300, jobs: 60, companies: 40, latencyMs: 200 });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  /** Runs the CLI, sends `signals` one by one once the first case has finished, and resolves with what it did. */
  function interruptedRun(
    signals: NodeJS.Signals[],
  ): Promise<{ code: number | null; out: string; err: string; dir: string }> {
    const dir = mkdtempSync(join(tmpdir(), "tdss-interrupt-"));
    const args = ["run", "--base-url", server.url, "--concurrency", "1", "--report-dir", dir];
    args.push("--only", "people-query,jobs-companies-query,detail");
    const child = spawn(process.execPath, [join(packageRoot(), "bin", "tdss.js"), ...args], {
      env: { ...process.env, TDSS_API_KEY: server.keys.active, TDSS_SECOND_API_KEY: server.keys.exhausted },
      cwd: dir,
    });
    let out = "";
    let err = "";
    let sent = 0;
    child.stdout.on("data", (d) => {
      out += d;
      if (sent === 0 && /^\[ *1\/\d+\]/m.test(out)) child.kill(signals[sent++]);
    });
    // The next signal once the previous one was handled (two at once may arrive as one).
    child.stderr.on("data", (d) => {
      err += d;
      if (sent > 0 && sent < signals.length && err.includes("no further case starts")) child.kill(signals[sent++]);
    });
    return new Promise((resolve) => child.on("close", (code) => resolve({ code, out, err, dir })));
  }

  it(
    "lets in-flight requests finish, writes a complete " + "report marked interrupted with the Credits; exit 130",
    async () => {
      const r = await interruptedRun(["SIGINT"]);
      expect(r.code, r.out + r.err).toBe(130);
      expect(r.err).toMatch(/tdss: SIGINT: no further case starts/);
      const runs = readdirSync(r.dir).filter((f) => !f.includes("."));
      expect(runs).toHaveLength(1);
      const files = readdirSync(join(r.dir, runs[0]!));
      expect(files.sort()).toEqual(["junit.xml", "report.html", "report.json", "summary.md"]);
      const report = JSON.parse(readFileSync(join(r.dir, runs[0]!, "report.json"), "utf8")) as Report;
      expect(report.run.interrupted?.by).toBe("SIGINT");
      expect(report.summary.exitCode).toBe(130);
      expect(report.run.interrupted!.notRun.length).toBeGreaterThan(0);
      // Every selected case is in the report: those that never started, and those the interrupt stopped, are not
      // run (interrupted).
      expect(report.cases.length).toBe(report.plan.cases.length);
      const interrupted = report.cases.filter((c) => c.notRun === "interrupted").map((c) => c.id);
      expect(interrupted).toEqual(expect.arrayContaining([...report.run.interrupted!.notRun]));
      expect(report.summary.notRun).toMatchObject({ interrupted: interrupted.length });
      expect(report.summary.creditsSpent).toBeGreaterThan(0);
      expect(r.out).toMatch(/INTERRUPTED by SIGINT: /);
      expect(r.out).toContain(
        `Interrupted: ${report.run.interrupted!.notRun.length} selected cases were not run; ` +
          `${report.summary.creditsSpent} Credits were spent`,
      );
      // The headline says on how many of the selected cases the run got, here as everywhere it is written.
      const total = report.cases.length;
      const headline =
        `INTERRUPTED by SIGINT: ${total - interrupted.length} of ${total} cases run; ` +
        `${interrupted.length} not run (interrupted)`;
      expect(report.summary.verdict).toBe(headline);
      expect(r.out).toContain(`\n${headline}: `);
      expect(readFileSync(join(r.dir, runs[0]!, "summary.md"), "utf8")).toMatch(
        new RegExp(`^# tdss conformance: ${headline.replace(/[()]/g, "\\$&")}\n`),
      );
      // JUnit lists the cases that never started, skipped with the reason, so CI's counts add up, as report.json's.
      const junit = readFileSync(join(r.dir, runs[0]!, "junit.xml"), "utf8");
      expect(junit).toMatch(new RegExp(`<testsuites name="tdss" tests="${report.plan.cases.length}" `));
      const skipped = `<skipped message="not run: interrupted: the run was interrupted (SIGINT) before it started"/>`;
      for (const id of report.run.interrupted!.notRun) {
        const at = junit.indexOf(`name="${id}: `);
        expect(at, id).toBeGreaterThan(0);
        expect(junit.slice(at, junit.indexOf("</testcase>", at))).toContain(skipped);
      }
      // A comparison with the interrupted run says so, and does not claim "no new failure".
      const compared = spawnSync(
        process.execPath,
        [join(packageRoot(), "bin", "tdss.js"), "compare", join(r.dir, runs[0]!), join(r.dir, runs[0]!)],
        { encoding: "utf8" },
      );
      expect(compared.status).toBe(2);
      expect(compared.stdout).toMatch(/^# tdss compare: run B is incomplete\n/);
      expect(compared.stdout).toContain("**Run B is incomplete:** it was interrupted (SIGINT);");
    },
    120_000,
  );

  it("stops at once at a second signal, leaving no partial report", async () => {
    const r = await interruptedRun(["SIGINT", "SIGINT"]);
    expect(r.code).toBe(130);
    expect(r.err).toMatch(/SIGINT again: stopping at once, without a report/);
    const leftovers = readdirSync(r.dir, { recursive: true }).map(String);
    expect(leftovers.filter((f) => f.includes(".tmp-"))).toEqual([]);
    for (const f of leftovers.filter((x) => x.endsWith("report.json")))
      expect(() => JSON.parse(readFileSync(join(r.dir, f), "utf8"))).not.toThrow();
  }, 120_000);
});
