import { createRequire } from "node:module";

type ModuleBody = (require: NodeJS.Require, module: { exports: object }, exports: object) => void;

/**
 * A CommonJS module's exports, from its code (a module the build writes, scripts/compile-validators.ts): its code
 * requires ajv's runtime helpers, which resolve from the package, not from a temporary directory.
 */
export function loadCode(code: string): Record<string, unknown> {
  const module = { exports: {} as Record<string, unknown> };
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the build's generated code, run as require runs it
  const body = new Function("require", "module", "exports", code) as ModuleBody;
  body(createRequire(import.meta.url), module, module.exports);
  return module.exports;
}
