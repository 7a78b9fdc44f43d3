import { OPERATORS } from "../contract/index.js";
import type { TypedDataset, TypedField, ValueShape } from "./model.js";

const HEADER = "Generated from spec/catalog/ by npm run generate (src/types/emit.ts); do not edit.";

const pascal = (name: string) => name.replace(/(^|_)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());
const title = (dataset: string) => pascal(dataset);

/**
 * The composites of one node type, as interfaces: a node type refers to itself through them (a type alias may
 * not refer to itself through a generic one).
 */
function composites(node: string): string[] {
  return [
    `export interface ${node}All { readonly all: readonly ${node}[]; readonly any?: never; readonly not?: ` +
      `never; readonly field?: never }`,
    `export interface ${node}Any { readonly any: readonly ${node}[]; readonly all?: never; readonly not?: ` +
      `never; readonly field?: never }`,
    `export interface ${node}Not { readonly not: ${node}; readonly all?: never; readonly any?: never; ` +
      `readonly field?: never }`,
  ];
}

const compositeUnion = (node: string) => `${node}All | ${node}Any | ${node}Not`;

function tsValue(field: TypedField, value: ValueShape): string {
  switch (value.kind) {
    case "enum":
      return pascal(field.name);
    case "date":
      return "DateValue";
    default:
      return value.kind;
  }
}

/** One leaf form: the field, exactly one operator, every other operator ruled out (so two in a leaf do not compile). */
function leaf(field: TypedField): string[] {
  return [...field.operators].map(([op, value]) => {
    const type = tsValue(field, value);
    const others = OPERATORS.filter((o) => o !== op).map((o) => `readonly ${o}?: never`);
    return (
      `  | { readonly field: ${JSON.stringify(field.name)}; ` +
      `readonly ${op}: ${op === "in" ? `readonly ${type}[]` : type}; ${others.join("; ")} }`
    );
  });
}

/**
 * `src/types/queries.ts`: field unions, fixed value sets as literal unions, and the node grammar of §4.2 per dataset.
 */
export function emitTypes(datasets: readonly TypedDataset[]): string {
  const out: string[] = [
    `// ${HEADER}`,
    "",
    "/** A date: YYYY-MM-DD, or a relative offset now-<n>d / now-<n>m (§4.2 rule 3). */",
  ];
  out.push("export type DateValue = `${number}-${number}-${number}` | `now-${number}d` | `now-${number}m`;", "");

  for (const d of datasets) {
    const T = title(d.dataset);
    const enums = d.fields.flatMap((f) =>
      [...f.operators.values()]
        .filter((v) => v.kind === "enum")
        .slice(0, 1)
        .map((v) => [f, v] as const),
    );
    for (const [f, v] of enums) {
      out.push(`/** The fixed values of \`${f.name}\` (§2.3): anything else matches nothing. */`);
      out.push(
        `export type ${pascal(f.name)} ` +
          `= ${(v as { values: readonly string[] }).values.map((s) => JSON.stringify(s)).join(" | ")};`,
      );
    }
    out.push(`/** A queryable ${d.dataset} field (§2). */`);
    out.push(`export type ${T}Field = ${d.fields.map((f) => JSON.stringify(f.name)).join(" | ")};`, "");
    out.push(`/** A ${d.dataset} leaf: a field with exactly one operator it takes (§4.2). */`);
    out.push(
      `export type ${T}Leaf =`,
      ...leaf(d.fields[0]!).map((l, i) => (i === 0 ? l : l)),
      ...d.fields.slice(1).flatMap(leaf),
    );
    out[out.length - 1] += ";";
    out.push("");
    const scopeNodes: string[] = [];
    for (const s of d.scopes) {
      const R = pascal(s.record);
      const names = d.fields.filter((f) => f.scope === s.record).map((f) => JSON.stringify(f.name));
      out.push(
        `/** A field of one ${s.record} sub-record (the scope table of spec/catalog/, clause ` +
          `s4-2-scope-membership). */`,
      );
      out.push(`export type ${R}Field = ${names.join(" | ")};`);
      out.push(`/** A node inside \`${s.key}\`: every condition must match the same ${s.record} sub-record. */`);
      out.push(
        `export type ${R}Where = Extract<${T}Leaf, { readonly field: ${R}Field }> | ${compositeUnion(`${R}Where`)};`,
        ...composites(`${R}Where`),
        "",
      );
      const others = d.scopes.filter((o) => o.key !== s.key).map((o) => `readonly ${o.key}?: never`);
      scopeNodes.push(
        `  | { ` +
          `readonly ${s.key}: ${R}Where; ${[...others, "readonly field?: never", "readonly all?: never"].join("; ")} ` +
          `}`,
      );
    }
    out.push(
      `/** A ${d.dataset} Query Spec node: a leaf, a composite${d.scopes.length ? " or a scope" : ""} (§4.2). */`,
    );
    out.push(
      `export type ${T}Where = ${T}Leaf | ${compositeUnion(`${T}Where`)}${scopeNodes.length ? "" : ";"}`,
      ...scopeNodes,
    );
    if (scopeNodes.length) out[out.length - 1] += ";";
    out.push(...composites(`${T}Where`));
    out.push(
      "",
      `/** The body of a ${d.dataset} search (§4.2): where${d.whereRequired ? " (required)" : ""}, size, after. */`,
    );
    out.push(
      `export interface ${T}QueryBody {`,
      `  readonly where${d.whereRequired ? "" : "?"}: ${T}Where;`,
      "  readonly size?: number;",
      "  readonly after?: string;",
      "}",
      "",
    );
  }
  return `${out.join("\n").trimEnd()}\n`;
}

