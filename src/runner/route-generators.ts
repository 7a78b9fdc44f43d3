import { detailRoutes, loadContract, pricedOperations, searchRoutes, type Dataset } from "../contract/index.js";
import { TemplateError, type Generator } from "./template.js";

/**
 * Generators of the route families (src/contract/families.ts) for suite files: `searchRoutes()`,
 * `detailRoutes()` and `pricedRoutes()` give one item per route of spec/openapi.yaml, so a case looping over
 * one (a case-level or step-level `for_each`) runs a family rule on every route the contract lists.
 * Each item carries the probes a data-agnostic case needs on its dataset.
 */

/** A field every record of the dataset is expected to have, shown in its default detail record. */
const PROBE_FIELD: Readonly<Record<Dataset, string>> = { people: "full_name", jobs: "title", companies: "name" };
/**
 * Record fields, queryable under the same name, whose own values narrow a search to a few records: the most telling
 * first (src/runner/narrowing.ts adds one a round). Jobs: §2.6 record fields that §2.5 lists as queryable. People:
 * published names (§2.4 shows the queryable names among them). Companies: record fields are not shown (§2.7), so
 * their records are read without `_source` and whichever of these names they carry are used.
 */
const NARROW_FIELDS: Readonly<Record<Dataset, readonly string[]>> = {
  people: ["full_name", "city", "country", "linkedin_url"],
  jobs: ["title", "company_name", "city", "country", "created_at"],
  companies: ["name", "hq_city", "hq_country", "website", "linkedin_url"],
};

/**
 * A query that matches nothing. People: a wrongly capitalised value of a fixed-set field, which §7 says
 * returns zero results at no cost (s7-misspelt-fixed-value-empty). Jobs and companies have no fixed sets:
 * a made-up value of the probe field; cases confirm it is empty with a page of 1 before relying on it.
 */
export function queryMatchingNothing(dataset: Dataset): Record<string, unknown> {
  const fixed = [...loadContract().datasets[dataset].fields.values()].find((f) =>
    f.values?.some((v) => v.toLowerCase() !== v),
  );
  const value = fixed?.values?.find((v) => v.toLowerCase() !== v);
  if (fixed && value) return { field: fixed.name, eq: value.toLowerCase() };
  return { field: PROBE_FIELD[dataset], eq: `tdss-no-such-${dataset}-7f3a` };
}

function probes(dataset: Dataset) {
  return {
    key: PROBE_FIELD[dataset],
    narrow: NARROW_FIELDS[dataset],
    // The `_source` that reads the narrowing fields; none where the record's fields are not shown (§2.7).
    ...(dataset === "companies" ? {} : { narrowSource: NARROW_FIELDS[dataset] }),
    broad: { field: PROBE_FIELD[dataset], exists: true },
    nothing: queryMatchingNothing(dataset),
  };
}

export const routeGenerators: Readonly<Record<string, Generator>> = {
  /**
   * The Query Spec searches: {id, operation, dataset, tool, key, narrow, narrowSource, broad, nothing, detail:
   * {operation, member}}.
   */
  searchRoutes: () =>
    searchRoutes().map((s) => {
      const detail = detailRoutes().find((d) => d.dataset === s.dataset);
      return {
        ...s,
        ...probes(s.dataset),
        ...(detail ? { detail: { operation: detail.operation, member: detail.idsMember } } : {}),
      };
    }),
  /**
   * The detail routes: {id, operation, dataset, tool, member, minIds, maxIds, belowMinimum, zeroUnstated,
   * search: {operation, key, narrow, broad, nothing}}.
   */
  detailRoutes: () =>
    detailRoutes().map((d) => ({
      id: d.id,
      operation: d.operation,
      dataset: d.dataset,
      tool: d.tool,
      member: d.idsMember,
      minIds: d.minIds,
      maxIds: d.maxIds,
      // ID counts below the schema's minimum, which the route refuses (none where no minimum is stated).
      belowMinimum: d.minIds > 0 ? [0] : [],
      // Where the schema states no minimum, what an empty list gets is only observed (s4-4-detail-minimum-ids).
      zeroUnstated: d.minIds > 0 ? [] : [0],
      search: { operation: d.search, ...probes(d.dataset) },
    })),
  /** The narrowing fields of a dataset (NARROW_FIELDS), for a `narrow:` step outside the searchRoutes() loop. */
  narrowFields: ([dataset]) => {
    const fields = NARROW_FIELDS[dataset as Dataset];
    if (!fields) throw new TemplateError(`narrowFields: unknown dataset ${JSON.stringify(dataset)}`);
    return [...fields];
  },
  /** Every route a success is charged for (§8), by operationId: each one tool with the same Credit rules (§4.6). */
  pricedRoutes: () => pricedOperations(),
};
