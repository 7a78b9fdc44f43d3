import { loadContract } from "./load.js";
import { DATASETS, type Dataset, type OperationId } from "./types.js";

/**
 * Routes grouped by the rules §4 and §8 state for a whole family: the Query Spec searches (size 1 to 10000,
 * default 100, ceil(IDs / 25)), the detail routes (up to 100 IDs, not_found free, ceil(found / 5)) and the
 * priced routes (one MCP tool each, same Credit rules, §4.6). Derived from spec/openapi.yaml (`x-credit-cost`,
 * tags, request schemas), so a route added there joins its family, and every case or mutant generated from a
 * family, without another edit.
 */
export interface RouteFamilyMember {
  /** Short stable name: the dataset, for searches and detail routes. */
  readonly id: string;
  readonly operation: OperationId;
  readonly dataset: Dataset;
  readonly path: string;
  readonly tool: string;
}

export interface DetailRoute extends RouteFamilyMember {
  /** The body member holding the IDs (`profile_ids`, ...): the one array the request schema requires. */
  readonly idsMember: string;
  readonly minIds: number;
  readonly maxIds: number;
  /** The Query Spec search of the same dataset, which finds IDs this route resolves. */
  readonly search: OperationId;
}

type Schema = {
  required?: string[];
  properties?: Record<string, { type?: string; minItems?: number; maxItems?: number }>;
};

function datasetOf(tag: string, operation: OperationId): Dataset {
  if ((DATASETS as readonly string[]).includes(tag)) return tag as Dataset;
  throw new Error(`tdss: spec/openapi.yaml: ${operation} is tagged ${JSON.stringify(tag)}, not a dataset`);
}

function member(operation: OperationId): RouteFamilyMember {
  const op = loadContract().operations.get(operation)!;
  return {
    id: datasetOf(op.tag, operation),
    operation,
    dataset: datasetOf(op.tag, operation),
    path: op.path,
    tool: op.tool,
  };
}

/** Operations whose Credit formula is `formula`, in the order of spec/openapi.yaml. */
function operationsPriced(formula: string): OperationId[] {
  return [...loadContract().operations.values()].filter((o) => o.creditFormula === formula).map((o) => o.operationId);
}

/** The Query Spec searches (people, jobs, companies). */
export function searchRoutes(): RouteFamilyMember[] {
  return operationsPriced("search").map(member);
}

/** The detail routes, each with its IDs member and ID-count bounds from its request schema (§4.4, §8). */
export function detailRoutes(): DetailRoute[] {
  const contract = loadContract();
  const schemas = (contract.openapi.components?.schemas ?? {}) as Record<string, Schema>;
  return operationsPriced("detail").map((operation) => {
    const base = member(operation);
    const schema = schemas[contract.operations.get(operation)!.requestSchema ?? ""] ?? {};
    const idsMember = (schema.required ?? []).find((name) => schema.properties?.[name]?.type === "array");
    if (!idsMember)
      throw new Error(`tdss: spec/openapi.yaml: the request body of ${operation} requires no array of IDs`);
    const ids = schema.properties![idsMember]!;
    return {
      ...base,
      idsMember,
      minIds: ids.minItems ?? 0,
      maxIds: ids.maxItems ?? Number.POSITIVE_INFINITY,
      search: contract.datasets[base.dataset].route,
    };
  });
}

/** Operations a success is charged for (every formula but free and not shown): each has its MCP tool (§4.6). */
export function pricedOperations(): OperationId[] {
  return [...loadContract().operations.values()]
    .filter((o) => o.creditFormula !== "free" && o.creditFormula !== "not-shown")
    .map((o) => o.operationId);
}
