import type { Mutant } from "./mutant.js";
import type { McpFaults } from "../mcp/faults.js";
import { bodyOperation } from "../../contract/index.js";
import { DETAIL_ROUTES, rewriteBody, SEARCH_ROUTES } from "./rewrite.js";

export const LIMITS_MUTANTS: readonly Mutant[] = [
  {
    id: "limits-size-10001-accepted",
    clause: "s8-search-page-size",
    area: "limits",
    description: "A search size above 10000 is served as 10000 instead of refused.",
    faults: {
      request: rewriteBody(SEARCH_ROUTES, (body) =>
        typeof body.size === "number" && Number.isInteger(body.size) && body.size > 10000
          ? { ...body, size: 10000 }
          : body,
      ),
    },
  },
  {
    id: "limits-size-0-accepted",
    clause: "s8-search-page-size",
    area: "limits",
    description: "A search size of 0 is served as 1 instead of refused.",
    faults: { request: rewriteBody(SEARCH_ROUTES, (body) => (body.size === 0 ? { ...body, size: 1 } : body)) },
  },
  {
    id: "limits-101-ids-accepted",
    clause: "s8-detail-max-ids",
    area: "limits",
    description: "A detail request of more than 100 IDs is served for its first 100 instead of refused.",
    faults: {
      request: rewriteBody(DETAIL_ROUTES, (body, operationId) => {
        const { idsMember, maxIds } = bodyOperation(operationId)!;
        const ids = body[idsMember];
        if (Array.isArray(ids) && ids.length > maxIds) body[idsMember] = ids.slice(0, maxIds);
        return body;
      }),
    },
  },
  {
    id: "limits-two-operators-accepted",
    clause: "s8-operators-per-leaf",
    area: "limits",
    description: "A leaf with two operators is served (its first operator applied) instead of refused.",
    faults: { skip: ["one-operator"] },
  },
  {
    id: "limits-companies-tool-size-above-1000-refused-sse",
    clause: "s9-pages-up-to-10000",
    area: "limits",
    routes: ["queryCompanies"],
    description:
      "The companies search tool of the SSE transport refuses a size above 1000, the result window of an earlier " +
      "release, while its route and the /mcp tool serve pages of up to 10000 IDs.",
    faults: {
      mcp: {
        transportService: {
          sse: (service) => ({
            call: (operationId, body, authorization) =>
              operationId === "queryCompanies" && ((body as { size?: unknown } | null)?.size as number) > 1000
                ? Promise.resolve({
                    status: 400,
                    envelope: { code: 400, msg: "size: at most 1000", data: null },
                  })
                : service.call(operationId, body, authorization),
          }),
        },
      } satisfies McpFaults,
    },
  },
];
