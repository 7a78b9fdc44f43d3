import {
  creditCost,
  detailRoutes,
  searchRoutes,
  type DetailRoute,
  type OperationId,
  type RouteFamilyMember,
} from "../../contract/index.js";
import { badRequest } from "../refusal.js";
import type { Mutant } from "./mutant.js";
import { rewriteBody, rewriteData } from "./rewrite.js";

/**
 * Route mutants, generated as a matrix: every default, limit and charge §4/§8 states for a family of routes
 * (src/contract/families.ts), broken on one route of the family only. A suite that checks a family rule on
 * one representative route kills the fault there and lets it live on the siblings; suites/routes/ must kill
 * every one. MCP tools get the same treatment in src/reference/mutants/mcp-routes.ts.
 */

type Data = Record<string, unknown>;
const sizeOf = (body: Data) => body.size;

/** A request fault that refuses a body of one route, as the route's own validation would. */
function refuseOn(route: OperationId, when: (body: Data) => boolean, why: string) {
  return rewriteBody([route], (body) => {
    if (when(body)) throw badRequest(why);
    return body;
  });
}

/** A charge fault on one route: `cost(count, data)` instead of the §8 formula there. */
function chargeOn(route: OperationId, cost: (count: number, data: Data) => number) {
  return (op: OperationId, correct: number, count: number, data: unknown) =>
    op === route ? cost(count, (data ?? {}) as Data) : correct;
}

function searchMutants(s: RouteFamilyMember): Mutant[] {
  const at = `${s.operation} (${s.path}) only`;
  const m = (what: string, clause: string, description: string, faults: Mutant["faults"]): Mutant => ({
    id: `routes-${s.id}-${what}`,
    clause,
    area: "routes",
    description: `${description}, on ${at}.`,
    faults,
    routes: [s.operation],
  });
  return [
    // The default is a whole-request fault of one route: a body without size is served with another size.
    ...[99, 101].map((n) =>
      m(`default-size-${n}`, "s4-2-size-default-100", `A search without size returns up to ${n} IDs instead of 100`, {
        request: rewriteBody([s.operation], (body) => (sizeOf(body) === undefined ? { ...body, size: n } : body)),
      }),
    ),
    m("size-10001-served", "s8-search-page-size", "size 10001 is served as 10000 instead of refused", {
      request: rewriteBody([s.operation], (body) => (sizeOf(body) === 10001 ? { ...body, size: 10000 } : body)),
    }),
    m("size-10000-refused", "s8-search-page-size", "size 10000 is refused: the upper bound is off by one", {
      request: refuseOn(s.operation, (body) => sizeOf(body) === 10000, "size: must be an integer from 1 to 9999"),
    }),
    m("size-0-served", "s8-search-page-size", "size 0 is served as 1 instead of refused", {
      request: rewriteBody([s.operation], (body) => (sizeOf(body) === 0 ? { ...body, size: 1 } : body)),
    }),
    m("size-1-refused", "s8-search-page-size", "size 1 is refused: the lower bound is off by one", {
      request: refuseOn(s.operation, (body) => sizeOf(body) === 1, "size: must be an integer from 2 to 10000"),
    }),
    m("fractional-size-served", "s4-2-size-range", "a fractional size is served rounded down instead of refused", {
      request: rewriteBody([s.operation], (body) => {
        const size = sizeOf(body);
        return typeof size === "number" && !Number.isInteger(size) && size >= 1
          ? { ...body, size: Math.floor(size) }
          : body;
      }),
    }),
    m("empty-search-charged", "s8-cost-query-search", "a search that returns no IDs costs 1 Credit", {
      charge: chargeOn(s.operation, (count) => (count === 0 ? 1 : (creditCost(s.operation, count) ?? 0))),
    }),
    m("cost-floor", "s8-cost-query-search", "a search costs floor(IDs / 25) instead of ceil", {
      charge: chargeOn(s.operation, (count) => Math.floor(count / 25)),
    }),
    m("cost-per-20", "s8-cost-query-search", "a search costs ceil(IDs / 20) instead of ceil(IDs / 25)", {
      charge: chargeOn(s.operation, (count) => Math.ceil(count / 20)),
    }),
    m(
      "next-on-full-last-page",
      "s4-3-next-present-absent",
      "a full page carries next even when it ends on the last match (next leads to an empty page)",
      {
        nextWhen: (dataset, page) =>
          dataset === s.dataset
            ? page.returned > 0 && (page.offset + page.returned < page.total || page.returned === page.size)
            : page.offset + page.returned < page.total && page.returned > 0,
      },
    ),
  ];
}

function detailMutants(d: DetailRoute): Mutant[] {
  const at = `${d.operation} (${d.path}) only`;
  const ids = (body: Data) => body[d.idsMember];
  const m = (what: string, clause: string, description: string, faults: Mutant["faults"]): Mutant => ({
    id: `routes-${d.id}-detail-${what}`,
    clause,
    area: "routes",
    description: `${description}, on ${at}.`,
    faults,
    routes: [d.operation],
  });
  const found = (data: Data) => (typeof data.found === "number" ? data.found : 0);
  const requested = (data: Data) => (typeof data.total === "number" ? data.total : found(data));
  return [
    m(
      `${d.maxIds + 1}-ids-served`,
      "s8-detail-max-ids",
      `${d.maxIds + 1} IDs are served for the first ${d.maxIds} instead of refused`,
      {
        request: rewriteBody([d.operation], (body) => {
          const list = ids(body);
          return Array.isArray(list) && list.length > d.maxIds
            ? { ...body, [d.idsMember]: list.slice(0, d.maxIds) }
            : body;
        }),
      },
    ),
    m(`${d.maxIds}-ids-refused`, "s8-detail-max-ids", `${d.maxIds} IDs are refused: the cap is off by one`, {
      request: refuseOn(
        d.operation,
        (body) => Array.isArray(ids(body)) && (ids(body) as unknown[]).length >= d.maxIds,
        `${d.idsMember}: takes at most ${d.maxIds - 1} IDs`,
      ),
    }),
    ...(d.minIds > 0
      ? [
          m(
            `${d.minIds - 1}-ids-served`,
            "s4-4-profile-ids-1-to-100",
            `${d.minIds - 1} IDs are served (an empty answer) instead of refused`,
            {
              request: rewriteBody([d.operation], (body) =>
                Array.isArray(ids(body)) && (ids(body) as unknown[]).length < d.minIds
                  ? { ...body, [d.idsMember]: ["tdss-unresolvable"] }
                  : body,
              ),
            },
          ),
        ]
      : []),
    m("not-found-charged", "s7-unresolved-id-not-found-free", "not_found rows are charged: ceil(requested / 5)", {
      charge: chargeOn(d.operation, (_count, data) => Math.ceil(requested(data) / 5)),
    }),
    m("cost-per-4", "s8-cost-detail", "a detail call costs ceil(found / 4) instead of ceil(found / 5)", {
      charge: chargeOn(d.operation, (count) => Math.ceil(count / 4)),
    }),
    m("not-found-dropped", "s7-unresolved-id-not-found-free", "IDs that cannot be resolved are left out of not_found", {
      response: rewriteData([d.operation], (data) => ({ ...data, not_found: [] })),
    }),
  ];
}

export const ROUTE_MUTANTS: readonly Mutant[] = [
  ...searchRoutes().flatMap(searchMutants),
  ...detailRoutes().flatMap(detailMutants),
];
