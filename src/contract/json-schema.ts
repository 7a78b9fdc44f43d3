import { Ajv2020, type AnySchema, type Options, type ValidateFunction } from "ajv/dist/2020.js";

/**
 * An Ajv instance that does not check schemas against the JSON Schema 2020-12 meta-schema itself. Ajv checks every
 * schema it is given against that meta-schema, and compiles the meta-schema once per instance: about 90 ms on a quiet
 * machine, most of the first compile of a small schema, paid again by every instance a run makes (the contract's, the
 * judge's, the suites', one per deployed MCP tool schema). `compileChecked` does the check with one copy of the
 * meta-schema per process instead, so a schema that breaks it is still refused, with ajv's own message
 * (docs/benchmarks.md, "Conformance run"). Nor does it optimise the code it generates unless asked: optimising took
 * about a third of a run's compiles of the contract's and the checks' schemas, for validators that check a few
 * hundred answers at the same speed without it; it does not change what a validator accepts (docs/benchmarks.md,
 * "The run's own work").
 */
export function newAjv(options: Options = {}): Ajv2020 {
  return new Ajv2020({ ...options, code: { optimize: false, ...options.code }, validateSchema: false });
}

let meta: Ajv2020 | undefined;

/** Throws as ajv does ("schema is invalid: ...") when schema breaks the JSON Schema 2020-12 meta-schema. */
export function checkSchema(schema: AnySchema): void {
  // It throws on a schema that breaks the meta-schema; the meta-schema is not $async, so nothing is left pending.
  void (meta ??= new Ajv2020({ strict: false })).validateSchema(schema, true);
}

/** ajv.compile(schema) for an instance of newAjv, the schema first checked against the meta-schema. */
export function compileChecked(ajv: Ajv2020, schema: AnySchema): ValidateFunction {
  checkSchema(schema);
  return ajv.compile(schema);
}
