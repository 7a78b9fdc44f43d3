import { loadContract } from "./load.js";
import { isScopeKey } from "./scopes.js";
import type { BodyKind, BodyOperation } from "./operations.js";
import { DATASETS, type BodyOperationId, type Dataset } from "./types.js";

/** A name `lint` and the gateway accept for a route with a body: its operationId, or a dataset for its search. */
export type RouteName = BodyOperationId | Dataset;

let routes: ReadonlyMap<BodyOperationId, BodyOperation> | undefined;
let byKind: ReadonlyMap<BodyKind, readonly BodyOperation[]> | undefined;

/** Every operation with a request body (the routes the linter lints), keyed by operationId, in spec order. */
export function bodyOperations(): ReadonlyMap<BodyOperationId, BodyOperation> {
  if (routes) return routes;
  const map = new Map<BodyOperationId, BodyOperation>();
  for (const op of loadContract().operations.values()) if (op.kind !== "system") map.set(op.operationId, op);
  routes = map;
  return map;
}

/**
 * The operations of one kind, in the order of spec/openapi.yaml. Grouped once: route inference and dataset names
 * resolve through it for every document linted.
 */
export function operationsOfKind(kind: BodyKind): readonly BodyOperation[] {
  if (!byKind) {
    const groups = new Map<BodyKind, BodyOperation[]>();
    for (const op of bodyOperations().values()) groups.set(op.kind, [...(groups.get(op.kind) ?? []), op]);
    byKind = groups;
  }
  return byKind.get(kind) ?? [];
}

/** The operation of a kind on a dataset (the people search, the jobs detail route, ...), if the contract has one. */
export function operationOf(dataset: Dataset, kind: BodyKind): BodyOperation | undefined {
  return operationsOfKind(kind).find((op) => op.dataset === dataset);
}

/** The operationId of the operation of a kind on a dataset; an error where the contract has none. */
export function routeOf(dataset: Dataset, kind: BodyKind): BodyOperationId {
  const op = operationOf(dataset, kind);
  if (!op) throw new Error(`tdss: spec/openapi.yaml: the ${dataset} dataset has no ${kind} operation`);
  return op.operationId;
}

/** The operationIds of the given kinds, in the order of spec/openapi.yaml. */
export function operationIdsOfKind(...kinds: BodyKind[]): BodyOperationId[] {
  return [...bodyOperations().values()].filter((op) => kinds.includes(op.kind)).map((op) => op.operationId);
}

/** The operation of an operationId when it takes a body; undefined for a system route or any other name. */
export function bodyOperation(operationId: string): BodyOperation | undefined {
  return bodyOperations().get(operationId as BodyOperationId);
}

/** The name the contract gives a dataset's IDs (`idsMember` of src/contract/operations.ts). */
export function idsMemberOf(dataset: Dataset): string {
  return bodyOperation(routeOf(dataset, "detail"))!.idsMember;
}

/** The operation of an operationId with a body, or the search of a dataset; undefined for anything else. */
export function resolveRoute(name: string): BodyOperation | undefined {
  if ((DATASETS as readonly string[]).includes(name)) return operationOf(name as Dataset, "search");
  return bodyOperations().get(name as BodyOperationId);
}

/** Every name resolveRoute accepts: the operationIds with a body, then the datasets. */
export function routeNames(): string[] {
  return [...bodyOperations().keys(), ...DATASETS];
}

/**
 * The route a body is meant for when none is named: the first operation other than a search whose first required
 * member the body has (the natural-language text, a detail route's IDs), else the search whose dataset knows the
 * most of the body's field names (a scope key counts for the datasets that have it), the first search (people) on a
 * tie. A query of jobs fields is linted as a jobs query; one that mixes datasets keeps the majority's, and the rest
 * are reported as another dataset's fields.
 */
export function inferRoute(body: unknown, name?: RouteName): BodyOperation {
  if (name !== undefined) {
    const route = resolveRoute(name);
    if (!route)
      throw new RangeError(`unknown route ${JSON.stringify(name)}; expected one of ${routeNames().join(", ")}`);
    return route;
  }
  if (body !== null && typeof body === "object" && !Array.isArray(body)) {
    for (const route of bodyOperations().values()) {
      const key = route.required[0];
      if (route.kind !== "search" && key !== undefined && Object.hasOwn(body, key)) return route;
    }
  }
  const searches = operationsOfKind("search");
  const names = fieldNames(body);
  if (names.size === 0) return searches[0]!;
  const datasets = loadContract().datasets;
  let best = searches[0]!;
  let bestCount = -1;
  for (const route of searches) {
    const dataset = datasets[route.dataset];
    let count = 0;
    for (const name of names) if (dataset.fields.has(name) || Object.hasOwn(dataset.scopes, name)) count++;
    if (count > bestCount) [best, bestCount] = [route, count];
  }
  return best;
}

/** Most members read looking for field names: a body far past the node limit is linted with the names seen. */
const MAX_VISITS = 4096;

/** The `field` names and scope-like keys (`has_*`) of a body's tree, read breadth first. */
function fieldNames(body: unknown): Set<string> {
  const names = new Set<string>();
  const queue: unknown[] = [body];
  for (let i = 0; i < queue.length && i < MAX_VISITS; i++) {
    const v = queue[i];
    if (v === null || typeof v !== "object") continue;
    if (Array.isArray(v)) {
      for (let k = 0; k < v.length && queue.length < MAX_VISITS; k++) queue.push(v[k]);
      continue;
    }
    for (const key in v) {
      if (!Object.hasOwn(v, key)) continue;
      const child = (v as Record<string, unknown>)[key];
      if (key === "field") {
        if (typeof child === "string") names.add(child);
      } else {
        if (isScopeKey(key)) names.add(key);
        if (queue.length < MAX_VISITS) queue.push(child);
      }
    }
  }
  return names;
}
