import type { Variant } from "./variant.js";

/** How much data a deployment holds (§4.3: totals reach the 100000+ cap; jobs and companies carry no count). */
export const DATA_VARIANTS: readonly Variant[] = [
  {
    id: "data-production-sized",
    clause: "s4-3-dataset-size-unstated",
    area: "routes",
    description:
      "Production-sized data: 150,000 people (broad totals at the 100000+ cap), 20,000 postings and 10,000 " +
      "companies, so broad sets are far too large to page.",
    faults: {},
    dataset: { people: 150_000, jobs: 20_000, companies: 10_000 },
  },
];
