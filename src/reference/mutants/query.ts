import type { Mutant } from "./mutant.js";

export const QUERY_MUTANTS: readonly Mutant[] = [
  {
    id: "query-size-default-50",
    clause: "s4-2-size-default-100",
    area: "query-spec",
    description: "A search without size returns pages of 50 IDs instead of 100.",
    faults: { defaultSize: 50 },
  },
  {
    id: "query-unknown-field-accepted",
    clause: "s4-2-rule2-unknown-field-refused",
    area: "query-spec",
    description: "A leaf on a field outside the dataset's list is accepted (and matches nothing) instead of refused.",
    faults: { skip: ["unknown-field"] },
  },
];
