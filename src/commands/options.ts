/**
 * A command's options declared once, as data: the table builds the yargs options (help, validation, every
 * edge of the syntax) and feeds `node:util` parseArgs for the fast path of `tdss lint` (docs/lint.md,
 * "Start-up"). The fast parser accepts only what it reads exactly as yargs does and gives up on anything
 * else (an unknown or repeated flag, a bad choice, `--no-*`, `--`, grouped short flags), so every error
 * and every help text still comes from yargs.
 */
import { parseArgs } from "node:util";
import type { Argv, Options, PositionalOptions } from "yargs";

interface OptionSpec {
  readonly type: "string" | "boolean" | "number";
  readonly describe: string;
  readonly alias?: string;
  readonly choices?: readonly string[];
  readonly default?: string | boolean;
  /** Shown in --help as the default where the value is left unset (a config file may give it). */
  readonly defaultDescription?: string;
  /** May be given more than once: one value is a string, several an array (as yargs gives them). */
  readonly repeatable?: boolean;
  /**
   * A yargs array option: its value is always an array, and it may be given more than once. yargs also takes the
   * words after it as its values (`--tag a b`); the fast parser reads them as positionals and gives up on them.
   */
  readonly array?: boolean;
}

interface PositionalSpec {
  readonly name: string;
  readonly describe: string;
}

export interface OptionTable {
  /** The command's only positional, an array of strings (`lint [files..]`); a command without one takes none. */
  readonly positional?: PositionalSpec;
  readonly options: Readonly<Record<string, OptionSpec>>;
  readonly examples?: readonly (readonly [string, string])[];
}

/** The yargs options of a table, in its order. */
export function toYargs(y: Argv, table: OptionTable): Argv {
  let out = y;
  if (table.positional) {
    const positional: PositionalOptions = {
      type: "string",
      array: true,
      default: [],
      describe: table.positional.describe,
    };
    out = y.positional(table.positional.name, positional);
  }
  for (const [name, spec] of Object.entries(table.options)) {
    const option: Options = { type: spec.type, describe: spec.describe };
    if (spec.array) option.array = true;
    if (spec.alias !== undefined) option.alias = spec.alias;
    if (spec.choices !== undefined) option.choices = [...spec.choices];
    if (spec.default !== undefined) option.default = spec.default;
    if (spec.defaultDescription !== undefined) option.defaultDescription = spec.defaultDescription;
    out = out.option(name, option);
  }
  for (const [command, description] of table.examples ?? []) out = out.example(command, description);
  return out;
}

/**
 * A comma-separated selection (`--only`) given more than once, which yargs gives as an array: one list of them all,
 * so that `--only "mcp/*" --only "detail/*"` selects what `--only "mcp/*,detail/*"` does.
 */
export function commaList(value: string | readonly string[] | undefined): string | undefined {
  return typeof value === "string" || value === undefined ? value : value.join(",");
}

const NUMBER = /^(0|[1-9][0-9]{0,14})$/;

/** A dashed option name as yargs also gives it, camel-cased (`max-credits`: `maxCredits`). */
function camelCase(name: string): string {
  return name.replace(/-+([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/**
 * The arguments after the command name, parsed as yargs would parse them (each dashed option under its camel-cased
 * name too), or undefined where the fast parser cannot be sure (yargs then parses them, and reports any mistake).
 */
export function parseFast(args: readonly string[], table: OptionTable): Record<string, unknown> | undefined {
  // Grouped short flags (-qf), the end of options (--) and `true`/`false` (yargs may take either as a boolean
  // flag's value) are left to yargs.
  if (args.some((a) => a === "--" || a === "true" || a === "false" || /^-[^-]{2,}/.test(a))) return undefined;
  type ParseOption = { type: "string" | "boolean"; short?: string; multiple: true };
  const options: Record<string, ParseOption> = {};
  for (const [name, spec] of Object.entries(table.options)) {
    const option: ParseOption = { type: spec.type === "boolean" ? "boolean" : "string", multiple: true };
    if (spec.alias !== undefined) option.short = spec.alias;
    options[name] = option;
  }
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args: [...args], options, allowPositionals: true, strict: true });
  } catch {
    return undefined;
  }
  const out: Record<string, unknown> = {};
  // yargs drops a bare `-` from the positionals (then no file at all means standard input): so does this.
  if (table.positional) out[table.positional.name] = parsed.positionals.filter((p) => p !== "-");
  else if (parsed.positionals.length > 0) return undefined;
  const set = (name: string, value: unknown) => {
    out[name] = value;
    if (name.includes("-")) out[camelCase(name)] = value;
  };
  for (const [name, spec] of Object.entries(table.options)) {
    const given = parsed.values[name] as (string | boolean)[] | undefined;
    if (given === undefined) {
      if (spec.default !== undefined) set(name, spec.default);
      continue;
    }
    if (given.length > 1 && !spec.repeatable && !spec.array) return undefined;
    if (spec.type === "string" && spec.choices && !given.every((v) => spec.choices!.includes(v as string)))
      return undefined;
    if (spec.type === "number" && !given.every((v) => NUMBER.test(v as string))) return undefined;
    const values = spec.type === "number" ? given.map(Number) : given;
    set(name, values.length === 1 && !spec.array ? values[0] : values);
  }
  return out;
}
