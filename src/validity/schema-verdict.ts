/**
 * The second definition of a valid body (docs/validity.md, "The judge"): JSON Schemas written from spec/ with no
 * code of the linter's: the editor schemas generated from the catalog (src/types/emit.ts) for the three searches,
 * and the request schemas of spec/openapi.yaml for the natural-language and detail routes. Both are stricter than
 * the service where the spec is silent (a misspelt fixed value, the project's readings), so they are asked one
 * thing only: does the body break them? A refusal is owed only where the linter's rules say so too (judge.ts).
 */
import type { ValidateFunction } from "ajv/dist/2020.js";
import { bodyOperation, type BodyOperationId, type Dataset } from "../contract/index.js";
import { compileChecked, newAjv } from "../contract/json-schema.js";
import { requestValidator } from "../contract/validators.js";
import { emitSchema } from "../types/emit.js";
import { typedDatasets } from "../types/model.js";

/** `YYYY-MM-DD` of a day the calendar has (the editor schemas' `format: date`, RFC 3339 full-date). */
function isDay(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

let searchValidators: Map<Dataset, ValidateFunction> | undefined;

function searchValidator(dataset: Dataset): ValidateFunction {
  if (!searchValidators) {
    // Optimising the generated code of the three editor schemas' validators took half of the second their
    // compile took in every run, for validators that judge a few hundred bodies at the same speed without it
    // (docs/benchmarks.md, "Conformance run"); it does not change what a validator accepts.
    const ajv = newAjv({ strict: true, allowUnionTypes: true, code: { optimize: false } });
    ajv.addFormat("date", isDay);
    searchValidators = new Map(typedDatasets().map((d) => [d.dataset, compileChecked(ajv, emitSchema(d))]));
  }
  return searchValidators.get(dataset)!;
}

/**
 * Whether the body breaks its route's schema; undefined for a tree nested too deep for the validator's recursion
 * (thousands of levels), which the schema cannot judge.
 */
export function schemaRefuses(route: BodyOperationId, body: unknown): boolean | undefined {
  const operation = bodyOperation(route)!;
  const validate = operation.kind === "search" ? searchValidator(operation.dataset) : requestValidator(route);
  try {
    return !validate(body);
  } catch (error) {
    if (error instanceof RangeError) return undefined;
    throw error;
  }
}
