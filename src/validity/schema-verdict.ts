/**
 * The second definition of a valid body (docs/validity.md, "The judge"): JSON Schemas written from spec/ with no
 * code of the linter's: the editor schemas generated from the catalog (src/types/emit.ts) for the three searches,
 * and the request schemas of spec/openapi.yaml for the natural-language and detail routes. Both are stricter than
 * the service where the spec is silent (a misspelt fixed value, the project's readings), so they are asked one
 * thing only: does the body break them? A refusal is owed only where the linter's rules say so too (judge.ts).
 */
import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import type { ValidateFunction } from "ajv/dist/2020.js";
import { _Code } from "ajv/dist/compile/codegen/code.js";
import standalone from "ajv/dist/standalone/index.js";
import { bodyOperation, type BodyOperationId, type Dataset } from "../contract/index.js";
import { checkSchema, compileChecked, newAjv } from "../contract/json-schema.js";
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

/** The options of the three editor schemas' validators, compiled at run time or by the build alike. */
const OPTIONS = { strict: true, allowUnionTypes: true, messages: false } as const;

/** Where npm run build (scripts/compile-validators.ts) leaves the three validators compiled to code. */
export const BUILT_VALIDATORS = new URL("./search-validators.cjs", import.meta.url);

function editorSchemas(): (readonly [Dataset, object])[] {
  return typedDatasets().map((d) => [d.dataset, emitSchema(d)] as const);
}

/** What a compiled copy was made from: the schemas and the day check; a copy made from anything else is not used. */
function schemasKey(schemas: readonly (readonly [Dataset, object])[]): string {
  return createHash("sha256")
    .update(JSON.stringify([schemas, isDay.toString()]))
    .digest("hex");
}

/**
 * The module npm run build writes to BUILT_VALIDATORS: the three validators as ajv's standalone code (CommonJS, so
 * that the judge, which is synchronous, can load it with require), with the key of what they were made from.
 */
export function searchValidatorsCode(): string {
  const schemas = editorSchemas();
  const ajv = newAjv({
    ...OPTIONS,
    code: { source: true, formats: new _Code(`({ date: ${isDay.toString()} })`) },
  });
  ajv.addFormat("date", isDay);
  for (const [dataset, schema] of schemas) {
    checkSchema(schema);
    ajv.addSchema(schema, dataset);
  }
  const code = standalone.default(ajv, Object.fromEntries(schemas.map(([dataset]) => [dataset, dataset])));
  return `${code}\nexports.key = ${JSON.stringify(schemasKey(schemas))};\n`;
}

/** The build's validators, when they were made from these very schemas. */
function builtValidators(key: string): Map<Dataset, ValidateFunction> | undefined {
  let built: Partial<Record<Dataset, ValidateFunction>> & { key?: string };
  try {
    built = createRequire(import.meta.url)(fileURLToPath(BUILT_VALIDATORS)) as typeof built;
  } catch {
    return undefined;
  }
  if (built.key !== key) return undefined;
  const validators = typedDatasets().map((d) => [d.dataset, built[d.dataset]] as const);
  if (validators.some(([, validate]) => typeof validate !== "function")) return undefined;
  return new Map(validators as (readonly [Dataset, ValidateFunction])[]);
}

let searchValidators: Map<Dataset, ValidateFunction> | undefined;

/**
 * The validator of a dataset's editor schema: the build's compiled copy when it was made from the same schemas, else
 * compiled here. Compiling the three was the largest of a run's JSON Schema compiles, about a third of a second of its
 * CPU (docs/benchmarks.md, "The run's own work"); the npm package leaves the copy out (about 64 KB of its tarball),
 * so an installed tdss compiles them here.
 */
function searchValidator(dataset: Dataset): ValidateFunction {
  if (!searchValidators) {
    const schemas = editorSchemas();
    searchValidators = builtValidators(schemasKey(schemas));
    if (!searchValidators) {
      const ajv = newAjv(OPTIONS);
      ajv.addFormat("date", isDay);
      searchValidators = new Map(schemas.map(([dataset, schema]) => [dataset, compileChecked(ajv, schema)]));
    }
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
