import type { Argv } from "yargs";
import { UsageError, type TdssCommand } from "./commands/command.js";
import { parseFast } from "./commands/options.js";
import { packageVersion } from "./lint/version.js";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each command has its own arguments, checked by yargs
type AnyCommand = TdssCommand<any>;

/**
 * Every sub-command, in the order `tdss --help` lists them. Loaded on demand: `tdss serve` should not pay
 * for loading the runner, the linter and Spectral before it starts generating its dataset.
 */
const COMMANDS: Readonly<Record<string, () => Promise<AnyCommand>>> = {
  compare: async () => (await import("./commands/compare.js")).compareCommand,
  contract: async () => (await import("./commands/contract.js")).contractCommand,
  lint: async () => (await import("./commands/lint.js")).lintCommand,
  lsp: async () => (await import("./commands/lsp.js")).lspCommand,
  run: async () => (await import("./commands/run.js")).runCommand,
  serve: async () => (await import("./commands/serve.js")).serveCommand,
  selftest: async () => (await import("./commands/selftest.js")).selftestCommand,
  gateway: async () => (await import("./commands/gateway.js")).gatewayCommand,
};

/** The named command alone when argv names one; every command otherwise (for --help and suggestions). */
async function commandsFor(argv: readonly string[]): Promise<AnyCommand[]> {
  const first = argv.find((a) => !a.startsWith("-"));
  const names = first !== undefined && Object.hasOwn(COMMANDS, first) ? [first] : Object.keys(COMMANDS);
  return Promise.all(names.map((name) => COMMANDS[name]!()));
}

/** yargs words a bad choice over several lines; a usage error is one line naming the flag and what it takes. */
function oneLine(message: string): string {
  const choice = /Argument: ([\w-]+), Given: "([^"]*)", Choices: (.*)/.exec(message);
  if (choice) return `--${choice[1]} ${choice[2]}: expected one of ${choice[3]!.replaceAll('"', "")}`;
  const unknown = /^Unknown arguments?: (.*)$/.exec(message);
  if (unknown) {
    // yargs names an unknown dashed flag twice, as given and camel-cased: name each flag once, as given.
    const names = unknown[1]!.split(", ");
    const given = names.filter((n) => !names.some((other) => other !== n && camelCase(other) === n));
    return `Unknown ${given.length > 1 ? "arguments" : "argument"}: ${given.join(", ")}`;
  }
  return message.replace(/\s*\n\s*/g, " ");
}

function numberOptions(parser: Argv): readonly string[] {
  return [...(parser as unknown as { getOptions(): { number: string[] } }).getOptions().number];
}

function camelCase(flag: string): string {
  return flag.replace(/-+([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/**
 * yargs turns a number option's bad value into NaN and goes on; the command would then see NaN. The usage
 * error names the flag and the value as given.
 */
function badNumber(
  numbers: readonly string[],
  args: Record<string, unknown>,
  argv: readonly string[],
): string | undefined {
  for (const name of numbers) {
    const values = ([] as unknown[]).concat(args[name]);
    if (!values.some((v) => typeof v === "number" && Number.isNaN(v))) continue;
    const at = argv.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
    const raw = at < 0 ? undefined : argv[at]!.includes("=") ? argv[at]!.slice(name.length + 3) : argv[at + 1];
    return `--${name}${raw === undefined ? "" : ` ${raw}`}: expected a number`;
  }
  return undefined;
}

/** Runs a parsed command: a UsageError it throws is one line on standard error and exit status 2. */
async function runCommand(cmd: AnyCommand, args: unknown): Promise<number> {
  try {
    return await cmd.run(args);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    // A command's own error (bad config, unreachable target, port in use) names its fix; --help would not help.
    process.stderr.write(`tdss: ${error.message}\n`);
    return 2;
  }
}

/** Runs the CLI and resolves to the exit status: 0 ok, 1 findings, 2 usage or configuration error. */
export async function main(argv: readonly string[]): Promise<number> {
  // The fast path (docs/lint.md, "Start-up"): a command with an option table, named first, whose arguments
  // node:util parses exactly as yargs would, runs without loading yargs. Anything else goes to yargs.
  const first = argv[0];
  if (first !== undefined && Object.hasOwn(COMMANDS, first)) {
    const cmd = await COMMANDS[first]!();
    const args = cmd.options ? parseFast(argv.slice(1), cmd.options) : undefined;
    if (args) return runCommand(cmd, args);
  }
  const { default: yargs } = await import("yargs");
  // yargs calls a command's handler before it reports an unknown flag or a bad choice, so the handler
  // only records what to run; the command runs once parsing and validation are complete.
  let selected: { cmd: AnyCommand; args: unknown; numbers: readonly string[] } | undefined;
  let usageFailure: string | undefined;
  let built: Argv | undefined;
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
      usageFailure = oneLine(message || error?.message || "usage error");
    })
    .help()
    .alias("h", "help")
    .version(packageVersion());
  for (const cmd of await commandsFor(argv)) {
    parser.command(
      cmd.usage ?? cmd.name,
      cmd.describe,
      (y) => (built = cmd.builder(y)),
      (args) => {
        // The command's options as declared, read here: yargs resets them once parsing ends.
        selected = { cmd, args, numbers: built ? numberOptions(built) : [] };
      },
    );
  }
  try {
    await parser.parseAsync();
  } catch (error) {
    if (error instanceof UsageError) usageFailure = error.message;
    else throw error;
  }
  if (!usageFailure && selected)
    usageFailure = badNumber(selected.numbers, selected.args as Record<string, unknown>, argv);
  if (!usageFailure && selected) return runCommand(selected.cmd, selected.args);
  if (usageFailure) {
    process.stderr.write(`tdss: ${usageFailure}\nRun tdss --help for usage.\n`);
    return 2;
  }
  return 0;
}
