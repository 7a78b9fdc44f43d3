import type { ValidateFunction } from "ajv/dist/2020.js";
import { compileChecked, newAjv } from "../contract/json-schema.js";
import { CHECKS } from "./index.js";

const ajv = newAjv({ allErrors: true, strict: false });
const validators = new Map<string, ValidateFunction>();

/**
 * What is wrong with the arguments of a check that takes some (its `args` schema, compiled once for both the
 * suites' load and the run), as `/path message` parts joined by "; "; undefined when they fit.
 */
export function argsProblems(name: string, args: unknown): string | undefined {
  let validate = validators.get(name);
  if (!validate) validators.set(name, (validate = compileChecked(ajv, CHECKS[name]!.args!)));
  if (validate(args ?? {})) return undefined;
  return (validate.errors ?? []).map((e) => `${e.instancePath || "/"} ${e.message}`).join("; ");
}
