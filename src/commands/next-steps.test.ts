import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { packageRoot } from "../contract/root.js";

/**
 * Every next step a run prints is a command that works with the options the run was given: run through the
 * installed command line (bin/tdss.js), as a user would paste it.
 */
const bin = join(packageRoot(), "bin", "tdss.js");
const servers: ChildProcess[] = [];

function tdss(
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, ...args], { cwd, env: { ...process.env, ...env } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

async function serve(...extra: string[]): Promise<{ url: string; env: NodeJS.ProcessEnv }> {
  const child = spawn(process.execPath, [bin, "serve", "--port", "0", "--people", "300", "--jobs", "60", ...extra]);
  servers.push(child);
  let banner = "";
  await new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (d: Buffer) => {
      banner += d.toString();
      if (/Ctrl-C stops the server/.test(banner)) resolve();
    });
    child.on("exit", (code) => reject(new Error(`tdss serve exited ${code}: ${banner}`)));
  });
  const key = (name: string) => new RegExp(`${name} +(svc_\\S+)`).exec(banner)![1]!;
  return {
    url: /listening on (\S+)/.exec(banner)![1]!,
    env: { TDSS_API_KEY: key("active"), TDSS_SECOND_API_KEY: key("exhausted") },
  };
}

/** The words of a printed command line (the printer quotes only what the shell would split). */
function words(line: string): string[] {
  return line.match(/'[^']*'|\S+/g)!.map((w) => w.replace(/^'(.*)'$/, "$1"));
}

let mutant: { url: string; env: NodeJS.ProcessEnv };
beforeAll(async () => {
  mutant = await serve("--mutant", "detail-job-null-omitted");
}, 120_000);
afterAll(() => {
  for (const child of servers) child.kill("SIGTERM");
});

describe("the next steps a failed run prints", () => {
  it("rerun and compare work with the README's own reporters (no json among them)", async () => {
    const cwd = mkdtempSync(join(tmpdir(), "tdss-next-"));
    const first = await tdss(
      ["run", "--base-url", mutant.url, "--only", "detail", "--reporter", "console,junit,markdown"],
      cwd,
      mutant.env,
    );
    expect(first.code, first.stderr).toBe(1);
    const line = /^Rerun the failed cases: (tdss run .*)$/m.exec(first.stdout)?.[1];
    expect(line, first.stdout).toBeDefined();
    const rerun = await tdss(words(line!).slice(1), cwd, mutant.env);
    // The same failures again (exit 1), not a command that cannot start (exit 2).
    expect(rerun.code, rerun.stderr).toBe(1);
    expect(rerun.stdout).toMatch(/^FAIL: 0 passed, [1-9]\d* failed/m);
    const runs = readdirSync(join(cwd, "reports")).sort();
    expect(runs).toHaveLength(2);
    const compared = await tdss(["compare", join("reports", runs[0]!), join("reports", runs[1]!)], cwd);
    expect(compared.code, compared.stderr).toBe(0);
    expect(compared.stdout).toMatch(/no new failure/i);
    // The key's balance fell between the runs, and the rerun ran only the failed cases: the deployment changed none of
    // its choices, and what the rerun could not see is said once, not listed as changed.
    expect(compared.stdout).not.toMatch(/Observed choices that changed/);
    expect(compared.stdout).toMatch(/\*\*.*, 0 observed choices changed\.\*\*/);
    expect(compared.stdout).toMatch(
      /^\d+ choices seen by one run only were not compared: the other run's cases did not meet them/m,
    );
  }, 240_000);
});
