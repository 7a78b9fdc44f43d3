/**
 * The JSON Schema keywords the configuration file uses (docs/configuration.md), checked by one
 * small validator for both commands, whose errors say in plain words where the value is (`lint.failOn`,
 * `mcp.tools.queryPeople`), what is wrong with it and what is allowed there. A general validator's messages ("must
 * NOT have additional properties") say none of that, and loading one would cost more than linting a query.
 */
import { didYouMeanHint } from "../lint/suggest.js";

export interface Schema {
  readonly $schema?: string;
  readonly $id?: string;
  readonly title?: string;
  /** Shown by editors; in an error, what a string that fails `pattern` should be. */
  readonly description?: string;
  readonly type?: string | readonly string[];
  readonly enum?: readonly unknown[];
  readonly properties?: Readonly<Record<string, Schema>>;
  readonly additionalProperties?: false | Schema;
  readonly propertyNames?: Schema;
  readonly required?: readonly string[];
  readonly items?: Schema;
  readonly minItems?: number;
  readonly uniqueItems?: boolean;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly pattern?: string;
  readonly anyOf?: readonly Schema[];
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

/** Each JSON type in words, as an error says what was expected. */
const TYPE_WORDS: Readonly<Record<string, string>> = {
  object: "a map of keys to values",
  array: "a list",
  string: "a string",
  boolean: "true or false",
  integer: "a whole number",
  number: "a number",
  null: "null",
};

const typesOf = (schema: Schema): readonly string[] =>
  schema.type === undefined ? [] : typeof schema.type === "string" ? [schema.type] : schema.type;

const fits = (value: unknown, schema: Schema) => typesOf(schema).some((t) => TYPES[t]!(value));

/** Where a value breaks the schema, as "key.key[0]: what is wrong; what is allowed", or undefined when it fits. */
export function schemaError(value: unknown, schema: Schema, at = ""): string | undefined {
  const where = at === "" ? "" : `${at}: `;
  if (schema.anyOf) {
    const errors = schema.anyOf.map((s) => schemaError(value, s, at));
    if (errors.includes(undefined)) return undefined;
    // The branch of the value's own type says best what is wrong inside it; else say what every branch takes.
    const own = schema.anyOf.findIndex((s) => fits(value, s));
    if (own >= 0) return errors[own];
    const expected = schema.anyOf.flatMap(typesOf).map((t) => TYPE_WORDS[t]);
    return `${where}expected ${expected.join(" or ")}, got ${show(value)}`;
  }
  const types = typesOf(schema);
  if (types.length && !fits(value, schema))
    return `${where}expected ${types.map((t) => TYPE_WORDS[t]).join(" or ")}, got ${show(value)}`;
  if (schema.enum && !schema.enum.includes(value)) return `${where}${show(value)} is not one of ${list(schema.enum)}`;
  return typeof value === "string"
    ? stringError(value, schema, where)
    : typeof value === "number"
      ? numberError(value, schema, where)
      : Array.isArray(value)
        ? arrayError(value, schema, at)
        : TYPES.object!(value)
          ? objectError(value as Record<string, unknown>, schema, at)
          : undefined;
}

function stringError(value: string, schema: Schema, where: string): string | undefined {
  const min = schema.minLength;
  if (min !== undefined && value.length < min)
    return `${where}expected ${min === 1 ? "a string that is not empty" : `at least ${min} characters`}`;
  if (schema.maxLength !== undefined && value.length > schema.maxLength)
    return `${where}expected at most ${schema.maxLength} characters, got ${value.length}`;
  if (schema.pattern && !new RegExp(schema.pattern).test(value))
    return `${where}${show(value)}: expected ${schema.description ?? `a string matching ${schema.pattern}`}`;
  return undefined;
}

function numberError(value: number, schema: Schema, where: string): string | undefined {
  if (schema.minimum !== undefined && value < schema.minimum)
    return `${where}expected at least ${schema.minimum}, got ${value}`;
  if (schema.maximum !== undefined && value > schema.maximum)
    return `${where}expected at most ${schema.maximum}, got ${value}`;
  return undefined;
}

function arrayError(value: readonly unknown[], schema: Schema, at: string): string | undefined {
  const where = at === "" ? "" : `${at}: `;
  if (schema.minItems !== undefined && value.length < schema.minItems)
    return `${where}expected at least ${schema.minItems} item${schema.minItems === 1 ? "" : "s"}`;
  for (let i = 0; i < value.length && schema.items; i++) {
    const error = schemaError(value[i], schema.items, `${at}[${i}]`);
    if (error) return error;
  }
  const twice = schema.uniqueItems ? value.find((v, i) => value.indexOf(v) !== i) : undefined;
  if (twice !== undefined) return `${where}${show(twice)} is listed twice`;
  return undefined;
}

function objectError(record: Record<string, unknown>, schema: Schema, at: string): string | undefined {
  const where = at === "" ? "" : `${at}: `;
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
  return undefined;
}

/** An unknown key: the near names when there are some, else every key allowed there (when they are few). */
function unknownKey(at: string, key: string, known: readonly string[]): string {
  const near = didYouMeanHint(key, known);
  const allowed = near || known.length > 30 ? "" : `; the keys here are ${known.join(", ")}`;
  return `${at === "" ? "" : `${at}: `}unknown key "${key}"${near}${allowed}`;
}

function show(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

function list(values: readonly unknown[]): string {
  return values.length > 12 ? `${values.slice(0, 12).map(show).join(", ")}, ...` : values.map(show).join(", ");
}
