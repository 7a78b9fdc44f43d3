import {
  DATASETS,
  loadContract,
  operationOf,
  OPERATORS,
  type Dataset,
  type FieldSpec,
  type Operator,
  type SubRecord,
} from "../contract/index.js";

/** What one operator of one field takes, as the typed queries and the editor schemas both write it. */
export type ValueShape =
  | { readonly kind: "string" | "number" | "boolean" | "date" }
  | { readonly kind: "enum"; readonly values: readonly string[] };

export interface TypedField {
  readonly name: string;
  readonly scope?: SubRecord;
  /** Each operator the catalog lets the field take (§2.2 for people, the §4.2 set for jobs and companies). */
  readonly operators: ReadonlyMap<Operator, ValueShape>;
}

export interface TypedDataset {
  readonly dataset: Dataset;
  /** The search body's members and whether `where` is required (spec/openapi.yaml). */
  readonly whereRequired: boolean;
  readonly fields: readonly TypedField[];
  /** Scope keys (people only) and their sub-records. */
  readonly scopes: readonly { readonly key: string; readonly record: SubRecord }[];
}

/** The value one operator takes: `in` a list of what `eq` takes, `exists` a boolean, `match` words. */
function shape(field: FieldSpec, operator: Operator): ValueShape {
  if (operator === "exists") return { kind: "boolean" };
  if (operator === "match") return { kind: "string" };
  if (field.values && (operator === "eq" || operator === "in")) return { kind: "enum", values: field.values };
  switch (field.type) {
    case "number":
    case "ordinal":
      return { kind: "number" };
    case "date":
      return { kind: "date" };
    case "boolean":
      return { kind: "boolean" };
    default:
      return { kind: "string" };
  }
}

/** The catalog (spec/catalog/) as the typed queries see it: one model for the TypeScript types and the JSON Schemas. */
export function typedDatasets(): TypedDataset[] {
  const contract = loadContract();
  return DATASETS.map((name) => {
    const spec = contract.datasets[name];
    const op = operationOf(name, "search");
    return {
      dataset: name,
      whereRequired: op?.required.includes("where") ?? false,
      fields: [...spec.fields.values()].map((f) => ({
        name: f.name,
        ...(f.scope ? { scope: f.scope } : {}),
        operators: new Map(OPERATORS.filter((o) => f.operators.includes(o)).map((o) => [o, shape(f, o)])),
      })),
      scopes: Object.entries(spec.scopes).map(([key, record]) => ({ key, record: record })),
    };
  });
}
