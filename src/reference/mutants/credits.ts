import { loadContract, type OperationId } from "../../contract/index.js";
import type { Mutant } from "./mutant.js";

const formula = (op: OperationId) => loadContract().operations.get(op)?.creditFormula;

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
];
