import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import yargs from "yargs";
import type { TdssCommand } from "../src/commands/command.js";
import { compareCommand } from "../src/commands/compare.js";
import { runCommand } from "../src/commands/run.js";
import { packageRoot } from "../src/contract/root.js";

interface Step {
  name?: string;
  id?: string;
  uses?: string;
  run?: string;
  if?: string;
  env?: Record<string, string>;
  with?: Record<string, unknown>;
}

const markdown = readFileSync(join(packageRoot(), "docs", "ci.md"), "utf8");
const blocks = [...markdown.matchAll(/^```yaml\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);
const workflow = parse(blocks[0] ?? "") as {
  on: Record<string, unknown>;
  jobs: Record<string, { "runs-on": string; steps: Step[] }>;
};
const steps = Object.values(workflow.jobs ?? {}).flatMap((j) => j.steps);

/** The long options a command declares (and their aliases). */
function optionsOf(cmd: TdssCommand<any>): Set<string> {
  const parser = cmd.builder(yargs([])) as unknown as {
    getOptions(): { key: Record<string, unknown>; alias: Record<string, string[]> };
  };
  const options = parser.getOptions();
  return new Set([...Object.keys(options.key), ...Object.values(options.alias).flat(), "help", "version"]);
}

/** Every `tdss <command> ...` in the workflow's run scripts, as words (expressions kept as single words). */
function invocations(): { command: string; words: string[] }[] {
  return steps
    .flatMap((s) => (s.run ?? "").split(/&&|\|\||\n/))
    .map((line) => line.trim())
    .filter((line) => line.startsWith("tdss "))
    .map((line) => {
      const words = line.match(/"[^"]*"|'[^']*'|\S+/g)!;
      return { command: words[1]!, words: words.slice(2) };
    });
}

describe("the GitHub Actions workflow of docs/ci.md", () => {
  it("is one YAML document with a job that runs on push and pull requests", () => {
    expect(blocks).toHaveLength(1);
    expect(Object.keys(workflow.on)).toEqual(expect.arrayContaining(["push", "pull_request"]));
    expect(steps.some((s) => s.uses?.startsWith("actions/setup-node@") && Number(s.with?.["node-version"]) >= 20)).toBe(
      true,
    );
  });

  it("runs the gate with the keys from secrets, never written in the file", () => {
    const gate = steps.find((s) => s.run?.startsWith("tdss run"))!;
    expect(gate.run).toContain("--base-url");
    expect(gate.env?.TDSS_API_KEY).toBe("${{ secrets.TDSS_API_KEY }}");
    expect(blocks[0]).not.toMatch(/svc_\w+|--api-key/);
    // Every secret the page asks the reader to set reaches the run: one left out only leaves its cases not run.
    const secrets = [...markdown.matchAll(/^\| `(\w+)` \| secret/gm)].map((m) => m[1]!);
    expect(secrets).toContain("TDSS_API_KEY");
    for (const name of secrets) expect(gate.env?.[name], name).toBe(`\${{ secrets.${name} }}`);
  });

  it("installs tdss from a pinned checkout, never from the registry by name", () => {
    const checkout = steps.find((s) => s.uses?.startsWith("actions/checkout@") && s.with?.repository)!;
    expect(checkout.with?.ref).toBe("${{ vars.TDSS_REF }}");
    const installs = steps
      .flatMap((s) => (s.run ?? "").split(/&&|\|\||\n/))
      .map((line) => line.trim())
      .filter((line) => /^npm (install|i|add)\b/.test(line));
    expect(installs.length).toBeGreaterThan(0);
    // Each package it names is a path (a tarball or a folder), never a name the registry resolves.
    for (const line of installs)
      for (const word of line
        .split(/\s+/)
        .slice(2)
        .filter((w) => !w.startsWith("-")))
        expect(word, line).toMatch(/^\.{0,2}\//);
  });

  it("compares with a baseline and uploads the JUnit and HTML reports even when the gate fails", () => {
    const compare = steps.find((s) => s.run?.includes("tdss compare"))!;
    expect(compare.if).toMatch(/always\(\)/);
    const upload = steps.find((s) => s.uses?.startsWith("actions/upload-artifact@"))!;
    expect(upload.if).toBe("always()");
    const paths = String(upload.with?.path);
    for (const file of ["junit.xml", "report.html", "report.json"]) expect(paths).toContain(`reports/*/${file}`);
  });

  it("uses only flags the tdss commands have", () => {
    const commands: Record<string, TdssCommand<any>> = { run: runCommand, compare: compareCommand };
    const found = invocations().filter((i) => !i.command.startsWith("-"));
    expect(found.map((i) => i.command).sort()).toEqual(["compare", "run"]);
    for (const { command, words } of found) {
      const known = optionsOf(commands[command]!);
      for (const flag of words.filter((w) => w.startsWith("--")).map((w) => w.slice(2).split("=")[0]!))
        expect(known, `tdss ${command} --${flag}`).toContain(flag);
    }
  });
});
