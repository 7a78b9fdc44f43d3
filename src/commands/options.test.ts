import fc from "fast-check";
import { describe, expect, it } from "vitest";
import yargs, { type Argv } from "yargs";
import type { TdssCommand } from "./command.js";
import { lintCommand, LINT_OPTIONS } from "./lint.js";
import { commaList, parseFast, type OptionTable } from "./options.js";
import { runCommand, RUN_OPTIONS } from "./run.js";

const camelCase = (name: string) => name.replace(/-+([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/**
 * What yargs makes of `tdss <usage> ARGS`, on the table's keys, camel-cased ones included (undefined when yargs
 * refuses them).
 */
async function yargsParse(
  usage: string,
  command: Pick<TdssCommand, "builder">,
  table: OptionTable,
  args: string[],
): Promise<Record<string, unknown> | undefined> {
  let failed = false;
  let parsed: unknown;
  await yargs([usage.split(" ")[0]!, ...args])
    .strict()
    .exitProcess(false)
    .fail(() => (failed = true))
    .command(
      usage,
      "",
      (y): Argv => command.builder(y) as Argv,
      (a) => {
        parsed = a;
      },
    )
    .parseAsync();
  if (failed || parsed === undefined) return undefined;
  const names = Object.keys(table.options);
  const keys = [...(table.positional ? [table.positional.name] : []), ...names, ...names.map(camelCase)];
  return Object.fromEntries(
    [...new Set(keys)]
      .map((k) => [k, (parsed as Record<string, unknown>)[k]] as const)
      .filter(([, value]) => value !== undefined),
  );
}

const WORDS = [
  "q.json",
  "-",
  "dir/",
  "--route",
  "jobs",
  "--route=people",
  "-f",
  "json",
  "--format",
  "sarif",
  "xml",
  "--jsonl",
  "--fix",
  "--fix-suggestions",
  "--write",
  "-q",
  "--quiet",
  "--rule",
  "cost=off",
  "--rule=fixed-set-value=warning",
  "-o",
  "out.txt",
  "--fail-on",
  "refused,broadened",
  "--max-warnings",
  "0",
  "12",
  "--max-warnings=3",
  "--cost",
  "--no-cost",
  "--ext",
  ".json",
  "--stdin-filename",
  "a.json",
  "--config",
  "true",
  "--",
  "-qf",
  "--nope",
  "--help",
  "-x",
];

describe("the fast parser of tdss lint", () => {
  it("reads every argument list it accepts exactly as yargs does (fast-check, seeded)", async () => {
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom(...WORDS), { maxLength: 7 }), async (args) => {
        const fast = parseFast(args, LINT_OPTIONS);
        if (fast === undefined) return;
        accepted++;
        expect(fast, args.join(" ")).toEqual(await yargsParse("lint [files..]", lintCommand, LINT_OPTIONS, args));
      }),
      { seed: 17, numRuns: 200 },
    );
    expect(accepted).toBeGreaterThan(25);
  });

  it("accepts the common forms and leaves the rest to yargs", () => {
    expect(
      parseFast(["q.json", "-f", "json", "--max-warnings", "0", "--rule", "a=off", "--rule", "b=off"], LINT_OPTIONS),
    ).toMatchObject({ files: ["q.json"], format: "json", "max-warnings": 0, rule: ["a=off", "b=off"], fix: false });
    for (const args of [["--help"], ["--nope"], ["-f", "xml"], ["-f", "json", "-f", "sarif"], ["--no-cost"], ["--"]])
      expect(parseFast(args, LINT_OPTIONS), args.join(" ")).toBeUndefined();
  });
});

describe("commaList", () => {
  it("joins a selection given more than once, and leaves one as it is", () => {
    expect(commaList(["mcp/*", "detail/*"])).toBe("mcp/*,detail/*");
    expect(commaList("mcp/*")).toBe("mcp/*");
    expect(commaList(undefined)).toBeUndefined();
  });
});

const RUN_WORDS = [
  "--base-url",
  "http://127.0.0.1:8080",
  "--base-url=http://localhost:1",
  "--reporter",
  "json",
  "html",
  "--reporter=junit",
  "--report-dir",
  "/tmp/x",
  "--tag",
  "smoke",
  "--only",
  "routes/*",
  "--concurrency",
  "4",
  "1.5",
  "--max-credits=0",
  "--dry-run",
  "--fit-balance",
  "--no-strict",
  "--record",
  "all",
  "bogus",
  "--last-failed",
  "--suites",
  "mine/",
  "--evidence-bytes",
  "-5",
  "--list",
  "--help",
  "--nope",
  "-",
];

describe("the fast parser of tdss run", () => {
  it("reads every argument list it accepts as yargs does, camel-cased names too (fast-check, seeded)", async () => {
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom(...RUN_WORDS), { maxLength: 7 }), async (args) => {
        const fast = parseFast(args, RUN_OPTIONS);
        if (fast === undefined) return;
        accepted++;
        expect(fast, args.join(" ")).toEqual(await yargsParse("run", runCommand, RUN_OPTIONS, args));
      }),
      { seed: 17, numRuns: 300 },
    );
    expect(accepted).toBeGreaterThan(25);
  });

  it("gives an array option an array, and leaves what yargs reads another way to yargs", () => {
    expect(
      parseFast(
        ["--base-url", "http://h", "--reporter", "json", "--report-dir", "r", "--concurrency", "4"],
        RUN_OPTIONS,
      ),
    ).toEqual({
      "base-url": "http://h",
      baseUrl: "http://h",
      reporter: ["json"],
      "report-dir": "r",
      reportDir: "r",
      concurrency: 4,
    });
    // yargs takes the word after an array option's value as a second value; a command without positionals, none.
    for (const args of [["--reporter", "json", "html"], ["extra"], ["--record", "bogus"], ["--last-failed"]])
      expect(parseFast(args, RUN_OPTIONS), args.join(" ")).toBeUndefined();
  });
});
