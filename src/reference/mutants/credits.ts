import { loadContract, type OperationId } from "../../contract/index.js";
import type { StageHook } from "../pipeline/context.js";
import { chargeWith } from "../pipeline/stages/charge.js";
import type { Mutant } from "./mutant.js";
import { requestedSize } from "./rewrite.js";
import type { KeyAccount } from "../keys.js";
import { hasKeyRing } from "../mcp/auth.js";
import type { McpFaults } from "../mcp/faults.js";

const formula = (op: OperationId) => loadContract().operations.get(op)?.creditFormula;

/** A charge stage whose cost also reads the request body (what a charge fault's response data does not hold). */
function chargeByBody(cost: (op: OperationId, correct: number, count: number, body: unknown) => number): StageHook {
  return {
    stage: "charge",
    replace: (ctx, next) => chargeWith((op, correct, count) => cost(op, correct, count, ctx.body))(ctx, next),
  };
}

export const CREDIT_MUTANTS: readonly Mutant[] = [
  {
    id: "credits-search-floor",
    clause: "s8-cost-query-search",
    area: "credits",
    description: "Query Spec searches charge floor(returned IDs / 25) instead of ceil: a page of 1 to 24 IDs is free.",
    faults: {
      charge: (op, correct, count) => (formula(op) === "search" ? Math.floor(count / 25) : correct),
    },
  },
  {
    id: "credits-empty-search-charged",
    clause: "s8-cost-query-search",
    area: "credits",
    description: "A Query Spec search that returns no IDs costs 1 Credit instead of nothing.",
    faults: { charge: (op, correct, count) => (formula(op) === "search" && count === 0 ? 1 : correct) },
  },
  {
    id: "credits-nl-base-dropped-when-empty",
    clause: "s8-cost-nl-search",
    area: "credits",
    description: "A natural-language search that returns no IDs costs nothing instead of the base of 5.",
    faults: { charge: (op, correct, count) => (op === "searchPeople" && count === 0 ? 0 : correct) },
  },
  {
    id: "credits-detail-per-record",
    clause: "s8-cost-detail",
    area: "credits",
    description: "A detail call costs one Credit per found record instead of ceil(found / 5).",
    faults: { charge: (op, correct, count) => (formula(op) === "detail" ? count : correct) },
  },
  {
    id: "credits-not-found-charged",
    clause: "s7-unresolved-id-not-found-free",
    area: "credits",
    description: "A detail call charges for every requested ID, not_found rows included: ceil(requested / 5).",
    faults: {
      charge: (op, correct, _count, data) =>
        formula(op) === "detail" ? Math.ceil(((data as { total?: number } | undefined)?.total ?? 0) / 5) : correct,
    },
  },
  {
    id: "credits-refusals-charged",
    clause: "s7-translated-before-charge",
    area: "credits",
    description: "A request refused after its key is accepted (a malformed query, an unknown field) costs 1 Credit.",
    faults: { chargeRefusal: () => 1 },
  },
  {
    id: "credits-key-status-charged",
    clause: "s8-cost-key-status",
    area: "credits",
    description: "GET /auth/key/status costs 1 Credit instead of nothing.",
    faults: { charge: (op, correct) => (op === "getKeyStatus" ? 1 : correct) },
  },
  {
    id: "credits-search-ceil-off-by-one",
    clause: "s8-cost-query-search",
    area: "credits",
    description:
      "Query Spec searches charge floor(returned IDs / 25) + 1 for a non-empty page: one Credit too many when the " +
      "page holds a multiple of 25 IDs.",
    faults: {
      charge: (op, correct, count) => (formula(op) === "search" && count > 0 ? Math.floor(count / 25) + 1 : correct),
    },
  },
  {
    id: "credits-detail-ceil-off-by-one",
    clause: "s8-cost-detail",
    area: "credits",
    description:
      "A detail call charges floor(found / 5) + 1 when it finds records: one Credit too many when found is a " +
      "multiple of 5.",
    faults: {
      charge: (op, correct, count) => (formula(op) === "detail" && count > 0 ? Math.floor(count / 5) + 1 : correct),
    },
  },
  {
    id: "credits-nl-base-as-minimum",
    clause: "s8-cost-nl-search",
    area: "credits",
    description:
      "A natural-language search charges max(5, ceil(returned IDs / 25)): the base of 5 read as a minimum, not " +
      "added to the per-ID charge.",
    faults: {
      charge: (op, correct, count) => (op === "searchPeople" ? Math.max(5, Math.ceil(count / 25)) : correct),
    },
  },
  {
    id: "credits-nl-refusal-charged-base",
    clause: "s7-translated-before-charge",
    area: "credits",
    description:
      "A refused natural-language search (a text too long, a member other than text and size) costs the base of 5, " +
      "charged before the body is checked; refusals of other routes stay free.",
    faults: { chargeRefusal: (op) => (op === "searchPeople" ? 5 : 0) },
  },
  {
    id: "credits-detail-refusal-charged",
    clause: "s7-translated-before-charge",
    area: "credits",
    description:
      "A refused detail request (an unknown _source name, too many IDs) costs 1 Credit; refusals of other routes " +
      "stay free.",
    faults: { chargeRefusal: (op) => (formula(op) === "detail" ? 1 : 0) },
  },
  {
    id: "credits-query-refusal-charged",
    clause: "s7-translated-before-charge",
    area: "credits",
    description:
      "A refused Query Spec search (an unknown field, a malformed tree) costs 1 Credit; refusals of other routes " +
      "stay free.",
    faults: { chargeRefusal: (op) => (formula(op) === "search" ? 1 : 0) },
  },
  {
    id: "credits-not-found-urls-charged",
    clause: "s7-unresolved-id-not-found-free",
    area: "credits",
    description:
      "The profiles detail route charges not_found rows given as LinkedIn URLs (an unknown URL is billed as a " +
      "lookup), while unknown IDs stay free.",
    faults: {
      charge: (op, correct, count, data) => {
        if (op !== "getProfiles") return correct;
        const notFound = (data as { not_found?: unknown } | undefined)?.not_found;
        const urls = Array.isArray(notFound) ? notFound.filter((id) => /linkedin\.com/i.test(String(id))).length : 0;
        return Math.ceil((count + urls) / 5);
      },
    },
  },
  {
    id: "credits-search-charged-on-size",
    clause: "s8-cost-query-search",
    area: "credits",
    description:
      "Query Spec searches charge ceil(size / 25), the page asked for, instead of the IDs returned: a last page or " +
      "a small set costs as a full page (an empty one stays free).",
    faults: {
      stages: [
        chargeByBody((op, correct, count, body) =>
          formula(op) === "search" && count > 0 ? Math.ceil(requestedSize(body) / 25) : correct,
        ),
      ],
    },
  },
  {
    id: "credits-nl-charged-on-size",
    clause: "s8-cost-nl-search",
    area: "credits",
    description:
      "A natural-language search charges 5 + ceil(size / 25), the page asked for, instead of the IDs returned.",
    faults: {
      stages: [
        chargeByBody((op, correct, _count, body) =>
          op === "searchPeople" ? 5 + Math.ceil(requestedSize(body) / 25) : correct,
        ),
      ],
    },
  },
  {
    id: "credits-cursor-page-fee",
    clause: "s8-cost-query-search",
    area: "credits",
    description:
      "A page reached with after costs 1 Credit more than its IDs (a cursor fee), even when it returns nothing.",
    faults: {
      stages: [
        chargeByBody((op, correct, _count, body) =>
          formula(op) === "search" && (body as { after?: unknown } | undefined)?.after !== undefined
            ? correct + 1
            : correct,
        ),
      ],
    },
  },
  {
    id: "credits-key-status-charged-on-sse",
    clause: "s4-5-key-status-costs-nothing",
    area: "credits",
    routes: ["getKeyStatus"],
    description:
      "The key status tool of the SSE transport charges 1 Credit a call (the legacy build meters every tool); " +
      "GET /auth/key/status and the /mcp tool stay free.",
    faults: {
      mcp: {
        transportService: {
          sse: (service) => ({
            async call(operationId, body, authorization) {
              const response = await service.call(operationId, body, authorization);
              if (operationId === "getKeyStatus" && response.status === 200 && hasKeyRing(service))
                (service.keyRing.identify(authorization) as KeyAccount).charge(1);
              return response;
            },
          }),
        },
      } satisfies McpFaults,
    },
  },
];
