import type { Mutant } from "./mutant.js";
import { idsIn, refuseField, rewriteBody, rewriteData } from "./rewrite.js";

export const JOBS_COMPANIES_QUERY_MUTANTS: readonly Mutant[] = [
  {
    id: "jobs-companies-match-count",
    clause: "s4-3-jobs-companies-no-match-count",
    area: "jobs-companies-query",
    description: "Jobs and companies searches return a match count (total), which §4.3 says they do not.",
    faults: {
      response: rewriteData(["queryJobs", "queryCompanies"], (data, op) => ({
        ...data,
        total: (idsIn(op, data) as unknown[]).length,
      })),
    },
  },
  {
    id: "jobs-companies-scope-accepted",
    clause: "s4-2-rule4-no-scopes-jobs-companies",
    area: "jobs-companies-query",
    description:
      "A scope in a jobs or companies query is ignored (its node applied to the posting) instead of refused.",
    faults: { skip: ["scope-people-only"] },
  },
  {
    id: "jobs-companies-next-missing",
    clause: "s4-3-jobs-companies-ids-and-next",
    area: "jobs-companies-query",
    description: "Jobs and companies searches never carry next, so a client stops after the first page.",
    faults: {
      response: rewriteData(["queryJobs", "queryCompanies"], (data) => {
        delete data.next;
        return data;
      }),
    },
  },
  {
    id: "jobs-companies-size-ignored",
    clause: "s8-search-page-size",
    area: "jobs-companies-query",
    description: "Jobs and companies searches ignore size and always return pages of 100 IDs.",
    faults: {
      request: rewriteBody(["queryJobs", "queryCompanies"], (body) => {
        delete body.size;
        return body;
      }),
    },
  },
  {
    id: "jobs-field-country-iso-2-refused",
    clause: "s2-5-jobs-queryable-fields",
    area: "jobs-companies-query",
    description: "country_iso_2, one of the 22 queryable jobs fields (underscore before the 2), is refused as unknown.",
    faults: { request: refuseField("queryJobs", "country_iso_2") },
  },
  {
    id: "companies-field-hq-country-iso2-refused",
    clause: "s2-7-companies-queryable-fields",
    area: "jobs-companies-query",
    routes: ["queryCompanies"],
    description:
      "hq_country_iso2, one of the 23 queryable companies fields, is refused as unknown (the route knows it as " +
      "hq_country_iso_2, the jobs spelling).",
    faults: { request: refuseField("queryCompanies", "hq_country_iso2") },
  },
  {
    id: "jobs-companies-next-always",
    clause: "s4-3-jobs-companies-page-until-next-absent",
    area: "jobs-companies-query",
    routes: ["queryJobs", "queryCompanies"],
    description:
      "Jobs and companies pages always carry next, an empty page past the last match included, so paging until " +
      "next is absent never ends.",
    faults: {
      nextWhen: (dataset, page) => dataset !== "people" || page.offset + page.returned < page.total,
    },
  },
];
