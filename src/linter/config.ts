/**
 * The configuration of `tdss lint`: the `lint` section of `tdss.config.json` (or .yaml, .yml: the names `tdss run`
 * reads, src/linter/config-file.ts), or of the `tdss` key of a package.json, found from the current folder upward
 * (the first folder holding either wins), or of the file `--config` names. Its shape is
 * schemas/tdss.config.schema.json (src/linter/config-schema.ts); docs/lint.md, "Configuration".
 */
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative, resolve, sep } from "node:path";
import type * as Yaml from "yaml";
import { InputError } from "../lint/cli-input.js";
import { CONFIG_FILES, misplacedLintKeys } from "./config-file.js";
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
  if (explicit !== undefined) {
    const file = resolve(cwd, explicit);
    const value = readJson(explicit, file);
    const isPackage = file.endsWith(`${sep}package.json`) && value !== null && typeof value === "object";
    const config = isPackage && Object.hasOwn(value, "tdss") ? (value as { tdss: unknown }).tdss : value;
    return checked(explicit, dirname(file), config, isPackage ? "tdss" : undefined);
  }
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    const file = CONFIG_FILES.map((name) => join(dir, name)).find((f) => existsSync(f));
    if (file !== undefined) return checked(relative(cwd, file) || file, dir, readJson(file, file), undefined);
    const pkg = join(dir, "package.json");
    if (existsSync(pkg)) {
      const value = readJson(pkg, pkg);
      if (value !== null && typeof value === "object" && Object.hasOwn(value, "tdss"))
        return checked(relative(cwd, pkg) || pkg, dir, (value as { tdss: unknown }).tdss, "tdss");
    }
    if (dirname(dir) === dir) return undefined;
  }
}

function readJson(shown: string, file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new InputError(`cannot read the configuration ${shown}: ${code === "ENOENT" ? "no such file" : code}`);
  }
  const yaml = /\.ya?ml$/.test(file);
  try {
    if (!yaml) return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
    // Loaded only for a YAML file: most configurations are JSON, and lint start-up is measured (docs/benchmarks.md).
    const { parse } = createRequire(import.meta.url)("yaml") as typeof Yaml;
    return parse(text) ?? {};
  } catch (error) {
    const message = (error as Error).message.split("\n")[0];
    throw new InputError(`configuration ${shown} is not ${yaml ? "YAML" : "JSON"}: ${message}`);
  }
}

function checked(shown: string, dir: string, value: unknown, key: string | undefined): LoadedConfig {
  const misplaced = misplacedLintKeys(value);
  if (misplaced) throw new InputError(`configuration ${shown}: ${misplaced}`);
  const error = schemaError(value, configSchema(), key ?? "");
  if (error) throw new InputError(`configuration ${shown}: ${error}`);
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
