import type { Argv } from "yargs";

/** A `tdss` sub-command: yargs options plus a handler that resolves to the process exit status. */
export interface TdssCommand<A = Record<string, unknown>> {
  readonly name: string;
  readonly describe: string;
  readonly usage?: string;
  builder(yargs: Argv): Argv<A>;
  run(args: A): Promise<number>;
}

/** A user mistake: printed as one line, exit status 2, no stack trace. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}
