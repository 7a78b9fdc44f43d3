/**
 * The JSON Schema of the tdss configuration's `lint` section (`tdss.config.json` or .yaml, or the `tdss` key of
 * package.json; src/linter/config-file.ts), built
 * from the rule table, the routes and the formats so that it cannot drift from them. It is published as
 * schemas/tdss.config.schema.json (checked byte for byte by src/linter/config-schema.test.ts) and checked here by a
 * small validator of the keywords it uses: loading a general validator would cost more than linting a query
 * (docs/lint.md, "Configuration").
 */
import { RULES } from "../../rules/all.js";
import { FORMATS } from "./format/report.js";
import { repositoryFileUrl } from "./format/rule-page.js";
import { routeNames } from "../contract/routes.js";
import { subRecords } from "../contract/scopes.js";
import { FINDING_CLASSES, type FindingClass } from "../lint/consequence.js";
import { didYouMeanHint } from "../lint/suggest.js";

/** The classes --fail-on takes by default (FINDING_CLASSES are all it takes; cost and style never fail a run). */
export const DEFAULT_FAIL_ON: readonly FindingClass[] = ["refused", "empty"];
export const DEFAULT_EXTENSIONS: readonly string[] = [".json", ".jsonl"];

export interface Schema {
  readonly $schema?: string;
  readonly $id?: string;
  readonly title?: string;
  readonly description?: string;
  readonly type?: string | readonly string[];
  readonly enum?: readonly unknown[];
  readonly properties?: Readonly<Record<string, Schema>>;
  readonly additionalProperties?: false | Schema;
  readonly propertyNames?: Schema;
  readonly required?: readonly string[];
  readonly items?: Schema;
  readonly minItems?: number;
  readonly minimum?: number;
  readonly pattern?: string;
  readonly anyOf?: readonly Schema[];
}

/** The `lint` section: what `tdss lint` reads. */
export function lintSectionSchema(): Schema {
  const rules: Schema = {
    description: "Rule id to severity, or off (docs/rules/<id>.md)",
    type: "object",
    propertyNames: { enum: RULES.map((r) => r.meta.id) },
    additionalProperties: { enum: ["error", "warning", "info", "off"] },
  };
  const route: Schema = {
    description: "The route bodies are sent to (operationId, or people, jobs, companies); inferred when omitted",
    enum: routeNames(),
  };
  const globs: Schema = { type: "array", items: { type: "string" } };
  return {
    description: "What tdss lint reads (docs/lint.md, Configuration)",
    type: "object",
    additionalProperties: false,
    properties: {
      route,
      rules,
      scopes: {
        description:
          `The scope table's overrides: people field -> ${subRecords().join(" | ")} | null, ` +
          "or the path of a YAML/JSON file holding them (relative to this file)",
        anyOf: [{ type: "string" }, { type: "object", additionalProperties: { type: ["string", "null"] } }],
      },
      format: { description: "Report format", enum: [...FORMATS] },
      failOn: {
        description: "Consequence classes that fail the run (their diagnostics are errors)",
        type: "array",
        items: { enum: [...FINDING_CLASSES] },
      },
      maxWarnings: { description: "Fail the run when there are more warnings than this", type: "integer", minimum: 0 },
      cost: { description: "Show the cost line in the stylish, github, junit and sarif formats", type: "boolean" },
      ext: {
        description: "File extensions linted in a folder",
        type: "array",
        items: { type: "string", pattern: "^\\.[^/\\\\]+$" },
        minItems: 1,
      },
      ignores: { ...globs, description: "More ignore patterns, gitignore syntax, as in .tdssignore" },
      overrides: {
        description: "Settings for the files some globs match (relative to this file's folder), in order",
        type: "array",
        items: {
          type: "object",
          additionalProperties: false,
          required: ["files"],
          properties: { files: { ...globs, minItems: 1 }, route, rules },
        },
      },
    },
  };
}

/**
 * The whole file as `tdss lint` sees it: the `lint` section; the other top-level keys are `tdss run`'s, which that
 * command checks (docs/run.md, "Configuration").
 */
export function configSchema(): Schema {
  return {
    $schema: "http://json-schema.org/draft-07/schema#",
    $id: repositoryFileUrl("schemas/tdss.config.schema.json"),
    title: "tdss configuration",
    description:
      "tdss.config.json (or .yaml), or the tdss key of package.json: tdss run's settings at the top level " +
      "(docs/run.md), tdss lint's under lint (docs/lint.md)",
    type: "object",
    properties: { $schema: { type: "string" }, lint: lintSectionSchema() },
  };
}

const TYPES: Readonly<Record<string, (v: unknown) => boolean>> = {
  object: (v) => v !== null && typeof v === "object" && !Array.isArray(v),
  array: Array.isArray,
  string: (v) => typeof v === "string",
  boolean: (v) => typeof v === "boolean",
  integer: Number.isInteger,
  number: (v) => typeof v === "number",
  null: (v) => v === null,
};

/** Where a value breaks the schema, as "key.key[0]: what is wrong", or undefined when it fits. */
export function schemaError(value: unknown, schema: Schema, at = ""): string | undefined {
  const where = at === "" ? "" : `${at}: `;
  if (schema.anyOf) {
    const errors = schema.anyOf.map((s) => schemaError(value, s, at));
    return errors.includes(undefined) ? undefined : errors[errors.length - 1];
  }
  if (schema.type !== undefined) {
    const types = typeof schema.type === "string" ? [schema.type] : schema.type;
    if (!types.some((t) => TYPES[t]!(value))) return `${where}expected ${types.join(" or ")}, got ${show(value)}`;
  }
  if (schema.enum && !schema.enum.includes(value)) return `${where}${show(value)} is not one of ${list(schema.enum)}`;
  if (typeof value === "string" && schema.pattern && !new RegExp(schema.pattern).test(value))
    return `${where}${show(value)} does not match ${schema.pattern}`;
  if (typeof value === "number" && schema.minimum !== undefined && value < schema.minimum)
    return `${where}expected at least ${schema.minimum}`;
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems)
      return `${where}expected at least ${schema.minItems} item${schema.minItems === 1 ? "" : "s"}`;
    for (let i = 0; i < value.length && schema.items; i++) {
      const error = schemaError(value[i], schema.items, `${at}[${i}]`);
      if (error) return error;
    }
  } else if (TYPES.object!(value)) {
    const record = value as Record<string, unknown>;
    for (const key of schema.required ?? [])
      if (!Object.hasOwn(record, key)) return `${where}the key "${key}" is required`;
    for (const [key, v] of Object.entries(record)) {
      const path = at === "" ? key : `${at}.${key}`;
      const names = schema.propertyNames?.enum as string[] | undefined;
      if (names && !names.includes(key)) return unknownKey(at, key, names);
      const own = schema.properties?.[key];
      if (own) {
        const error = schemaError(v, own, path);
        if (error) return error;
      } else if (schema.additionalProperties === false) {
        return unknownKey(at, key, Object.keys(schema.properties ?? {}));
      } else if (schema.additionalProperties) {
        const error = schemaError(v, schema.additionalProperties, path);
        if (error) return error;
      }
    }
  }
  return undefined;
}

function unknownKey(at: string, key: string, known: readonly string[]): string {
  return `${at === "" ? "" : `${at}: `}unknown key "${key}"${didYouMeanHint(key, known)}`;
}

function show(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

function list(values: readonly unknown[]): string {
  return values.length > 12 ? `${values.slice(0, 12).map(show).join(", ")}, ...` : values.map(show).join(", ");
}
