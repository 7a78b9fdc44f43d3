import type { Ajv2020, ErrorObject, Options, ValidateFunction } from "ajv/dist/2020.js";
import { checkSchema, compileChecked, digest, loadStandalone, newAjv, standaloneModule } from "./json-schema.js";
import { loadContract } from "./load.js";
import { OPERATION_IDS, type OperationId } from "./types.js";
import { escapeToken } from "./json-pointer.js";

const SCHEMA_ID = "tdss:openapi";
/** OpenAPI keywords and the document's extensions, known to ajv so that strict mode still catches typos. */
const ANNOTATIONS = [
  "x-implementation-defined",
  "x-reference-choice",
  "example",
  "discriminator",
  "xml",
  "externalDocs",
];

let ajv: Ajv2020 | undefined;
const compiled = new Map<string, ValidateFunction>();
/** Where each compiled schema object sits in spec/openapi.yaml (a JSON Pointer with #), for error messages. */
const locations = new WeakMap<object, string>();

function locate(node: unknown, pointer: string): void {
  if (!node || typeof node !== "object" || locations.has(node)) return;
  locations.set(node, pointer);
  for (const [key, value] of Object.entries(node)) {
    locate(value, `${pointer}/${escapeToken(key)}`);
  }
}

function rewriteRefs(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value).replaceAll('"#/components/schemas/', `"${SCHEMA_ID}#/$defs/`));
}

// strictRequired is off because `not: {required: [total]}` (IdPageData) names a member the schema does not define, on
// purpose.
// verbose: each error carries the schema object it failed in, which schemaLocation() maps back to the document.
const OPTIONS = {
  allErrors: true,
  strict: true,
  strictTypes: false,
  strictRequired: false,
  allowUnionTypes: true,
  verbose: true,
} as const;

function newInstance(options: Options, located: boolean): Ajv2020 {
  const made = newAjv(options);
  for (const keyword of ANNOTATIONS) made.addKeyword(keyword);
  const defs = rewriteRefs(loadContract().openapi.components?.schemas ?? {}) as object;
  if (located) locate(defs, "#/components/schemas");
  const document = { $id: SCHEMA_ID, $defs: defs };
  checkSchema(document);
  made.addSchema(document);
  return made;
}

function instance(): Ajv2020 {
  return (ajv ??= newInstance(OPTIONS, true));
}

/** Where npm run build leaves the validators a run uses compiled to code (scripts/compile-validators.ts). */
export const BUILT_CONTRACT_VALIDATORS = new URL("./contract-validators.cjs", import.meta.url);

/** What the built validators are made from: the options, the annotations and the whole document. */
function contractKey(): string {
  return digest([OPTIONS, ANNOTATIONS, loadContract().openapi]);
}

let built: Readonly<Record<string, ValidateFunction>> | null | undefined;

/**
 * The build's copy of a validator, when the build made one from this very document. Its errors are the same, but
 * their schema objects are the copy's, so schemaLocation gives ajv's schemaPath for them; src/contract/testing (the
 * one reader of locations) runs from the sources, where there is no copy.
 */
function builtValidator(key: string): ValidateFunction | undefined {
  if (built === undefined) built = loadStandalone(BUILT_CONTRACT_VALIDATORS, contractKey()) ?? null;
  return built?.[key];
}

function compileOnce(key: string, schema: () => object, location?: string): ValidateFunction {
  let fn = compiled.get(key);
  if (!fn) {
    fn = builtValidator(key);
    if (!fn) {
      const root = schema();
      if (location) locate(root, location);
      fn = compileChecked(instance(), root);
    }
    compiled.set(key, fn);
  }
  return fn;
}

const schemaRoot = (name: string) => ({ $ref: `${SCHEMA_ID}#/$defs/${name}` });

/** Validator of a named schema of components.schemas, compiled once. */
export function schemaValidator(name: string): ValidateFunction {
  if (!loadContract().openapi.components?.schemas?.[name])
    throw new Error(`tdss: no schema named ${name} in spec/openapi.yaml`);
  return compileOnce(`schema:${name}`, () => schemaRoot(name));
}

/** Validator of a route's request body (POST routes), compiled once. */
export function requestValidator(operationId: OperationId): ValidateFunction {
  const name = loadContract().operations.get(operationId)?.requestSchema;
  if (!name) throw new Error(`tdss: ${operationId} has no request body`);
  return schemaValidator(name);
}

