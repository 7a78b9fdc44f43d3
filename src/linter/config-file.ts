/**
 * The one configuration file of tdss, how every command finds it, and its sections (docs/configuration.md): the
 * run's settings at the top level, `tdss gateway`'s under `gateway`, `tdss lint`'s under `lint`. `tdss run`,
 * `tdss gateway`, `tdss lint` and the language server all find it here, so that one file is found the same way
 * by each; each command then checks its own section. Kept apart from config-schema.ts, which loads the rule table,
 * so that every command can read it cheaply.
 */
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { basename, dirname, join, relative, resolve } from "node:path";
import type * as Yaml from "yaml";
import { InputError } from "../lint/cli-input.js";

/** The names looked for in a folder, first found wins. */
export const CONFIG_FILES: readonly string[] = ["tdss.config.yaml", "tdss.config.yml", "tdss.config.json"];

/** The lookup in one line, for each command's `--config` help (docs/configuration.md, "Where it is found"). */
export const CONFIG_LOOKUP =
  "the nearest tdss.config.yaml, .yml or .json, or package.json's tdss key, from the working folder upward";

/** A configuration that cannot be used: the message names the file as the user knows it, and what is wrong. */
export class ConfigError extends InputError {
  override readonly name = "ConfigError";
}

/** A configuration file found and parsed, before any command checks its section. */
export interface ConfigSource {
  /** The file as errors name it: as `--config` gave it, else relative to the working folder. */
  readonly shown: string;
  /** Its folder: relative paths in it start there. */
  readonly dir: string;
  /** The settings: the whole document, or the value of package.json's `tdss` key. */
  readonly value: unknown;
  /** Where the settings sit in the document: "tdss" in a package.json, "" otherwise (errors' paths start there). */
  readonly at: "" | "tdss";
}

/**
 * The configuration in force for a command run in `cwd`: the file `--config` names, else the nearest of
 * CONFIG_FILES or a package.json with a `tdss` key, from `cwd` upward (the first folder holding either wins),
 * else none.
 */
export function findConfigSource(explicit: string | undefined, cwd: string): ConfigSource | undefined {
  if (explicit !== undefined) return readConfigSource(resolve(cwd, explicit), explicit);
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    const file = CONFIG_FILES.map((name) => join(dir, name)).find((f) => existsSync(f));
    if (file !== undefined) return readConfigSource(file, relative(cwd, file) || file);
    const pkg = join(dir, "package.json");
    if (existsSync(pkg)) {
      const value = parsed(pkg, relative(cwd, pkg) || pkg);
      if (isObject(value) && Object.hasOwn(value, "tdss"))
        return { shown: relative(cwd, pkg) || pkg, dir, value: value.tdss, at: "tdss" };
    }
    if (dirname(dir) === dir) return undefined;
  }
}

/** One configuration file, `shown` as errors name it; a package.json is read for its `tdss` key. */
export function readConfigSource(file: string, shown: string): ConfigSource {
  const value = parsed(file, shown);
  const dir = dirname(file);
  if (basename(file) !== "package.json") return { shown, dir, value, at: "" };
  if (isObject(value) && Object.hasOwn(value, "tdss")) return { shown, dir, value: value.tdss, at: "tdss" };
  throw new ConfigError(`configuration ${shown}: this package.json has no "tdss" key to read settings from`);
}

function parsed(file: string, shown: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ConfigError(`cannot read the configuration ${shown}: ${code === "ENOENT" ? "no such file" : code}`);
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  // JSON for .json and package.json; YAML (a superset of JSON) for any other name.
  const yaml = !file.endsWith(".json");
  try {
    if (!yaml) return JSON.parse(text);
    // Loaded only for a YAML file: lint start-up is measured (docs/benchmarks.md), and many configurations are JSON.
    const { parse } = createRequire(import.meta.url)("yaml") as typeof Yaml;
    return parse(text) ?? {};
  } catch (error) {
    const message = (error as Error).message.split("\n")[0];
    throw new ConfigError(`configuration ${shown} is not ${yaml ? "YAML" : "JSON"}: ${message}`);
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** The keys of the `lint` section (its JSON Schema's properties, checked by src/linter/config-schema.test.ts). */
export const LINT_KEYS: readonly string[] = [
  "route",
  "rules",
  "scopes",
  "format",
  "failOn",
  "maxWarnings",
  "cost",
  "ext",
  "ignores",
  "overrides",
];

/** What to do about lint settings at the top level of a configuration, or undefined when there are none. */
export function misplacedLintKeys(value: unknown): string | undefined {
  if (!isObject(value)) return undefined;
  const keys = Object.keys(value).filter((k) => LINT_KEYS.includes(k));
  if (keys.length === 0) return undefined;
  return (
    `${keys.join(", ")} ${keys.length === 1 ? "is a lint setting" : "are lint settings"}: move ` +
    `${keys.length === 1 ? "it" : "them"} under "lint" ({"lint": {"${keys[0]}": ...}}); the top level holds ` +
    `tdss run's settings (docs/configuration.md)`
  );
}
