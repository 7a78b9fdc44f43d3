/**
 * The inputs `tdss lint` is given, made into files: a folder is every file under it with one of the extensions
 * (`--ext`), a glob the files it matches (tinyglobby), and a file or `-` itself; then `.tdssignore` (gitignore
 * syntax, by the `ignore` package, in the current folder) and the configuration's `ignores` take some away.
 * Both packages are loaded only when there is a folder, a glob or patterns: linting one file loads neither.
 * docs/lint.md, "Inputs".
 */
import { readFileSync, statSync } from "node:fs";
import { isAbsolute, join, relative, resolve, sep } from "node:path";
import type { Ignore } from "ignore";
import { InputError } from "./cli-input.js";

const IGNORE_FILE = ".tdssignore";

/** Never searched in a folder or by a glob: dependencies and version control. */
const ALWAYS_IGNORED = ["**/node_modules/**", "**/.git/**"];

/** A name without any of these is a file name, never a glob (so tinyglobby need not be loaded to say so). */
const GLOB_CHARACTER = /[*?[\]{}()!+@]/;

export interface FileSelection {
  readonly cwd: string;
  readonly ext: readonly string[];
  /** The name standard input is linted as (`--stdin-filename`): standard input is skipped when it is ignored. */
  readonly stdinName?: string;
  /** Patterns of the configuration, relative to its folder. */
  readonly ignores?: { readonly dir: string; readonly patterns: readonly string[] };
}

/** A predicate: is this file (a path as given, relative to `cwd` or absolute) ignored? */
async function ignoredBy(selection: FileSelection): Promise<(file: string) => boolean> {
  const checks: { dir: string; rules: Ignore }[] = [];
  let text: string | undefined;
  try {
    text = readFileSync(join(selection.cwd, IGNORE_FILE), "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT")
      throw new InputError(`cannot read ${IGNORE_FILE}: ${(error as Error).message}`);
  }
  const patterns = selection.ignores?.patterns ?? [];
  if (text === undefined && patterns.length === 0) return () => false;
  const { default: ignore } = await import("ignore");
  if (text !== undefined) checks.push({ dir: selection.cwd, rules: ignore().add(text) });
  if (patterns.length > 0) checks.push({ dir: selection.ignores!.dir, rules: ignore().add([...patterns]) });
  return (file) =>
    checks.some(({ dir, rules }) => {
      const path = relative(dir, resolve(selection.cwd, file));
      // A file outside the folder a pattern list belongs to is not governed by it.
      if (path === "" || path.startsWith("..") || isAbsolute(path)) return false;
      return rules.ignores(path.split(sep).join("/"));
    });
}

/**
 * The files to lint, in the order given (a folder's or glob's files sorted), each once; `-` stays as is.
 * A glob that matches nothing, or a folder holding no file with the extensions, is an input error.
 */
export async function expandInputs(inputs: readonly string[], selection: FileSelection): Promise<string[]> {
  const isIgnored = await ignoredBy(selection);
  const out: string[] = [];
  const seen = new Set<string>();
  const add = (file: string) => {
    const key = resolve(selection.cwd, file);
    if (seen.has(key)) return;
    seen.add(key);
    out.push(file);
  };
  for (const input of inputs) {
    if (input === "-") {
      if (selection.stdinName === undefined || !isIgnored(selection.stdinName)) out.push(input);
      continue;
    }
    let isDir = false;
    let exists = false;
    try {
      isDir = statSync(resolve(selection.cwd, input)).isDirectory();
      exists = true;
    } catch {
      // Not there: a glob, or a missing file reported when it is read.
    }
    if (isDir) {
      const { globSync } = await import("tinyglobby");
      const found = globSync(
        selection.ext.map((e) => `**/*${e}`),
        { cwd: resolve(selection.cwd, input), ignore: ALWAYS_IGNORED, dot: false },
      ).sort();
      if (found.length === 0)
        throw new InputError(`${input}: no ${selection.ext.join(" or ")} file in this folder (see --ext)`);
      for (const f of found) {
        const file = join(input, f);
        if (!isIgnored(file)) add(file);
      }
    } else if (!exists && GLOB_CHARACTER.test(input) && (await import("tinyglobby")).isDynamicPattern(input)) {
      const { globSync } = await import("tinyglobby");
      const found = globSync(input, { cwd: selection.cwd, ignore: ALWAYS_IGNORED, dot: false }).sort();
      if (found.length === 0) throw new InputError(`no file matches ${input}`);
      for (const f of found) if (!isIgnored(f)) add(f);
    } else if (!exists || !isIgnored(input)) {
      add(input);
    }
  }
  return out;
}
