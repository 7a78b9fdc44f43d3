import { operationIdsOfKind, type OperationId } from "../contract/index.js";
import type { Implementation } from "./implementation.js";
import { isSuccess } from "./answer.js";
import { getPointer } from "../contract/json-pointer.js";
import type { Exchange } from "./exchange.js";

/** Operations answering a page of IDs: the Query Spec searches and the natural-language search. */
const SEARCH_OPERATIONS: ReadonlySet<OperationId> = new Set(operationIdsOfKind("search", "natural-language"));
const DETAIL_OPERATIONS: ReadonlySet<OperationId> = new Set(operationIdsOfKind("detail"));

/** A success is HTTP 2xx with the envelope {code: 200, msg: "ok", data} (§4); src/checks/answer.ts reads answers. */
export { isSuccess } from "./answer.js";

/** A response read through the contract: where its IDs, cursor, count and records are. */
export interface ResponseView {
  readonly success: boolean;
  readonly data: unknown;
  /** Search routes: the returned IDs (undefined when no IDs list is found). */
  readonly ids?: readonly unknown[];
  readonly idsPointer?: string;
  /** A cursor is given: `next` present and not null (a null `next` is read as absent, s4-3-absent-member-null). */
  readonly hasNext: boolean;
  readonly next: unknown;
  /** `next` is written null: read as absent, under a reading. */
  readonly nextNull: boolean;
  /** People search: the match count (undefined where none is given, or where it is written null). */
  readonly total: unknown;
  /** Detail routes: the returned records. */
  readonly records?: readonly unknown[];
  readonly recordsPointer?: string;
  readonly notFound?: readonly unknown[];
  readonly found: unknown;
}

export function viewOf(
  exchange: Exchange,
  operationId: OperationId | undefined,
  implementation: Implementation,
): ResponseView {
  const body = exchange.json;
  const success = isSuccess(exchange);
  const data = getPointer(body, "/data");
  const next = getPointer(body, "/data/next");
  const base = {
    success,
    data,
    hasNext: next !== undefined && next !== null,
    next,
    nextNull: next === null,
    // A total written null counts nothing: read as none (s4-3-absent-member-null; no-total warns on it).
    total: getPointer(body, "/data/total") ?? undefined,
    found: getPointer(body, "/data/found"),
  };
  if (!success || !operationId) return base;
  if (SEARCH_OPERATIONS.has(operationId)) {
    const idsPointer = implementation.idsPointer(operationId, body);
    const ids = idsPointer === undefined ? undefined : getPointer(body, idsPointer);
    return { ...base, ...(idsPointer ? { idsPointer } : {}), ...(Array.isArray(ids) ? { ids } : {}) };
  }
  if (DETAIL_OPERATIONS.has(operationId)) {
    const recordsPointer = implementation.recordsPointer(operationId, body);
    const records = recordsPointer === undefined ? undefined : getPointer(body, recordsPointer);
    const notFound = getPointer(body, "/data/not_found");
    return {
      ...base,
      ...(recordsPointer ? { recordsPointer } : {}),
      ...(Array.isArray(records) ? { records } : {}),
      ...(Array.isArray(notFound) ? { notFound } : {}),
    };
  }
  return base;
}

/** What the §8 formula counts in a successful response: returned IDs (search) or found records (detail). */
export function countedItems(view: ResponseView, operationId: OperationId): number {
  if (SEARCH_OPERATIONS.has(operationId)) return view.ids?.length ?? 0;
  if (DETAIL_OPERATIONS.has(operationId)) return view.records?.length ?? 0;
  return 0;
}
