import { creditCost, detailRoutes, pricedOperations, searchRoutes, type OperationId } from "../../contract/index.js";
import type { KeyAccount } from "../keys.js";
import type { Mutant } from "./mutant.js";
import type { Service, ServiceResponse } from "../service.js";
import { hasKeyRing } from "../mcp/auth.js";
import type { McpFaults } from "../mcp/faults.js";

/**
 * Tool mutants, generated as a matrix over the priced routes of spec/openapi.yaml and the two transports of
 * §4.6: one tool, on one transport only, charging or limiting otherwise than its route (§4.6 "the same key,
 * limits and Credit rules"). REST and the other transport stay correct, so only a suite that checks every
 * tool on both transports kills them all.
 */

type Transport = "streamable-http" | "sse";
const TRANSPORTS: readonly Transport[] = ["streamable-http", "sse"];
type Body = Record<string, unknown>;

/** A Service whose calls of one route go through `wrap` (the tool layer of one transport). */
function onRoute(
  route: OperationId,
  wrap: (service: Service, body: unknown, authorization: string | undefined) => Promise<ServiceResponse>,
): (service: Service) => Service {
  return (service) => ({
    call: (op, body, authorization) =>
      op === route ? wrap(service, body, authorization) : service.call(op, body, authorization),
  });
}

/** Charges `extra(data)` more Credits after a successful call of the route, through the reference's key ring. */
function chargeAfter(route: OperationId, extra: (data: Body) => number) {
  return onRoute(route, async (service, body, authorization) => {
    const response = await service.call(route, body, authorization);
    const credits = response.status === 200 ? extra((response.envelope.data ?? {}) as Body) : 0;
    if (credits > 0 && hasKeyRing(service)) (service.keyRing.identify(authorization) as KeyAccount).charge(credits);
    return response;
  });
}

/** Rewrites the arguments of the route's tool before the route sees them. */
function rewriteArguments(route: OperationId, rewrite: (body: Body) => Body) {
  return onRoute(route, (service, body, authorization) =>
    service.call(
      route,
      body && typeof body === "object" && !Array.isArray(body) ? rewrite({ ...(body as Body) }) : body,
      authorization,
    ),
  );
}

function mutant(
  id: string,
  route: OperationId,
  transport: Transport,
  description: string,
  wrap: (service: Service) => Service,
): Mutant {
  return {
    routes: [route],
    id: `mcp-${id}-${transport === "sse" ? "sse" : "streamable-http"}`,
    clause: "s4-6-tool-per-route-same-rules",
    area: "mcp",
    description: `${description}, on the ${transport === "sse" ? "SSE" : "Streamable HTTP"} transport only.`,
    faults: { mcp: { transportService: { [transport]: wrap } } satisfies McpFaults },
  };
}

const toolOf = (op: OperationId) => op.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** Every priced tool, on each transport, charging 1 Credit more than its route on success. */
const surcharges = pricedOperations().flatMap((op) =>
  TRANSPORTS.map((t) =>
    mutant(
      `${toolOf(op)}-tool-surcharge`,
      op,
      t,
      `The tool of ${op} charges 1 Credit more than its route`,
      chargeAfter(op, () => 1),
    ),
  ),
);

/** Each detail tool, on one transport (alternating), serving 101 IDs and charging not_found rows. */
const detailTools = detailRoutes().flatMap((d, i) => {
  const t = TRANSPORTS[i % 2]!;
  const other = TRANSPORTS[(i + 1) % 2]!;
  const found = (data: Body) => (typeof data.found === "number" ? data.found : 0);
  const total = (data: Body) => (typeof data.total === "number" ? data.total : found(data));
  return [
    mutant(
      `${toolOf(d.operation)}-tool-${d.maxIds + 1}-ids-served`,
      d.operation,
      t,
      `The tool of ${d.operation} serves ${d.maxIds + 1} IDs for the first ${d.maxIds} instead of refusing them`,
      rewriteArguments(d.operation, (body) => {
        const ids = body[d.idsMember];
        return Array.isArray(ids) && ids.length > d.maxIds ? { ...body, [d.idsMember]: ids.slice(0, d.maxIds) } : body;
      }),
    ),
    mutant(
      `${toolOf(d.operation)}-tool-not-found-charged`,
      d.operation,
      other,
      `The tool of ${d.operation} charges not_found rows: ceil(requested / 5)`,
      chargeAfter(d.operation, (data) => Math.ceil(total(data) / 5) - (creditCost(d.operation, found(data)) ?? 0)),
    ),
  ];
});

