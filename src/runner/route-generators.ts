import { detailRoutes, loadContract, pricedOperations, searchRoutes, type Dataset } from "../contract/index.js";
import { TemplateError, Unknown, type Generator } from "./template.js";

/**
 * Generators of the route families (src/contract/families.ts) for suite files: `searchRoutes()`,
 * `detailRoutes()` and `pricedRoutes()` give one item per route of spec/openapi.yaml, so a case looping over
 * one (a case-level or step-level `for_each`) runs a family rule on every route the contract lists.
 * Each item carries the probes a data-agnostic case needs on its dataset.
 */

/** A field every record of the dataset is expected to have, shown in its default detail record. */
const PROBE_FIELD: Readonly<Record<Dataset, string>> = { people: "full_name", jobs: "title", companies: "name" };
/** Record fields (queryable under the same name) whose values together match few records besides their own. */
const NARROW_FIELDS: Readonly<Record<Dataset, readonly string[]>> = {
  people: ["full_name"],
  jobs: ["title", "company_name"],
  companies: ["name"],
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
    broad: { field: PROBE_FIELD[dataset], exists: true },
    nothing: queryMatchingNothing(dataset),
  };
}

export const routeGenerators: Readonly<Record<string, Generator>> = {
  /** The Query Spec searches: {id, operation, dataset, tool, key, broad, nothing, detail: {operation, member}}. */
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
  /**
   * A query matching each of the given records by its own values of the fields (`eq` on each, `all` of them
   * per record, `any` over the records): a small set a case can page through. Records without a value of a
   * field are left out; none left fails the template, which skips the case.
   */
  matchingAny: ([records, fields], scope) => {
    if (scope.estimating || records instanceof Unknown) return { any: [] };
    if (!Array.isArray(records) || !Array.isArray(fields))
      throw new TemplateError("matchingAny: expected a list of records and a list of fields");
    const usable = records.filter(
      (r): r is Record<string, unknown> =>
        !!r &&
        typeof r === "object" &&
        fields.every(
          (f) =>
            typeof (r as Record<string, unknown>)[String(f)] === "string" &&
            (r as Record<string, unknown>)[String(f)] !== "",
        ),
    );
    if (usable.length === 0) throw new TemplateError(`matchingAny: no record holds a value of ${fields.join(", ")}`);
    const leaves = (r: Record<string, unknown>) => fields.map((f) => ({ field: String(f), eq: r[String(f)] }));
    return { any: usable.map((r) => (fields.length === 1 ? leaves(r)[0] : { all: leaves(r) })) };
  },
  /** Every route a success is charged for (§8), by operationId: each one tool with the same Credit rules (§4.6). */
  pricedRoutes: () => pricedOperations(),
};