function schemaValue(value: ValueShape): object {
  switch (value.kind) {
    case "enum":
      return { enum: value.values };
    case "date":
      // A day the calendar has (RFC 3339 full-date), or a relative offset in days or months (§4.2 rule 3).
      return {
        anyOf: [
          { type: "string", format: "date" },
          { type: "string", pattern: "^now-\\d+[dm]$" },
        ],
      };
    default:
      return { type: value.kind };
  }
}

/**
 * An editor's JSON Schema of one dataset's search body: completion of field names, operators and fixed values.
 * Stricter than the service on purpose (a misspelt fixed value is accepted there, and matches nothing, §7).
 */
export function emitSchema(d: TypedDataset): object {
  const leaves = d.fields.map((f) => ({
    type: "object",
    properties: {
      field: { const: f.name },
      ...Object.fromEntries(
        [...f.operators].map(([op, v]) => [
          op,
          op === "in" ? { type: "array", minItems: 1, items: schemaValue(v) } : schemaValue(v),
        ]),
      ),
    },
    required: ["field"],
    minProperties: 2,
    maxProperties: 2,
    additionalProperties: false,
  }));
  const composite = (key: string, ref: string) => ({
    type: "object",
    properties: { [key]: key === "not" ? { $ref: ref } : { type: "array", items: { $ref: ref } } },
    required: [key],
    additionalProperties: false,
  });
  const defs: Record<string, object> = { leaf: { oneOf: leaves } };
  const nodeOf = (name: string, leafRef: string, extra: object[] = []) => {
    defs[name] = {
      anyOf: [{ $ref: leafRef }, ...["all", "any", "not"].map((k) => composite(k, `#/$defs/${name}`)), ...extra],
    };
  };
  for (const s of d.scopes) {
    const inScope = d.fields.map((f, i) => (f.scope === s.record ? i : -1)).filter((i) => i >= 0);
    defs[`${s.record}Leaf`] = { oneOf: inScope.map((i) => leaves[i]) };
    nodeOf(`${s.record}Node`, `#/$defs/${s.record}Leaf`);
  }
  nodeOf(
    "node",
    "#/$defs/leaf",
    d.scopes.map((s) => ({
      type: "object",
      properties: { [s.key]: { $ref: `#/$defs/${s.record}Node` } },
      required: [s.key],
      additionalProperties: false,
    })),
  );
  return {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    title: `${d.dataset} Query Spec search body (tdss; ${HEADER})`,
    type: "object",
    properties: {
      $schema: { type: "string" },
      where: { $ref: "#/$defs/node" },
      size: { type: "integer", minimum: 1, maximum: 10000 },
      after: { type: "string" },
    },
    ...(d.whereRequired ? { required: ["where"] } : {}),
    additionalProperties: false,
    $defs: defs,
  };
}

/**
 * The scope keys of the catalog and the sub-record each binds, as the type src/contract/types.ts reads its ScopeKey
 * and SubRecord from (so no hand-written list repeats spec/catalog/).
 */
export function emitScopeBinding(datasets: readonly TypedDataset[]): string {
  const members = datasets.flatMap((d) => d.scopes.map((s) => `  readonly ${s.key}: ${JSON.stringify(s.record)};`));
  return [
    `// ${HEADER}`,
    "",
    "/** A scope key of the Query Spec (§4.2, people only) and the sub-record it binds (spec/catalog/). */",
    "export interface ScopeBinding {",
    ...members,
    "}",
    "",
  ].join("\n");
}
