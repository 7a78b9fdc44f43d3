import yargs from "yargs";
import type { Argv } from "yargs";
import { UsageError, type TdssCommand } from "./commands/command.js";

/**
 * Every sub-command, in the order `tdss --help` lists them. Loaded on demand: `tdss serve` should not pay
 * for loading the runner, the linter and Spectral before it starts generating its dataset.
 */
const COMMANDS: Readonly<Record<string, () => Promise<TdssCommand<any>>>> = {
  contract: async () => (await import("./commands/contract.js")).contractCommand,
  lint: async () => (await import("./commands/lint.js")).lintCommand,
  run: async () => (await import("./commands/run.js")).runCommand,
  serve: async () => (await import("./commands/serve.js")).serveCommand,
  selftest: async () => (await import("./commands/selftest.js")).selftestCommand,
};

/** The named command alone when argv names one; every command otherwise (for --help and suggestions). */
async function commandsFor(argv: readonly string[]): Promise<TdssCommand<any>[]> {
  const first = argv.find((a) => !a.startsWith("-"));
  const names = first !== undefined && Object.hasOwn(COMMANDS, first) ? [first] : Object.keys(COMMANDS);
  return Promise.all(names.map((name) => COMMANDS[name]!()));
}

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
  for (const cmd of await commandsFor(argv)) {
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
