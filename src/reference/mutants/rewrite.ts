import { bodyOperation, loadContract, operationIdsOfKind, type OperationId } from "../../contract/index.js";
import type { Faults } from "../faults.js";
import { DEFAULT_RATE_LIMIT, KeyAccount } from "../keys.js";
import { badRequest } from "../refusal.js";

type Data = Record<string, unknown>;

export const SEARCH_ROUTES: readonly OperationId[] = operationIdsOfKind("search");
export const DETAIL_ROUTES: readonly OperationId[] = operationIdsOfKind("detail");

/** The IDs of a request body or response data of an operation, under its dataset's IDs member. */
export function idsIn(operationId: OperationId, data: Data): unknown {
  const op = bodyOperation(operationId);
  return op ? data[op.idsMember] : undefined;
}

/** The page size a search body asks for: its size, or the default of §4.2 when it gives none. */
export function requestedSize(body: unknown): number {
  const size = (body as { size?: unknown } | null | undefined)?.size;
  return typeof size === "number" && size > 0 ? size : loadContract().limits.search.size.default;
}

function isObject(value: unknown): value is Data {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A response fault that rewrites the data object of successes of the given routes (refusals pass untouched). */
export function rewriteData(
  routes: readonly OperationId[],
  rewrite: (data: Data, operationId: OperationId) => Data,
): NonNullable<Faults["response"]> {
  return (operationId, response) => {
    if (response.status !== 200 || !routes.includes(operationId) || !isObject(response.envelope.data)) return response;
    return {
      ...response,
      envelope: { ...response.envelope, data: rewrite({ ...response.envelope.data }, operationId) },
    };
  };
}

/** A request fault that rewrites the JSON object body of the given routes (other bodies pass untouched). */
export function rewriteBody(
  routes: readonly OperationId[],
  rewrite: (body: Data, operationId: OperationId) => Data,
): NonNullable<Faults["request"]> {
  return (operationId, body) =>
    routes.includes(operationId) && isObject(body) ? rewrite({ ...body }, operationId) : body;
}

/** An account made up by a fault for a request the correct server refuses: served as if by a fresh key. */
export function inventedAccount(credits?: number): KeyAccount {
  return new KeyAccount(
    { key: "svc_invented_by_a_fault", ...(credits !== undefined ? { credits } : {}) },
    DEFAULT_RATE_LIMIT,
    Date.now(),
  );
}

/** A request fault refusing, as unknown, any leaf on `field` in the where of `route`. */
export function refuseField(route: OperationId, field: string): NonNullable<Faults["request"]> {
  return (operationId, body) => {
    if (
      operationId === route &&
      JSON.stringify((body as { where?: unknown } | null)?.where ?? null).includes(`"field":${JSON.stringify(field)}`)
    ) {
      throw badRequest(`where: unknown field ${JSON.stringify(field)}`);
    }
    return body;
  };
}
