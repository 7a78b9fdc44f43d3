import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { packageRoot } from "../src/contract/root.js";

/**
 * Every `tdss run` command line the README and docs/ give in a code block starts against a conformant
 * deployment (`tdss serve`): run with `--dry-run`, its plan fits its own `--max-credits` (or the default)
 * and its flags are accepted. A documented gate that can never start is the first thing a release
 * engineer would copy.
 */
const root = packageRoot();
const bin = join(root, "bin", "tdss.js");
const DEMO_ACTIVE_KEY = "svc_demo_active_reference_key";

/** The `tdss run` lines of the fenced code blocks of a Markdown file, as words. */
function documentedRuns(file: string): string[][] {
  const text = readFileSync(file, "utf8");
  const lines = [...text.matchAll(/^```[a-z]*\n([\s\S]*?)^```$/gm)].flatMap((m) => m[1]!.split("\n"));
  return lines
    .map((line) => /(?:^|\s)(?:npx )?(tdss run(?:\s.*)?)$/.exec(line.replace(/\s+#\s.*$/, ""))?.[1])
    .filter((command): command is string => command !== undefined)
    .map((command) => command.match(/"[^"]*"|'[^']*'|\S+/g)!.slice(2));
}

const files = [
  join(root, "README.md"),
  ...readdirSync(join(root, "docs"))
    .filter((f) => f.endsWith(".md"))
    .map((f) => join(root, "docs", f)),
];
const documented = files.flatMap((file) =>
  documentedRuns(file).map((words) => ({ file: file.slice(root.length + 1), words })),
);

function cli(args: string[], cwd: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, ...args], {
      cwd,
      env: { ...process.env, TDSS_API_KEY: DEMO_ACTIVE_KEY, GITHUB_STEP_SUMMARY: "" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => (stdout += c.toString()));
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

let server: ReturnType<typeof spawn> | undefined;
let url = "";
beforeAll(async () => {
  server = spawn(
    process.execPath,
    [bin, "serve", "--port", "0", "--people", "300", "--jobs", "60", "--companies", "20"],
    {
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  url = await new Promise<string>((resolve, reject) => {
    let text = "";
    server!.stdout!.on("data", (c: Buffer) => {
      text += c.toString();
      const found = /listening on (\S+)/.exec(text)?.[1];
      if (found) resolve(found);
    });
    server!.on("exit", (code) => reject(new Error(`tdss serve exited ${code}`)));
  });
});
afterAll(() => {
  server?.kill("SIGTERM");
});

describe("the documented tdss run commands", () => {
  it("are found in the README and docs/ci.md", () => {
    const where = new Set(documented.map((d) => d.file));
    expect(where).toContain("README.md");
    expect(where).toContain(join("docs", "ci.md"));
  });

  it("each starts against a conformant deployment: flags accepted, plan within its budget", async () => {
    const cwd = mkdtempSync(join(tmpdir(), "tdss-documented-"));
    for (const { file, words } of documented) {
      const args = words.map((w) => w.replace(/^"(.*)"$/, "$1"));
      // The deployment a line names (a placeholder, a CI variable) is the served reference here.
      const at = args.indexOf("--base-url");
      if (at >= 0) args[at + 1] = url;
      else args.push("--base-url", url);
      const expectations = args.indexOf("--expectations");
      if (expectations >= 0) writeFileSync(join(cwd, args[expectations + 1]!), "expected_failures: []\n");
      const result = await cli(["run", ...args, "--dry-run"], cwd);
      expect(result.stderr, `${file}: tdss run ${words.join(" ")}`).not.toMatch(/^tdss: (?!warning)/m);
      expect(result.code, `${file}: tdss run ${words.join(" ")}\n${result.stderr}`).toBe(0);
    }
  }, 300_000);
});
