import { execFileSync } from "node:child_process";
import { packageRoot } from "../root.js";

/**
 * Runs `body` in a fresh Node process against the build (dist/), where `m` is the module at `modulePath` and `built`
 * the compiled validators its export `builtExport` names; with `counted`, each is wrapped to count its `calls` (its
 * `errors` carried over). Returns what `body` writes to standard output, parsed: it shows that a built run uses what
 * the build compiled (scripts/compile-validators.ts), not validators it compiles itself. `imports` are more
 * statements before (`await import(${distUrl(...)})`).
 */
export function runWithBuiltValidators<T>(
  modulePath: string,
  builtExport: string,
  body: string,
  { imports = "", counted = true }: { readonly imports?: string; readonly counted?: boolean } = {},
): T {
  const script =
    `const { createRequire } = await import("node:module"); ` +
    `const { fileURLToPath } = await import("node:url"); ` +
    `const m = await import(${distUrl(modulePath)}); ${imports}` +
    `const built = createRequire(import.meta.url)(fileURLToPath(m.${builtExport})); ` +
    (counted
      ? `let calls = 0; for (const [name, f] of Object.entries(built)) ` +
        `if (typeof f === "function") built[name] = Object.assign((v) => { calls++; const ok = f(v); ` +
        `built[name].errors = f.errors; return ok; }, { errors: null }); `
      : "") +
    body;
  return JSON.parse(
    execFileSync(process.execPath, ["--input-type=module", "-e", script], { cwd: packageRoot(), encoding: "utf8" }),
  ) as T;
}

/** A path of the package (dist/...) as a file URL in JSON, for an `import()` in a script. */
export function distUrl(path: string): string {
  return JSON.stringify(new URL(path, `file://${packageRoot()}/`).href);
}
