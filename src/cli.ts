import type { Argv } from "yargs";
import { UsageError, type TdssCommand } from "./commands/command.js";
import { parseFast } from "./commands/options.js";
import { packageVersion } from "./lint/version.js";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each command has its own arguments, checked by yargs
type AnyCommand = TdssCommand<any>;

/** A sub-command as `tdss --help` lists it; its module is imported only when it is the one that runs. */
interface CommandEntry {
  /** The yargs command string, positionals included; the command's name when it takes none. */
  readonly usage?: string;
  readonly describe: string;
  load(): Promise<AnyCommand>;
}

/**
 * Every sub-command, in the order `tdss --help` lists them. `tdss --help` imports none of them, and a
 * command imports only its own module: `tdss serve` does not pay for the runner, the linter and Spectral
 * (docs/benchmarks.md, "Start-up").
 */
const COMMANDS: Readonly<Record<string, CommandEntry>> = {
  compare: {
    usage: "compare <a> <b>",
    describe: "Compare two runs (report folders or report.json files): new failures, fixes, observed choices, Credits",
    load: async () => (await import("./commands/compare.js")).compareCommand,
  },
  contract: {
    describe: "Print a summary of the contract data in spec/ (routes, fields, clauses)",
    load: async () => (await import("./commands/contract.js")).contractCommand,
  },
  lint: {
    usage: "lint [files..]",
    describe:
      "Lint request bodies before sending them: will the service refuse, return nothing, or match something else?",
    load: async () => (await import("./commands/lint.js")).lintCommand,
  },
  lsp: {
    describe: "Run the linter as a Language Server Protocol server over standard input and output (editors)",
    load: async () => (await import("./commands/lsp.js")).lspCommand,
  },
  run: {
    describe: "Replay the conformance suites against a deployment (default: the embedded reference server)",
    load: async () => (await import("./commands/run.js")).runCommand,
  },
  serve: {
    describe: "Run the reference server: the nine routes over a generated dataset, with demo keys and a Credit ledger",
    load: async () => (await import("./commands/serve.js")).serveCommand,
  },
  selftest: {
    describe:
      "Prove the suites' strength: run them against the reference server and every mutant, and print the kill matrix",
    load: async () => (await import("./commands/selftest.js")).selftestCommand,
  },
  gateway: {
    describe:
      "Lint every request on the wire: a pre-flight proxy that answers certain mistakes itself and forwards the rest",
    load: async () => (await import("./commands/gateway.js")).gatewayCommand,
  },
};

/** The command argv names, loaded; undefined when it names none (--help, --version, a typo). */
async function commandFor(argv: readonly string[]): Promise<AnyCommand | undefined> {
  const first = argv.find((a) => !a.startsWith("-"));
  return first !== undefined && Object.hasOwn(COMMANDS, first) ? COMMANDS[first]!.load() : undefined;
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

/** Greedy word wrap of text into lines of at most width characters (a longer word gets a line of its own). */
function wrapWords(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return [...lines, line];
}

/**
 * `tdss --help`, laid out as yargs lays out the help of a command (a command's own `--help` stays with yargs):
 * the text is the command table's, and printing it needs neither yargs nor its text-width libraries, whose
 * loading was most of the time `tdss --help` took (docs/benchmarks.md, "Start-up").
 */
function topLevelHelp(width: number): string {
  const row = (left: string, right: string, column: number, tail = "") => {
    const lines = wrapWords(right, width - column - (tail ? tail.length + 2 : 0));
    if (tail) lines[lines.length - 1] = lines.at(-1)!.padEnd(width - column - tail.length) + tail;
    return lines.map((l, i) => (i === 0 ? left.padEnd(column) : " ".repeat(column)) + l).join("\n");
  };
  const usages = Object.entries(COMMANDS).map(([name, entry]) => `  tdss ${entry.usage ?? name}`);
  const column = Math.max(...usages.map((u) => u.length)) + 2;
  const commands = Object.values(COMMANDS).map((entry, i) => row(usages[i]!, entry.describe, column));
  const options = [
    row("      --version", "Show version number", 17, "[boolean]"),
    row("  -h, --help", "Show help", 17, "[boolean]"),
  ];
  return ["tdss <command> [options]", "", "Commands:", ...commands, "", "Options:", ...options, ""].join("\n");
}

/** Runs the CLI and resolves to the exit status: 0 ok, 1 findings, 2 usage or configuration error. */
export async function main(argv: readonly string[]): Promise<number> {
  if (argv.length === 1 && (argv[0] === "--help" || argv[0] === "-h")) {
    process.stdout.write(topLevelHelp(Math.min(110, process.stdout.columns || 100)));
    return 0;
  }
  if (argv.length === 1 && argv[0] === "--version") {
    process.stdout.write(`${packageVersion()}\n`);
    return 0;
  }
  // The fast path (docs/lint.md, "Start-up"): a command with an option table, named first, whose arguments
  // node:util parses exactly as yargs would, runs without loading yargs. Anything else goes to yargs.
  const first = argv[0];
  if (first !== undefined && Object.hasOwn(COMMANDS, first)) {
    const cmd = await COMMANDS[first]!.load();
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
  const named = await commandFor(argv);
  for (const [name, entry] of Object.entries(COMMANDS)) {
    const cmd = named?.name === name ? named : undefined;
    // Only the named command is loaded; the others are listed (help, suggestions) from the table alone.
    parser.command(
      entry.usage ?? name,
      entry.describe,
      (y) => (cmd ? (built = cmd.builder(y)) : y),
      (args) => {
        // The command's options as declared, read here: yargs resets them once parsing ends.
        if (cmd) selected = { cmd, args, numbers: built ? numberOptions(built) : [] };
      },
    );
  }
  try {
    await parser.parseAsync();
  } catch (error) {
    if (error instanceof UsageError) usageFailure = error.message;
    else throw error;
  }
  const number =
    selected && !usageFailure ? badNumber(selected.numbers, selected.args as Record<string, unknown>, argv) : undefined;
  if (number) {
    // It names the flag and the value; --help would not say more.
    process.stderr.write(`tdss: ${number}\n`);
    return 2;
  }
  if (!usageFailure && selected) return runCommand(selected.cmd, selected.args);
  if (usageFailure) {
    process.stderr.write(`tdss: ${usageFailure}\nRun tdss --help for usage.\n`);
    return 2;
  }
  return 0;
}
