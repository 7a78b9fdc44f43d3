import type { Argv } from "yargs";
import type { OptionTable } from "./options.js";

/**
 * A `tdss` sub-command: yargs options plus a handler that resolves to the process exit status. Its usage
 * line and description live in the command table of src/cli.ts, which `tdss --help` reads without
 * importing any command.
 */
export interface TdssCommand<A = Record<string, unknown>> {
  readonly name: string;
  /** The options as data, when the command has a fast path that parses them without yargs (src/commands/options.ts). */
  readonly options?: OptionTable;
  builder(yargs: Argv): Argv<A>;
  run(args: A): Promise<number>;
}

/** A user mistake: printed as one line, exit status 2, no stack trace. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}
