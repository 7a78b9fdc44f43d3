import { resolve } from "node:path";
import type { Argv } from "yargs";
import { compareReports, renderComparison } from "../report/compare.js";
import { loadReport, ReportLoadError } from "../report/load.js";
import { writeFileAtomic } from "../report/write.js";
import { UsageError, type TdssCommand } from "./command.js";

export interface CompareArgs {
  a: string;
  b: string;
  format?: "markdown" | "json";
  output?: string;
}

/**
 * `tdss compare A B`: what changed from run A to run B; exit 1 when something newly fails (a CI gate), else 2 when run
 * B could not be completed (its cases not run have no verdict).
 */
export function executeCompare(args: CompareArgs, io: { out: (t: string) => void; cwd: string }): number {
  let a;
  let b;
  try {
    a = loadReport(resolve(io.cwd, args.a));
    b = loadReport(resolve(io.cwd, args.b));
  } catch (error) {
    if (error instanceof ReportLoadError) throw new UsageError(error.message);
    throw error;
  }
  const comparison = compareReports(a, b);
  const text = args.format === "json" ? `${JSON.stringify(comparison, null, 2)}\n` : renderComparison(comparison);
  if (args.output) {
    try {
      writeFileAtomic(resolve(io.cwd, args.output), text);
    } catch (error) {
      throw new UsageError(`cannot write ${args.output}: ${(error as Error).message}`);
    }
  } else io.out(text);
  return comparison.exitCode;
}

export const compareCommand: TdssCommand<CompareArgs> = {
  name: "compare",
  builder: (y: Argv) =>
    y
      .positional("a", {
        type: "string",
        describe: "The earlier run: a report folder, report.json, or a folder of runs (latest)",
      })
      .positional("b", { type: "string", describe: "The later run, likewise" })
      .option("format", {
        choices: ["markdown", "json"] as const,
        default: "markdown" as const,
        describe: "Output format",
      })
      .option("output", {
        alias: "o",
        type: "string",
        describe: "Write to this file (atomically) instead of standard output",
      }) as unknown as Argv<CompareArgs>,
  run: async (args) => executeCompare(args, { out: (t) => process.stdout.write(t), cwd: process.cwd() }),
};
