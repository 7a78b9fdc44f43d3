import {
  DATASETS,
  type BodyOperationId,
  OPERATION_IDS,
  type CreditFormulaName,
  type Dataset,
  type OpenApiDocument,
  type OperationId,
} from "./types.js";

/**
 * What a request to an operation is: a Query Spec search (§4.2), the natural-language search (§4.3), a detail
 * lookup by IDs (§4.4), or a system route with no body (§4.5). Read from the operation's `x-credit-cost`, which
 * spec/openapi.yaml gives every operation: each kind is priced by one formula of §8.
 */
type OperationKind = "search" | "natural-language" | "detail" | "system";
/** The kinds of operation that take a request body (everything but system routes). */
export type BodyKind = Exclude<OperationKind, "system">;

const KIND_BY_FORMULA: Readonly<Record<CreditFormulaName, OperationKind>> = {
  search: "search",
  "natural-language-search": "natural-language",
  detail: "detail",
  free: "system",
  "not-shown": "system",
};

interface OperationBase {
  readonly operationId: OperationId;
  readonly method: "GET" | "POST";
  readonly path: string;
  /** The MCP tool of the operation (`x-mcp-tool`, §4.1, §4.6). */
  readonly tool: string;
  readonly creditFormula: CreditFormulaName;
  /** The operation's first tag: its dataset, or `system`. */
  readonly tag: string;
}

/** A system route (§4.5): no body, no dataset. */
interface SystemOperation extends OperationBase {
  readonly kind: "system";
  readonly dataset?: undefined;
  readonly requestSchema?: undefined;
}

/** An operation with a JSON request body on one dataset: a search, the natural-language search or a detail route. */
export interface BodyOperation extends OperationBase {
  readonly operationId: BodyOperationId;
  readonly kind: BodyKind;
  readonly dataset: Dataset;
  /** Name of the request body schema in components.schemas. */
  readonly requestSchema: string;
  /** Members the request body schema declares, in its order (e.g. where, size, after for a search). */
  readonly bodyMembers: readonly string[];
  /** Members the request body schema requires. */
  readonly required: readonly string[];
  /**
   * The name the contract gives the dataset's IDs: the one array the request body of the dataset's detail route
   * requires (§4.4). A detail body carries its IDs under it; the people search returns them under it (§4.3); for
   * the other searches it is the member the reference answers with and the runner looks for first, since §4.3
   * does not name it (IdPageData, NaturalLanguageData in spec/openapi.yaml).
   */
  readonly idsMember: string;
  /**
   * True where the success response's data schema requires `idsMember` (the people search, §4.3): a deployment
   * answers the IDs there. Elsewhere the member holding a search's IDs is not shown and is detected.
   */
  readonly idsNamed: boolean;
  /** Bounds of the detail route's IDs array (`minItems`, `maxItems`; §4.4, §8), 0 and Infinity where unstated. */
  readonly minIds: number;
  readonly maxIds: number;
}

/** One of the nine operations of spec/openapi.yaml, as every part of the product reads it. */
export type Operation = SystemOperation | BodyOperation;

type Schema = {
  required?: string[];
  properties?: Record<string, { type?: string; minItems?: number; maxItems?: number }>;
};
type RawOperation = Record<string, unknown> & { operationId?: string; tags?: string[]; requestBody?: unknown };
type Ref = { $ref?: string };
type RawResponse = { content?: Record<string, { schema?: { allOf?: { properties?: { data?: Ref } }[] } }> };

const schemaName = (ref: string | undefined) => ref?.replace("#/components/schemas/", "");

/** The schema name of the `data` member of an operation's 200 response (Envelope allOf {data}), if it has one. */
function responseDataSchema(op: RawOperation): string | undefined {
  const response = (op.responses as Record<string, RawResponse> | undefined)?.["200"];
  const parts = response?.content?.["application/json"]?.schema?.allOf ?? [];
  return schemaName(parts.map((p) => p.properties?.data?.$ref).find((r) => r !== undefined));
}

function fail(message: string): never {
  throw new Error(`tdss: spec/openapi.yaml: ${message}`);
}

/** The IDs member and its bounds of a detail body schema: the one array it requires. */
function idsOf(schema: Schema, operationId: string): { idsMember: string; minIds: number; maxIds: number } {
  const idsMember = (schema.required ?? []).find((name) => schema.properties?.[name]?.type === "array");
  if (!idsMember) fail(`the request body of ${operationId} requires no array of IDs`);
  const ids = schema.properties![idsMember]!;
  return { idsMember, minIds: ids.minItems ?? 0, maxIds: ids.maxItems ?? Number.POSITIVE_INFINITY };
}

/**
 * The operation model: each operation of spec/openapi.yaml once, with what every reader needs (docs/contract.md).
 * Read from the compiled contract at load time, so it costs no file and runs in a browser.
 */
export function readOperations(doc: OpenApiDocument): ReadonlyMap<OperationId, Operation> {
  const schemas = (doc.components?.schemas ?? {}) as Record<string, Schema>;
  const found: { base: OperationBase; kind: OperationKind; requestSchema?: string; responseSchema?: string }[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of ["get", "post"] as const) {
      const op = item?.[method] as RawOperation | undefined;
      if (!op) continue;
      const operationId = op.operationId as OperationId;
      if (!OPERATION_IDS.includes(operationId)) fail(`unexpected operationId ${String(operationId)}`);
      const creditFormula = op["x-credit-cost"] as CreditFormulaName;
      const kind = KIND_BY_FORMULA[creditFormula] ?? fail(`${operationId} has no known x-credit-cost`);
      const ref = (op.requestBody as { content?: Record<string, { schema?: { $ref?: string } }> } | undefined)
        ?.content?.["application/json"]?.schema?.$ref;
      const base = {
        operationId,
        method: method.toUpperCase() as "GET" | "POST",
        path,
        tool: String(op["x-mcp-tool"]),
        creditFormula,
        tag: op.tags?.[0] ?? "",
      };
      const requestSchema = schemaName(ref);
      found.push({ base, kind, responseSchema: responseDataSchema(op), ...(requestSchema ? { requestSchema } : {}) });
    }
  }
  const ids = new Map<string, ReturnType<typeof idsOf>>();
  for (const { base, kind, requestSchema } of found)
    if (kind === "detail") ids.set(base.tag, idsOf(schemas[requestSchema ?? ""] ?? {}, base.operationId));
  const operations = new Map<OperationId, Operation>();
  for (const { base, kind, requestSchema, responseSchema } of found) {
    if (kind === "system") {
      operations.set(base.operationId, Object.freeze({ ...base, kind }));
      continue;
    }
    if (!(DATASETS as readonly string[]).includes(base.tag))
      fail(`${base.operationId} is tagged ${JSON.stringify(base.tag)}, not a dataset`);
    if (!requestSchema) fail(`${base.operationId} has no JSON request body schema`);
    const schema = schemas[requestSchema] ?? {};
    const datasetIds = ids.get(base.tag) ?? fail(`the ${base.tag} dataset has no detail route naming its IDs`);
    const operation: BodyOperation = Object.freeze({
      ...base,
      operationId: base.operationId as BodyOperationId,
      kind,
      dataset: base.tag as Dataset,
      requestSchema,
      bodyMembers: Object.freeze(Object.keys(schema.properties ?? {})),
      required: Object.freeze([...(schema.required ?? [])]),
      ...datasetIds,
      idsNamed: (schemas[responseSchema ?? ""]?.required ?? []).includes(datasetIds.idsMember),
    });
    operations.set(base.operationId, operation);
  }
  return operations;
}
