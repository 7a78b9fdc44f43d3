import { loadContract, type Dataset, type OperationId } from "../contract/index.js";
import type { BodyKind } from "./rule.js";
import type { LintableOperationId, RouteName } from "./types.js";

/** A route with a request body, as the linter sees it; everything is read from spec/openapi.yaml. */
export interface Route {
  readonly operationId: LintableOperationId;
  readonly kind: BodyKind;
  readonly dataset: Dataset;
  /** Members the request body schema declares (where/size/after, text/size, profile_ids/_source/source...). */
  readonly bodyMembers: readonly string[];
  /** Members the request body schema requires (where for people, text, profile_ids...). */
  readonly required: readonly string[];
  /** The IDs member of a detail body (profile_ids, job_ids, company_ids). */
  readonly idsMember?: string;
}

const KIND_BY_FORMULA: Readonly<Record<string, BodyKind>> = {
  search: "search",
  "natural-language-search": "natural-language",
  detail: "detail",
};

/** Short names for the three Query Spec routes. */
const ROUTE_ALIASES: Readonly<Record<string, LintableOperationId>> = Object.freeze({
  people: "queryPeople",
  jobs: "queryJobs",
  companies: "queryCompanies",
});

let routes: ReadonlyMap<LintableOperationId, Route> | undefined;

/** Every route the linter can lint, keyed by operationId, in the order of spec/openapi.yaml. */
export function lintableRoutes(): ReadonlyMap<LintableOperationId, Route> {
  if (routes) return routes;
  const contract = loadContract();
  const schemas = (contract.openapi.components?.schemas ?? {}) as Record<
    string,
    { properties?: object; required?: string[] }
  >;
  const map = new Map<LintableOperationId, Route>();
  for (const op of contract.operations.values()) {
    const kind = KIND_BY_FORMULA[op.creditFormula];
    if (!kind || !op.requestSchema) continue;
    const schema = schemas[op.requestSchema];
    const bodyMembers = Object.keys(schema?.properties ?? {});
    const route: Route = Object.freeze({
      operationId: op.operationId as LintableOperationId,
      kind,
      dataset: op.tag as Dataset,
      bodyMembers: Object.freeze(bodyMembers),
      required: Object.freeze([...(schema?.required ?? [])]),
      ...(kind === "detail" && schema?.required?.[0] ? { idsMember: schema.required[0] } : {}),
    });
    map.set(route.operationId, route);
  }
  routes = map;
  return map;
}

/** The route of an operationId or alias; undefined for anything else. */
export function resolveRoute(name: string): Route | undefined {
  const id = (Object.hasOwn(ROUTE_ALIASES, name) ? ROUTE_ALIASES[name] : name) as OperationId;
  return lintableRoutes().get(id as LintableOperationId);
}

export function routeNames(): string[] {
  return [...lintableRoutes().keys(), ...Object.keys(ROUTE_ALIASES)];
}

/**
 * The route a body is meant for when none is named: the one whose required member it has
 * (text, profile_ids, job_ids, company_ids), else the people Query Spec route.
 */
export function inferRoute(body: unknown, name?: RouteName): Route {
  if (name !== undefined) {
    const route = resolveRoute(name);
    if (!route)
      throw new RangeError(`unknown route ${JSON.stringify(name)}; expected one of ${routeNames().join(", ")}`);
    return route;
  }
  const all = lintableRoutes();
  if (body !== null && typeof body === "object" && !Array.isArray(body)) {
    for (const route of all.values()) {
      const key = route.required[0];
      if (route.kind !== "search" && key !== undefined && Object.hasOwn(body, key)) return route;
    }
  }
  return all.get("queryPeople")!;
}
