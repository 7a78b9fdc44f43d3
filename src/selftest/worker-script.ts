import { existsSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { packageRoot } from "../contract/root.js";

/** Latest modification time of the files under a folder whose names end with `suffix`. */
function newest(dir: string, suffix: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) latest = Math.max(latest, newest(path, suffix));
    else if (entry.name.endsWith(suffix)) latest = Math.max(latest, statSync(path).mtimeMs);
  }
  return latest;
}

/**
 * The script a selftest worker thread runs. A worker cannot load TypeScript, so from the compiled build it is
 * the worker.js beside this module; from the sources (vitest) it is the build's one, provided the build is
 * newer than every source file (`npm test` builds first), so that workers never run older code than the
 * main thread. Undefined when there is none: the pool then runs in one thread.
 */
export function workerScript(): string | undefined {
  const beside = fileURLToPath(new URL("./worker.js", import.meta.url));
  if (existsSync(beside)) return beside;
  const root = packageRoot();
  const built = join(root, "dist", relative(root, fileURLToPath(new URL("./worker.js", import.meta.url))));
  if (!existsSync(built)) return undefined;
  const sources = Math.max(newest(join(root, "src"), ".ts"), newest(join(root, "rules"), ".ts"));
  return newest(join(root, "dist"), ".js") >= sources ? built : undefined;
}