/** Each search tool, on one transport (alternating), serving size 10001 as 10000 instead of refusing it. */
const searchTools = searchRoutes().map((s, i) =>
  mutant(
    `${toolOf(s.operation)}-tool-size-10001-served`,
    s.operation,
    TRANSPORTS[i % 2]!,
    `The tool of ${s.operation} serves size 10001 as 10000 instead of refusing it`,
    rewriteArguments(s.operation, (body) => (body.size === 10001 ? { ...body, size: 10000 } : body)),
  ),
);

/** The route's answer with its data rewritten by `rewrite` (on success), as a tool layer serving a cache would. */
function rewriteAnswer(route: OperationId, rewrite: (data: Body) => Body) {
  return onRoute(route, async (service, body, authorization) => {
    const response = await service.call(route, body, authorization);
    if (response.status !== 200 || response.envelope.data === null || typeof response.envelope.data !== "object")
      return response;
    return { ...response, envelope: { ...response.envelope, data: rewrite(response.envelope.data as Body) } };
  });
}

/** A record as a stale cache holds it: its first number one lower (applicants, employees, months), else its name. */
function stale(record: Body): Body {
  const number = Object.keys(record).find((k) => typeof record[k] === "number");
  if (number !== undefined) return { ...record, [number]: (record[number] as number) - 1 };
  const text = Object.keys(record).find((k) => typeof record[k] === "string" && !/id$/.test(k));
  return text === undefined ? { ...record, cached: true } : { ...record, [text]: `${record[text] as string} (cached)` };
}

/**
 * Each detail tool, on one transport (alternating), and the people search tool on SSE, answering other records or IDs
 * than its route, every time: a tool layer serving a stale cache (§4.6, one tool per route with the same rules). A
 * refresh of the data between the REST answer and the tool's is legal (s1-snapshot-data-lag), so the suite asks REST
 * again before it fails a difference (docs/verdicts.md); these never match either answer.
 */
const otherAnswers = [
  ...detailRoutes().map((d, i) =>
    mutant(
      `${toolOf(d.operation)}-tool-stale-records`,
      d.operation,
      TRANSPORTS[i % 2]!,
      `The tool of ${d.operation} answers its first record from a stale cache (a value other than the route's)`,
      rewriteAnswer(d.operation, (data) => {
        const member = Object.keys(data).find(
          (k) => Array.isArray(data[k]) && typeof (data[k] as unknown[])[0] === "object",
        );
        if (member === undefined) return data;
        const [first, ...rest] = data[member] as Body[];
        return { ...data, [member]: [stale(first!), ...rest] };
      }),
    ),
  ),
  mutant(
    "query-people-tool-other-ids",
    "queryPeople",
    "sse",
    "The tool of queryPeople leaves the last ID of its page out (a stale cache of the page)",
    rewriteAnswer("queryPeople", (data) => {
      const member = Object.keys(data).find((k) => Array.isArray(data[k]) && (data[k] as unknown[]).length > 0);
      return member === undefined ? data : { ...data, [member]: (data[member] as unknown[]).slice(0, -1) };
    }),
  ),
];

/** The route's charge again when it refuses a request its key was accepted for: a tool wrapper billing every call. */
function chargeRefusals(route: OperationId, credits: number) {
  return onRoute(route, async (service, body, authorization) => {
    const response = await service.call(route, body, authorization);
    if (response.status !== 200 && response.status !== 401 && hasKeyRing(service)) {
      const account = service.keyRing.identify(authorization) as KeyAccount | undefined;
      account?.charge(credits);
    }
    return response;
  });
}

/**
 * Faults of a hurried tool layer, each on one tool and one transport: a call its route refuses, billed.
 */
const toolLayers = [
  mutant(
    "query-companies-tool-refusal-charged",
    "queryCompanies",
    "sse",
    "The tool of queryCompanies charges 1 Credit for a call its route refuses (an unknown field, a bad size)",
    chargeRefusals("queryCompanies", 1),
  ),
  mutant(
    "get-profiles-tool-refusal-charged",
    "getProfiles",
    "streamable-http",
    "The tool of getProfiles charges 1 Credit for a call its route refuses (an unknown _source name, 101 IDs)",
    chargeRefusals("getProfiles", 1),
  ),
];

export const MCP_ROUTE_MUTANTS: readonly Mutant[] = [
  ...surcharges,
  ...detailTools,
  ...searchTools,
  ...otherAnswers,
  ...toolLayers,
];
