import type { ValidateFunction } from "ajv/dist/2020.js";
import { builtBySchema, compileChecked, newAjv, standaloneBySchema } from "../contract/json-schema.js";
import { CHECKS } from "./index.js";

const OPTIONS = { allErrors: true, strict: false } as const;
const ajv = newAjv(OPTIONS);
const validators = new Map<string, ValidateFunction>();

/** Where npm run build leaves every check's arguments schema compiled to code (scripts/compile-validators.ts). */
export const BUILT_ARGS_VALIDATORS = new URL("./args-validators.cjs", import.meta.url);

const builtArgs = builtBySchema(BUILT_ARGS_VALIDATORS, OPTIONS);

/** The module npm run build writes to BUILT_ARGS_VALIDATORS. */
export function argsValidatorsCode(): string {
  return standaloneBySchema(
    OPTIONS,
    Object.values(CHECKS).flatMap((check) => (check.args ? [check.args] : [])),
  );
}

/**
 * What is wrong with the arguments of a check that takes some (its `args` schema, compiled once for both the
 * suites' load and the run), as `/path message` parts joined by "; "; undefined when they fit.
 */
export function argsProblems(name: string, args: unknown): string | undefined {
  let validate = validators.get(name);
  if (!validate) {
    const schema = CHECKS[name]!.args!;
    validators.set(name, (validate = builtArgs(schema) ?? compileChecked(ajv, schema)));
  }
  if (validate(args ?? {})) return undefined;
  return (validate.errors ?? []).map((e) => `${e.instancePath || "/"} ${e.message}`).join("; ");
}
