/**
 * What a document is linted with, decided as `tdss lint` decides it when run in the editor's workspace folder
 * (docs/editors.md, "Configuration"): the configuration found from that folder upward (the `lint` section of
 * tdss.config.json or .yaml, or of package.json's tdss key), its rules, overrides, scopes, failOn and cost;
 * `.tdssignore` and the configuration's ignores. A document the command would not lint (another extension,
 * ignored, or tdss's own configuration) gets no diagnostics.
 */
import { basename, dirname, resolve } from "node:path";
import { expandInputs } from "../lint/cli-files.js";
import { InputError, readScopeTable, scopeOverrides } from "../lint/cli-input.js";
import { loadConfig, settingsFor } from "../linter/config.js";
import { CONFIG_FILES } from "../linter/config-file.js";
import { DEFAULT_EXTENSIONS, DEFAULT_FAIL_ON } from "../linter/config-schema.js";
import type { FindingClass } from "../lint/consequence.js";
import type { EngineOptions } from "../lint/engine.js";
import { severities } from "../linter/severities.js";
import { documentRoute } from "./route.js";

export interface DocumentSettings {
  /** The document is linted as JSON Lines: one request a line. */
  readonly jsonl: boolean;
  readonly options: EngineOptions;
  readonly failOn: readonly FindingClass[];
  /** The cost line is listed (the configuration's `cost`), as in `tdss lint --cost`. */
  readonly cost: boolean;
}

/** Why a document is not linted: ignored, or a configuration error (shown on the document, as the CLI stops). */
export type NotLinted = { readonly ignored: true } | { readonly configError: string };

/** JSON files of tdss itself and of JSON Schema, never request bodies. */
function isToolFile(name: string): boolean {
  return name === "package.json" || CONFIG_FILES.includes(name) || name.endsWith(".schema.json");
}

/**
 * The settings of a document: `file` is its path (undefined for an unsaved buffer), `cwd` the folder `tdss lint`
 * would be run in (the workspace folder holding it, else its own folder).
 */
export async function documentSettings(
  file: string | undefined,
  text: string,
  cwd: string,
): Promise<DocumentSettings | NotLinted> {
  if (file !== undefined && isToolFile(basename(file))) return { ignored: true };
  try {
    const loaded = loadConfig(undefined, cwd);
    const config = loaded?.config ?? {};
    if (file !== undefined) {
      const extensions = [...DEFAULT_EXTENSIONS, ...(config.ext ?? [])];
      if (!extensions.some((e) => file.endsWith(e))) return { ignored: true };
      const selection = {
        cwd,
        ext: [...(config.ext ?? DEFAULT_EXTENSIONS)],
        ...(loaded && config.ignores ? { ignores: { dir: loaded.dir, patterns: config.ignores } } : {}),
      };
      if ((await expandInputs([resolve(cwd, file)], selection)).length === 0) return { ignored: true };
    }
    const own = await settingsFor(loaded, file, cwd);
    const jsonl = file?.endsWith(".jsonl") ?? false;
    const failOn = config.failOn ?? DEFAULT_FAIL_ON;
    const scopes =
      loaded && config.scopes !== undefined
        ? typeof config.scopes === "string"
          ? await readScopeTable(resolve(loaded.dir, config.scopes))
          : scopeOverrides(`${loaded.file} (scopes)`, config.scopes)
        : undefined;
    const route = documentRoute(file, text, own.route, jsonl);
    const options: EngineOptions = {
      ...(route ? { route } : {}),
      ...(scopes ? { scopes } : {}),
      ...severities(own.rules, failOn),
      document: !jsonl,
    };
    return { jsonl, options, failOn, cost: config.cost === true };
  } catch (error) {
    if (error instanceof InputError) return { configError: error.message };
    throw error;
  }
}

/** The folder `tdss lint` would be run in for a file: the deepest workspace folder holding it, else its folder. */
export function workingFolder(file: string | undefined, workspaces: readonly string[]): string {
  if (file === undefined) return workspaces[0] ?? process.cwd();
  const holding = workspaces.filter((w) => file.startsWith(w.endsWith("/") ? w : `${w}/`));
  return holding.sort((a, b) => b.length - a.length)[0] ?? dirname(file);
}
