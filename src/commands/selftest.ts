import { join, resolve as resolvePath } from "node:path";
import type { Argv } from "yargs";
import {
  defaultWorkers,
  formatConsole,
  formatMutantLine,
  NoMutantError,
  runSelftest,
  writeSelftestReport,
} from "../selftest/index.js";
import { formatVariantLine } from "../selftest/variants.js";
import { UsageError, type TdssCommand } from "./command.js";
import { commaList } from "./options.js";

export interface SelftestArgs {
  only?: string | string[];
  allCases?: boolean;
  bail?: boolean;
  workers?: number;
  reportDir?: string;
}

interface Io {
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
  readonly cwd: string;
}

/** Runs the selftest, prints the kill matrix, writes <report-dir>/selftest/; resolves to the exit status. */
export async function executeSelftest(args: SelftestArgs, io: Io): Promise<number> {
  if (args.workers !== undefined && (!Number.isInteger(args.workers) || args.workers < 0 || args.workers > 64)) {
    throw new UsageError(`--workers must be an integer from 0 to 64, got ${args.workers}`);
  }
  const dir = join(resolvePath(io.cwd, args.reportDir ?? "reports"), "selftest");
  let report;
  try {
    report = await runSelftest({
      ...(args.only !== undefined ? { only: commaList(args.only) ?? "" } : {}),
      allCases: args.allCases ?? false,
      ...(args.bail ? { bail: true } : {}),
      ...(args.workers !== undefined ? { workers: args.workers } : {}),
      onMutantDone: (row, done, total) =>
        io.err(`[${String(done).padStart(String(total).length)}/${total}]${formatMutantLine(row)}\n`),
      onVariantDone: (row) => io.err(`${formatVariantLine(row)}\n`),
    });
  } catch (error) {
    if (error instanceof NoMutantError) throw new UsageError(error.message);
    throw error;
  }
  io.out(formatConsole(report));
  if (report.variants) {
    const v = report.variants.summary;
    io.out(
      `Variants: ${v.variants} legal alternatives, ${v.passed} passed, ${v.failed} failed, ${v.errors} ` +
        `errors, ${v.warnings} warnings (zero failures required)\n`,
    );
  }
  try {
    const files = writeSelftestReport(report, dir);
    io.out(`Reports: ${files.join(", ")}\n`);
  } catch (error) {
    io.err(`tdss: cannot write the selftest reports to ${dir}: ${(error as Error).message}\n`);
    return 2;
  }
  return report.summary.exitCode;
}

export const selftestCommand: TdssCommand<SelftestArgs> = {
  name: "selftest",
  builder: (y: Argv) =>
    y
      .option("only", {
        type: "string",
        describe: "Mutants and variants whose id or area matches (glob, * wildcard, comma-separated; repeatable)",
      })
      .option("all-cases", {
        type: "boolean",
        describe: "Run every case against every mutant (the full matrix; slower)",
      })
      .option("bail", {
        type: "boolean",
        describe: "Stop each mutant's run at its first failing case (faster; the matrix names fewer kills)",
        conflicts: "all-cases",
      })
      .option("workers", {
        type: "number",
        describe: `Worker threads running servers side by side (default ${defaultWorkers()} here; 0: one thread)`,
      })
      .option("report-dir", {
        type: "string",
        describe: "Folder for selftest/report.json and selftest/matrix.md (default ./reports)",
      }),
  run: (args) =>
    executeSelftest(args, {
      out: (t) => process.stdout.write(t),
      err: (t) => process.stderr.write(t),
      cwd: process.cwd(),
    }),
};
