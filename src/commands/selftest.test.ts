import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { main } from "../cli.js";
import { packageRoot } from "../contract/root.js";
import { UsageError } from "./command.js";
import { executeSelftest } from "./selftest.js";

const dir = mkdtempSync(join(tmpdir(), "tdss-selftest-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("tdss selftest", () => {
  it(
    "runs the mutants --only selects on worker threads, prints the matrix both ways, writes reports/selftest/ " +
      "and exits 0 when all are killed",
    async () => {
      // The built binary, as users run it (npm test builds first): worker threads load the compiled pool.
      expect(
        existsSync(join(packageRoot(), "dist", "src", "selftest", "worker.js")),
        "the build is missing: npm run build",
      ).toBe(true);
      const { stdout, stderr } = await promisify(execFile)(
        process.execPath,
        [
          join(packageRoot(), "bin", "tdss.js"),
          "selftest",
          "--only",
          "version-fingerprint-*,envelope-code-string",
          "--workers",
          "2",
        ],
        { cwd: dir },
      );
      expect(stdout).toMatch(
        /Correct reference server \(small: 300 people, 150 jobs, 120 companies\): (\d+) of \1 cases pass/,
      );
      expect(stdout).toMatch(
        /killed {4}version-fingerprint-changes +s9-version-route +by version\/version-and-fingerprint/,
      );
      expect(stdout).toMatch(
        /killed {4}envelope-code-string +s4-envelope-code-200-msg-ok +by envelope\/every-route-success/,
      );
      expect(stdout).toMatch(
        /version\/version-and-fingerprint +kills 2 of 2: version-fingerprint-changes, version-fingerprint-missing/,
      );
      expect(stdout).toMatch(/3 mutants: 3 killed, 0 survived; .* on 2 worker threads\./);
      expect(stderr).toMatch(/^\[1\/3\] {2}killed/m);
      expect(readdirSync(join(dir, "reports", "selftest")).sort()).toEqual(["matrix.md", "report.json"]);
      const report = JSON.parse(readFileSync(join(dir, "reports", "selftest", "report.json"), "utf8"));
      expect(report).toMatchObject({
        workers: 2,
        selection: { only: "version-fingerprint-*,envelope-code-string", allCases: false },
        summary: { exitCode: 0 },
      });
      expect(report.mutants.map((m: { id: string }) => m.id)).toEqual([
        "envelope-code-string",
        "version-fingerprint-changes",
        "version-fingerprint-missing",
      ]);
    },
    240_000,
  );

  it("runs the variants --only selects when it matches no mutant, beside the correct server", async () => {
    const out: string[] = [];
    const reportDir = join(dir, "variant-only");
    const code = await executeSelftest(
      { only: "http-connection-close", reportDir, workers: 0 },
      { out: (t) => void out.push(t), err: () => {}, cwd: dir },
    );
    expect(code).toBe(0);
    expect(out.join("")).toContain("Variants: 1 legal alternatives, 1 passed, 0 failed");
    const report = JSON.parse(readFileSync(join(reportDir, "selftest", "report.json"), "utf8"));
    expect(report.variants.variants.map((v: { id: string }) => v.id)).toEqual(["http-connection-close"]);
    expect(report.summary.mutants).toBe(0);
  }, 120_000);

  it(
    "refuses an --only that matches no mutant and no variant, a bad --workers, and --bail with --all-cases, " +
      "as usage errors (exit 2) writing nothing",
    async () => {
      const streams = { out: () => {}, err: () => {}, cwd: dir };
      const elsewhere = join(dir, "unused");
      await expect(executeSelftest({ only: "no-such-mutant-*", reportDir: elsewhere }, streams)).rejects.toThrow(
        UsageError,
      );
      await expect(executeSelftest({ only: "no-such-mutant-*", reportDir: elsewhere }, streams)).rejects.toThrow(
        /no mutant or variant matches --only no-such-mutant-\*/,
      );
      await expect(executeSelftest({ workers: -1, reportDir: elsewhere }, streams)).rejects.toThrow(
        /--workers must be an integer from 0 to 64, got -1/,
      );
      expect(existsSync(elsewhere)).toBe(false);
      expect(await main(["selftest", "--only", "no-such-mutant", "--report-dir", elsewhere])).toBe(2);
      // A bail stops each mutant at its first failing case, which the full matrix of --all-cases would not.
      expect(await main(["selftest", "--bail", "--all-cases", "--report-dir", elsewhere])).toBe(2);
      expect(existsSync(elsewhere)).toBe(false);
    },
  );
});
