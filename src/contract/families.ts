import { loadContract } from "./load.js";
import type { BodyOperation } from "./operations.js";
import { operationOf, operationsOfKind } from "./routes.js";
import type { Dataset, OperationId } from "./types.js";

/**
 * Routes grouped by the rules §4 and §8 state for a whole family: the Query Spec searches (size 1 to 10000,
 * default 100, ceil(IDs / 25)), the detail routes (up to 100 IDs, not_found free, ceil(found / 5)) and the
 * priced routes (one MCP tool each, same Credit rules, §4.6). Views of the operation model
 * (src/contract/operations.ts, docs/contract.md), so a route added to spec/openapi.yaml joins its family, and
 * every case or mutant generated from a family, without another edit.
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
  /** The body member holding the IDs: the one array the request schema requires. */
  readonly idsMember: string;
  readonly minIds: number;
  readonly maxIds: number;
  /** The Query Spec search of the same dataset, which finds IDs this route resolves. */
  readonly search: OperationId;
}

function member(op: BodyOperation): RouteFamilyMember {
  return { id: op.dataset, operation: op.operationId, dataset: op.dataset, path: op.path, tool: op.tool };
}

/** The Query Spec searches (people, jobs, companies). */
export function searchRoutes(): RouteFamilyMember[] {
  return operationsOfKind("search").map(member);
}

/** The detail routes, each with its IDs member and ID-count bounds from its request schema (§4.4, §8). */
export function detailRoutes(): DetailRoute[] {
  return operationsOfKind("detail").map((op) => {
    const search = operationOf(op.dataset, "search");
    if (!search) throw new Error(`tdss: spec/openapi.yaml: the ${op.dataset} dataset has no Query Spec search`);
    return { ...member(op), idsMember: op.idsMember, minIds: op.minIds, maxIds: op.maxIds, search: search.operationId };
  });
}

/** Operations a success is charged for (every formula but free and not shown): each has its MCP tool (§4.6). */
export function pricedOperations(): OperationId[] {
  return [...loadContract().operations.values()]
    .filter((o) => o.creditFormula !== "free" && o.creditFormula !== "not-shown")
    .map((o) => o.operationId);
}
