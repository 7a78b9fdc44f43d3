import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { choiceTopic } from "../contract/choices.js";
import { packageRoot } from "../contract/root.js";
import type { Report } from "../report/index.js";

/**
 * The deployment's choices as a table (docs/reports.md, "The deployment's choices"), through the installed command
 * line against the embedded reference server: a few lines in the console after the counts, the whole table in
 * summary.md (never cut) and in report.html.
 */
let stdout = "";
let code: number | null = null;
let dir = "";

beforeAll(async () => {
  const cwd = mkdtempSync(join(tmpdir(), "tdss-choices-"));
  // The embedded reference server's own keys, whatever the environment running the tests holds.
  const { TDSS_API_KEY: _key, TDSS_SECOND_API_KEY: _second, ...withoutKeys } = process.env;
  const child = spawn(
    process.execPath,
    [join(packageRoot(), "bin", "tdss.js"), "run", "--only", "version,credits,auth,detail", "--report-dir", "reports"],
    { cwd, env: withoutKeys },
  );
  child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
  child.stderr.on("data", (d: Buffer) => (stdout += d.toString()));
  code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  const runs = join(cwd, "reports");
  dir = join(runs, readdirSync(runs)[0]!);
}, 240_000);

const report = () => JSON.parse(readFileSync(join(dir, "report.json"), "utf8")) as Report;

describe("the deployment's choices in every report", () => {
  it("the console shows a few of them, in words, after the counts", () => {
    expect(code, stdout).toBe(0);
    const lines = stdout.split("\n");
    const verdict = lines.findIndex((l) => l.startsWith("PASS: "));
    const head = lines.findIndex((l) =>
      l.startsWith("The deployment's choices where the specification leaves it open"),
    );
    expect(verdict).toBeGreaterThan(-1);
    expect(head).toBeGreaterThan(verdict);
    const block = lines.slice(
      head + 1,
      lines.findIndex((l, i) => i > head && !l.startsWith("  ")),
    );
    expect(block.length).toBeLessThanOrEqual(5);
    expect(block.join("\n")).toContain("Cost of GET /version: 0 Credits");
    expect(block.join("\n")).toContain("Key prefix: svc_");
    expect(block.at(-1)).toMatch(/the table, with what the specification says: summary\.md\)?$/);
  });

  it("every topic the run records has a label and what the specification says (spec/catalog/choices.yaml)", () => {
    const unnamed = Object.keys(report().observed).filter((t) => choiceTopic(t) === undefined);
    expect(unnamed).toEqual([]);
  });

  it("summary.md holds the whole table, one row a choice, never cut, without the run's own pace", () => {
    const md = readFileSync(join(dir, "summary.md"), "utf8");
    const section = md.slice(md.indexOf("## The deployment's choices"), md.indexOf("## Clause coverage"));
    expect(section).toContain("| choice | what the specification says | what the deployment does |");
    const rows = section.split("\n").filter((l) => l.startsWith("| ") && !/^\| (choice|---) /.test(l));
    const topics = Object.keys(report().observed).filter((t) => !choiceTopic(t)!.aboutRun);
    expect(rows).toHaveLength(topics.length);
    expect(section).not.toContain("[cut:");
    expect(section).toContain(
      "| Cost of GET /version (`credits.getVersion`) | §8 `s8-cost-version-not-shown`: The cost of GET /version is " +
        "not shown. | 0 Credits |",
    );
    // The key's balance is the run's, not a choice: its member is named, its value never shown.
    const keyRow = rows.find((r) => r.includes("`key_status.preflight`"))!;
    expect(keyRow).toContain("remaining_credits (the balance)");
    expect(keyRow).not.toMatch(/remaining_credits:? \d/);
    expect(rows.some((r) => r.includes("rate_limit.pacing"))).toBe(false);
    expect(section).toMatch(/Recorded about the run itself, not a choice: The run's pace/);
  });

  it("report.html has the same table, with the whole value where the words shorten it", () => {
    const html = readFileSync(join(dir, "report.html"), "utf8");
    expect(html).toContain('<h2 id="choices">');
    const rows = html.match(/<tr class="choice" data-topic="[^"]+">/g) ?? [];
    const topics = Object.keys(report().observed).filter((t) => !choiceTopic(t)!.aboutRun);
    expect(rows).toHaveLength(topics.length);
    expect(html).toMatch(/data-topic="profiles\.default_record_fields">.*?… and \d+ more<details>/);
  });
});
