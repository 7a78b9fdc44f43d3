import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_KEYS } from "../reference/index.js";
import { loadContract } from "./load.js";
import { packageRoot } from "./root.js";
import { startPrism, type Prism } from "./testing/prism.js";

/**
 * `tdss run` against `prism mock spec/openapi.yaml`: a server that answers every route with examples made from
 * the document alone. The document describes shapes, not behaviour (no ledger, no query semantics, no MCP), so
 * the run must end cleanly in failed cases, each with its reason: exit 1, a report, no crash and no hang
 * (docs/openapi.md).
 */
/** Far above the run's usual 15 s: a bound that only a hang reaches. */
const HANG_MS = 300_000;
let prism: Prism;
let dir: string;
beforeAll(async () => {
  prism = await startPrism("mock");
  dir = mkdtempSync(join(tmpdir(), "tdss-prism-mock-"));
}, 120_000);
afterAll(async () => {
  await prism?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("tdss run against Prism's mock of spec/openapi.yaml", () => {
  it(
    "fails the cases a mock cannot pass and ends with exit 1 and a full report",
    async () => {
      const bin = join(packageRoot(), "bin", "tdss.js");
      const args = [
        bin,
        "run",
        "--base-url",
        prism.url,
        "--report-dir",
        dir,
        "--reporter",
        "json",
        "--timeout",
        "20000",
      ];
      const env = { ...process.env, TDSS_API_KEY: DEMO_KEYS.active.key, TDSS_SECOND_API_KEY: DEMO_KEYS.exhausted.key };
      const run = await new Promise<{ code: number | null; killed: boolean; stderr: string }>((resolve) => {
        const child = execFile(
          process.execPath,
          args,
          { cwd: dir, env, timeout: HANG_MS, maxBuffer: 64 * 1024 * 1024 },
          (error, _stdout, stderr) => {
            resolve({ code: child.exitCode, killed: Boolean(error && "killed" in error && error.killed), stderr });
          },
        );
      });
      expect(run.killed, "the run hung").toBe(false);
      expect(run.stderr).not.toMatch(/internal error|at .+\.js:\d+/);
      expect(run.code).toBe(1);

      const [runDir] = readdirSync(dir).filter((d) => d !== "latest");
      const report = JSON.parse(readFileSync(join(dir, runDir!, "report.json"), "utf8")) as {
        summary: { total: number; failed: number; exitCode: number };
        cases: { id: string; area: string; status: string; clauses: string[]; failures: { message: string }[] }[];
      };
      expect(report.summary.exitCode).toBe(1);
      expect(report.cases).toHaveLength(report.summary.total);
      const failed = report.cases.filter((c) => c.status === "failed");
      expect(failed.length).toBeGreaterThan(report.summary.total / 2);
      // Every failure says why; the Credit ledger and the MCP surface are beyond any mock of the document.
      for (const c of failed) expect(c.failures.length, c.id).toBeGreaterThan(0);
      // A case citing no must clause cannot fail (docs/verdicts.md): what it cannot measure on a mock is a warning.
      // One that does is failed, or not run where the mock's key status shows no balance the runner can read (the
      // key-status case fails on that once); none passes.
      const citesMust = (c: { clauses: string[] }) =>
        c.clauses.some((id) => loadContract().clauses.get(id)?.kind === "must");
      expect(
        report.cases.filter((c) => c.area === "credits" && citesMust(c) && c.status === "passed").map((c) => c.id),
      ).toEqual([]);
      expect(report.cases.filter((c) => c.area === "mcp" && c.status === "passed").map((c) => c.id)).toEqual([]);
    },
    HANG_MS + 60_000,
  );
});
