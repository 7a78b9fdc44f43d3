/**
 * The configuration of `tdss lint`: the `lint` section of the one configuration file, found as every command finds
 * it (src/linter/config-file.ts; docs/configuration.md). Its shape is schemas/tdss.config.schema.json
 * (src/linter/config-schema.ts); docs/lint.md, "Configuration".
 */
import { relative, resolve, sep } from "node:path";
import { ConfigError, findConfigSource, misplacedLintKeys, type ConfigSource } from "./config-file.js";
import { configSchema } from "./config-schema.js";
import { schemaError } from "./plain-schema.js";
import type { FindingClass } from "../lint/consequence.js";
import type { FormatName } from "./format/report.js";
import type { RouteName, ScopeOverrides, Severity } from "../lint/types.js";

export type RuleSettings = Readonly<Record<string, Severity | "off">>;

interface LintConfig {
  readonly route?: RouteName;
  readonly rules?: RuleSettings;
  readonly scopes?: string | ScopeOverrides;
  readonly format?: FormatName;
  readonly failOn?: readonly FindingClass[];
  readonly maxWarnings?: number;
  readonly cost?: boolean;
  readonly ext?: readonly string[];
  readonly ignores?: readonly string[];
  readonly overrides?: readonly { files: readonly string[]; route?: RouteName; rules?: RuleSettings }[];
}

export interface LoadedConfig {
  /** The file it was read from (package.json for the `tdss` key). */
  readonly file: string;
  /** Its folder: relative paths in it (scopes, overrides) start there. */
  readonly dir: string;
  readonly config: LintConfig;
}

/** The configuration in force: `--config FILE`, else the nearest one above `cwd`, else none. */
export function loadConfig(explicit: string | undefined, cwd: string): LoadedConfig | undefined {
  const source = findConfigSource(explicit, cwd);
  return source && checked(source);
}

function checked({ shown, dir, value, at }: ConfigSource): LoadedConfig {
  const misplaced = misplacedLintKeys(value);
  if (misplaced) throw new ConfigError(`configuration ${shown}: ${misplaced}`);
  const error = schemaError(value, configSchema(), at);
  if (error) throw new ConfigError(`configuration ${shown}: ${error}`);
  const lint = (value as { lint?: LintConfig & { failOn?: string | readonly FindingClass[] } }).lint ?? {};
  return {
    file: shown,
    dir,
    config: typeof lint.failOn === "string" ? { ...lint, failOn: classList(lint.failOn) } : lint,
  };
}

/** `failOn` written as --fail-on takes it: "refused, empty", or "none" (the schema has checked the words). */
function classList(text: string): FindingClass[] {
  const words = text.split(",").map((w) => w.trim());
  return words.length === 1 && words[0] === "none" ? [] : (words as FindingClass[]);
}

/** The `route` and `rules` of a file: the configuration's, then each override whose globs match it, in order. */
export async function settingsFor(
  loaded: LoadedConfig | undefined,
  file: string | undefined,
  cwd: string,
): Promise<{ route?: RouteName; rules: RuleSettings }> {
  const config = loaded?.config;
  let route = config?.route;
  let rules: RuleSettings = { ...config?.rules };
  if (loaded && file !== undefined && config?.overrides?.length) {
    const { default: picomatch } = await import("picomatch");
    const path = relative(loaded.dir, resolve(cwd, file)).split(sep).join("/");
    for (const o of config?.overrides ?? []) {
      if (!picomatch(o.files as string[], { dot: true })(path)) continue;
      if (o.route !== undefined) route = o.route;
      rules = { ...rules, ...o.rules };
    }
  }
  return route !== undefined ? { route, rules } : { rules };
}
