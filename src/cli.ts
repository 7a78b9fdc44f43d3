import yargs from "yargs";
import type { Argv } from "yargs";
import { UsageError, type TdssCommand } from "./commands/command.js";
import { contractCommand } from "./commands/contract.js";
import { serveCommand } from "./commands/serve.js";
import { lintCommand } from "./commands/lint.js";
import { runCommand } from "./commands/run.js";
import { selftestCommand } from "./commands/selftest.js";

/** Every sub-command, in the order `tdss --help` lists them. */
const COMMANDS: readonly TdssCommand<any>[] = [contractCommand, lintCommand, runCommand, serveCommand, selftestCommand];

/** Runs the CLI and resolves to the exit status: 0 ok, 1 findings, 2 usage or configuration error. */
export async function main(argv: readonly string[]): Promise<number> {
  let status: number | undefined;
  let usageFailure: string | undefined;
  const parser: Argv = yargs([...argv])
    .scriptName("tdss")
    .usage("$0 <command> [options]")
    .strict()
    .demandCommand(1, "Name a command; see tdss --help.")
    .recommendCommands()
    .exitProcess(false)
    .wrap(Math.min(110, process.stdout.columns || 100))
    .fail((message, error) => {
      if (error && !(error instanceof UsageError)) throw error;
      usageFailure = message || error?.message || "usage error";
    })
    .help()
    .alias("h", "help")
    .version(false);
  for (const cmd of COMMANDS) {
    parser.command(
      cmd.usage ?? cmd.name,
      cmd.describe,
      (y) => cmd.builder(y),
      async (args) => {
        status = await cmd.run(args);
      },
    );
  }
  try {
    await parser.parseAsync();
  } catch (error) {
    if (error instanceof UsageError) usageFailure = error.message;
    else throw error;
  }
  if (usageFailure) {
    process.stderr.write(`tdss: ${usageFailure}\nRun tdss --help for usage.\n`);
    return 2;
  }
  return status ?? 0;
}
