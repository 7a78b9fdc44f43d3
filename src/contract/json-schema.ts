import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { Ajv2020, type AnySchema, type Options, type ValidateFunction } from "ajv/dist/2020.js";
import standalone from "ajv/dist/standalone/index.js";
import { canonicalJson } from "./load.js";

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

/**
 * ajv's standalone code of the validators `ajv` holds (export name to schema id), as a CommonJS module that also
 * exports `key`, the digest of what they were made from (`digest`), so that a copy made from anything else is never
 * used. npm run build writes each such module beside the module that loads it (scripts/compile-validators.ts):
 * compiling JSON Schemas was the largest part of a run's own CPU (docs/benchmarks.md, "The run's own work"). `ajv`
 * must be made with `code: { source: true }`.
 */
export function standaloneModule(ajv: Ajv2020, exported: Readonly<Record<string, string>>, key: string): string {
  return `${standalone.default(ajv, exported)}\nexports.key = ${JSON.stringify(key)};\n`;
}

/** The validators of a module of standaloneModule at `url`, when it is there and was made from `key`. */
export function loadStandalone(url: URL, key: string): Readonly<Record<string, ValidateFunction>> | undefined {
  let built: Record<string, unknown>;
  try {
    built = createRequire(import.meta.url)(fileURLToPath(url)) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  return built.key === key ? (built as Record<string, ValidateFunction>) : undefined;
}

/** The sha256 of a JSON value's text: what a built validator was made from, or which one a schema is. */
export function digest(value: unknown): string {
  return createHash("sha256")
    .update(JSON.stringify(value) ?? "")
    .digest("hex");
}

/**
 * Which schema this is, whatever the order of its members: a deployment may list the contract's tool schema with its
 * members in another order (the MCP SDK's server does), and a schema is a JSON object, whose members have no order
 * (RFC 8259, §4), so that order changes nothing a validator accepts.
 */
export function schemaDigest(schema: AnySchema): string {
  return createHash("sha256").update(canonicalJson(schema)).digest("hex");
}

/**
 * standaloneModule for schemas that stand alone (no reference between them), each exported under its schemaDigest, so
 * that a schema met at run time (a check's arguments, a deployed tool's input schema) finds its built copy by its
 * content; the module's key is the digest of the options, which every export was compiled with.
 */
export function standaloneBySchema(options: Options, schemas: readonly AnySchema[]): string {
  const ajv = newAjv({ ...options, code: { ...options.code, source: true } });
  const exported: Record<string, string> = {};
  for (const schema of schemas) {
    const name = schemaDigest(schema);
    if (name in exported) continue;
    checkSchema(schema);
    ajv.addSchema(schema, name);
    exported[name] = name;
  }
  return standaloneModule(ajv, exported, digest(options));
}

/**
 * The validators of a module of standaloneBySchema, by schema: the built copy of one compiled with `options`, or
 * undefined when the build made none (the module is missing, was made with other options, or has no such schema).
 */
export function builtBySchema(url: URL, options: Options): (schema: AnySchema) => ValidateFunction | undefined {
  let built: Readonly<Record<string, ValidateFunction>> | null | undefined;
  return (schema) => {
    if (built === undefined) built = loadStandalone(url, digest(options)) ?? null;
    return built?.[schemaDigest(schema)];
  };
}
