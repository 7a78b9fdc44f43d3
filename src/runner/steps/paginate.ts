import { hasPointer, getPointer } from "../../contract/json-pointer.js";
import type { Exchange } from "../../checks/exchange.js";
import { isSuccess } from "../../checks/views.js";
import { planRequest, prepareRequest, sendAdmitted, type RequestSpec } from "./request.js";
import type { StepKind } from "./step-kind.js";

interface PaginateSpec extends RequestSpec {
  /** Most pages requested; a set still continuing after them makes the step inconclusive. */
  readonly max_pages: number;
}

/**
 * `paginate:` — a search followed page by page, each next request carrying the previous `next` as
 * `after` (§4.2), until a page comes back without `next` or `max_pages` is reached. Stops at the first
 * page that is not a success, and fails when a cursor repeats (a loop that would never end).
 */
export const paginateStep: StepKind = {
  plan(spec, ctx) {
    const { max_pages: pages } = spec as PaginateSpec;
    const one = planRequest(prepareRequest(spec as RequestSpec), ctx);
    return { ...one, worstCase: one.worstCase * pages, maxItems: one.maxItems * pages };
  },
  admitsEachRequest: true,
  async execute(spec, ctx) {
    const { max_pages: maxPages, ...request } = spec as PaginateSpec;
    const exchanges: Exchange[] = [];
    const cursors = new Set<string>();
    let body = (request.body ?? {}) as Record<string, unknown>;
    for (let page = 0; page < maxPages; page++) {
      if (page > 0 && ctx.signal?.aborted) {
        return { exchanges, inconclusive: `the run was interrupted after page ${page}` };
      }
      const exchange = await sendAdmitted(prepareRequest({ ...request, body }), ctx);
      exchanges.push(exchange);
      if (!isSuccess(exchange) || !hasPointer(exchange.json, "/data/next")) return { exchanges };
      const next = getPointer(exchange.json, "/data/next");
      if (typeof next !== "string") return { exchanges };
      if (cursors.has(next))
        return { exchanges, failure: `page ${page + 1} returned a next cursor already seen: paging would never end` };
      cursors.add(next);
      body = { ...body, after: next };
    }
    return { exchanges, inconclusive: `the set has more than ${maxPages} pages; the case pages at most ${maxPages}` };
  },
};