function responseRoot(operationId: OperationId): object {
  const { path, method } = loadContract().operations.get(operationId)!;
  const item = loadContract().openapi.paths?.[path] as Record<string, { responses: Record<string, unknown> }>;
  const response = item[method.toLowerCase()]!.responses["200"] as { content: Record<string, { schema: object }> };
  return rewriteRefs(response.content["application/json"]!.schema) as object;
}

/** Validator of a route's success response (the envelope with its data), compiled once. */
export function responseValidator(operationId: OperationId): ValidateFunction {
  return compileOnce(`response:${operationId}`, () => responseRoot(operationId));
}

/**
 * The module npm run build writes to BUILT_CONTRACT_VALIDATORS: the validators a run uses (every route's request and
 * success response, and the job record the checks read), as ajv's standalone code. A schema ajv refuses fails the
 * build with ajv's message.
 */
export function contractValidatorsCode(): string {
  const roots: Record<string, object> = { "schema:JobRecord": schemaRoot("JobRecord") };
  for (const operationId of OPERATION_IDS) {
    const request = loadContract().operations.get(operationId)!.requestSchema;
    if (request) roots[`schema:${request}`] = schemaRoot(request);
    roots[`response:${operationId}`] = responseRoot(operationId);
  }
  const made = newInstance({ ...OPTIONS, code: { source: true } }, false);
  for (const [key, root] of Object.entries(roots)) {
    checkSchema(root);
    made.addSchema(root, key);
  }
  const exported = Object.fromEntries(Object.keys(roots).map((key) => [key, key]));
  return standaloneModule(made, exported, contractKey());
}

type ResponseObject = { $ref?: string; content?: Record<string, { schema?: object }> };

function resolveResponse(response: ResponseObject | undefined): ResponseObject | undefined {
  const ref = response?.$ref;
  if (!ref) return response;
  const name = ref.replace("#/components/responses/", "");
  return (loadContract().openapi.components?.responses as Record<string, ResponseObject> | undefined)?.[name];
}

function bodyValidator(key: string, response: ResponseObject | undefined, at: string): ValidateFunction | undefined {
  const resolved = resolveResponse(response);
  if (!resolved) return undefined;
  const schema = () => rewriteRefs(resolved.content?.["application/json"]?.schema ?? {}) as object;
  return compileOnce(key, schema, `${response?.$ref ?? at}/content/application~1json/schema`);
}

/** Where in spec/openapi.yaml the rule an ajv error broke is, e.g. #/components/schemas/JobRecord/required. */
export function schemaLocation(error: ErrorObject): string {
  const parent = error.parentSchema ? locations.get(error.parentSchema) : undefined;
  return parent ? `${parent}/${error.keyword}` : error.schemaPath;
}

/**
 * Validator of the body of a route's response under `status` ("200", "429", or "default"), its `$ref` to
 * components.responses followed; undefined when the operation describes no such response. Compiled once.
 */
export function statusValidator(operationId: OperationId, status: string): ValidateFunction | undefined {
  const { path, method } = loadContract().operations.get(operationId)!;
  const item = loadContract().openapi.paths?.[path] as Record<string, { responses: Record<string, ResponseObject> }>;
  const location = `#/paths/${escapeToken(path)}/${method.toLowerCase()}/responses/${status}`;
  return bodyValidator(`status:${operationId}:${status}`, item[method.toLowerCase()]!.responses[status], location);
}

/** Validator of a named response of components.responses (e.g. Failure), compiled once. */
export function namedResponseValidator(name: string): ValidateFunction {
  const fn = bodyValidator(`responses:${name}`, { $ref: `#/components/responses/${name}` }, "");
  if (!fn) throw new Error(`tdss: no response named ${name} in spec/openapi.yaml`);
  return fn;
}

/**
 * One line per ajv error in plain words, "<instance path>: <what is wrong>": a missing member is named as missing and
 * a wrong type says what was expected, never ajv's "must have required property" (a failure message users read).
 */
export function describeErrors(errors: readonly ErrorObject[] | null | undefined): string[] {
  return (errors ?? []).map((e) => {
    const where = e.instancePath ? `${e.instancePath}: ` : "";
    const p = e.params as Record<string, unknown>;
    switch (e.keyword) {
      case "required":
        return `${where}the member ${String(p.missingProperty)} is missing`;
      case "type":
        return `${where}expected ${String(p.type).split(",").join(" or ")}`;
      case "additionalProperties":
        return `${where}the member ${String(p.additionalProperty)} is not allowed here`;
      case "enum":
        return `${where}not one of the ${(p.allowedValues as unknown[]).length} allowed values`;
      default:
        return `${where}${e.message ?? e.keyword}`;
    }
  });
}
