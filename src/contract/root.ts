import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

let cached: string | undefined;

/** The package root: the nearest folder above this module holding spec/openapi.yaml (works from src/ and dist/src/). */
export function packageRoot(): string {
  if (cached) return cached;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, "spec", "openapi.yaml")) && existsSync(join(dir, "package.json"))) {
      cached = dir;
      return dir;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error("tdss: cannot find spec/openapi.yaml above " + fileURLToPath(import.meta.url));
    dir = parent;
  }
}

export function specPath(...parts: string[]): string {
  return join(packageRoot(), "spec", ...parts);
}
