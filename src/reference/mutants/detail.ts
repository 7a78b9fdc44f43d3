import type { Mutant } from "./mutant.js";

export const DETAIL_MUTANTS: readonly Mutant[] = [
  {
    id: "detail-job-company-id-by-default",
    clause: "s2-6-company-id-source-only",
    area: "detail",
    description: "The default job record carries company_id, which §2.6 returns only when named in _source.",
    faults: {
      selection: (kind, fields, explicit) => (kind === "job" && !explicit && !fields.includes("company_id") ? [...fields, "company_id"] : [...fields]),
    },
  },
];
