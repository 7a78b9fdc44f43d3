import { loadContract } from "../../contract/index.js";
import type { Mutant } from "./mutant.js";

export const CREDIT_MUTANTS: readonly Mutant[] = [
  {
    id: "credits-search-floor",
    clause: "s8-cost-query-search",
    area: "credits",
    description: "Query Spec searches charge floor(returned IDs / 25) instead of ceil: a page of 1 to 24 IDs is free.",
    faults: {
      charge: (op, correct, count) => (loadContract().operations.get(op)?.creditFormula === "search" ? Math.floor(count / 25) : correct),
    },
  },
];
