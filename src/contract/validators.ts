import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import { loadContract } from "./load.js";
import type { OperationId } from "./types.js";

const SCHEMA_ID = "tdss:openapi";
/** OpenAPI keywords and the document's extensions, known to ajv so that strict mode still catches typos. */
const ANNOTATIONS = ["x-implementation-defined", "x-reference-choice", "example", "discriminator", "xml", "externalDocs"];

let ajv: Ajv2020 | undefined;
const compiled = new Map<string, ValidateFunction>();

function rewriteRefs(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value).replaceAll('"#/components/schemas/', `"${SCHEMA_ID}#/$defs/`));
}

function instance(): Ajv2020 {
  if (ajv) return ajv;
  // strictRequired is off because `not: {required: [total]}` (IdPageData) names a member the schema does not define, on purpose.
  ajv = new Ajv2020({ allErrors: true, strict: true, strictTypes: false, strictRequired: false, allowUnionTypes: true });
  for (const keyword of ANNOTATIONS) ajv.addKeyword(keyword);
  const schemas = loadContract().openapi.components?.schemas ?? {};
  ajv.addSchema({ $id: SCHEMA_ID, $defs: rewriteRefs(schemas) as object });
  return ajv;
}

function compileOnce(key: string, schema: () => object): ValidateFunction {
  let fn = compiled.get(key);
  if (!fn) {
    fn = instance().compile(schema());
    compiled.set(key, fn);
  }
  return fn;
}

/** Validator of a named schema of components.schemas, compiled once. */
export function schemaValidator(name: string): ValidateFunction {
  if (!loadContract().openapi.components?.schemas?.[name]) throw new Error(`tdss: no schema named ${name} in spec/openapi.yaml`);
  return compileOnce(`schema:${name}`, () => ({ $ref: `${SCHEMA_ID}#/$defs/${name}` }));
}

/** Validator of a route's request body (POST routes), compiled once. */
export function requestValidator(operationId: OperationId): ValidateFunction {
  const name = loadContract().operations.get(operationId)?.requestSchema;
  if (!name) throw new Error(`tdss: ${operationId} has no request body`);
  return schemaValidator(name);
}

/** Validator of a route's success response (the envelope with its data), compiled once. */
export function responseValidator(operationId: OperationId): ValidateFunction {
  return compileOnce(`response:${operationId}`, () => {
    const { path, method } = loadContract().operations.get(operationId)!;
    const item = loadContract().openapi.paths?.[path] as Record<string, { responses: Record<string, unknown> }>;
    const response = item[method.toLowerCase()]!.responses["200"] as { content: Record<string, { schema: object }> };
    return rewriteRefs(response.content["application/json"]!.schema) as object;
  });
}

/** One line per ajv error: "<instance path>: <message>". */
export function describeErrors(errors: readonly ErrorObject[] | null | undefined): string[] {
  return (errors ?? []).map((e) => {
    const where = e.instancePath || "/";
    const extra = e.keyword === "additionalProperties" ? ` (${(e.params as { additionalProperty: string }).additionalProperty})` : "";
    const allowed = e.keyword === "enum" ? ` (${(e.params as { allowedValues: unknown[] }).allowedValues.length} allowed values)` : "";
    return `${where}: ${e.message ?? e.keyword}${extra}${allowed}`;
  });
}
