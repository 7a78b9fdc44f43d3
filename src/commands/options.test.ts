import fc from "fast-check";
import { describe, expect, it } from "vitest";
import yargs, { type Argv } from "yargs";
import { lintCommand, LINT_OPTIONS } from "./lint.js";
import { parseFast } from "./options.js";

/** What yargs makes of `tdss lint ARGS`, on the table's keys (undefined when yargs refuses them). */
async function yargsParse(args: string[]): Promise<Record<string, unknown> | undefined> {
  let failed = false;
  let parsed: unknown;
  await yargs(["lint", ...args])
    .strict()
    .exitProcess(false)
    .fail(() => (failed = true))
    .command(
      "lint [files..]",
      "",
      (y): Argv => lintCommand.builder(y),
      (a) => {
        parsed = a;
      },
    )
    .parseAsync();
  if (failed || parsed === undefined) return undefined;
  const keys = ["files", ...Object.keys(LINT_OPTIONS.options)];
  return Object.fromEntries(keys.map((k) => [k, (parsed as Record<string, unknown>)[k]]));
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
        expect(fast, args.join(" ")).toEqual(await yargsParse(args));
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
