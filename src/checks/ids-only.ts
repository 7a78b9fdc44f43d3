import { loadContract } from "../contract/index.js";
import { eachExchange, excerpt, fail, pageLabel, type Check } from "./check.js";
import { withEnvelopeClauses } from "./envelope.js";

let recordFields: Set<string> | undefined;

/**
 * Names records are known to carry: the published people fields, the §2.6 job fields, the companies' queryable names.
 */
function knownRecordFields(): Set<string> {
  if (!recordFields) {
    const { records, datasets } = loadContract();
    recordFields = new Set([
      ...records.people,
      ...records.jobs.filter((f) => !f.includes(".")),
      ...datasets.companies.fields.keys(),
    ]);
    // Names that also describe a query or a page, not a record.
    for (const name of ["field", "total", "next", "after", "size", "where"]) recordFields.delete(name);
  }
  return recordFields;
}

/**
 * Every path under data holding a record: an object carrying two or more record field names. A search
 * may add other members (an echo of the query it ran, say); a record is what it must not carry.
 */
function recordPaths(value: unknown, path: string, out: string[] = [], depth = 0): string[] {
  if (depth > 6 || value === null || typeof value !== "object") return out;
  if (Array.isArray(value)) {
    value.forEach((v, i) => recordPaths(v, `${path}/${i}`, out, depth + 1));
    return out;
  }
  const fields = knownRecordFields();
  if (depth > 0 && Object.keys(value).filter((k) => fields.has(k)).length >= 2) {
    out.push(path);
    return out;
  }
  for (const [k, v] of Object.entries(value)) recordPaths(v, `${path}/${k}`, out, depth + 1);
  return out;
}

/**
 * A search returns encrypted string IDs and never records (§1, §2.1, §4.6): the IDs list is found,
 * every ID is a non-empty string, and nothing under data is a record.
 */
export const idsOnly: Check = {
  description: "a search returns a list of string IDs and no records",
  run: (ctx) =>
    eachExchange(ctx, (e, i) => {
      const view = ctx.view(e);
      const at = pageLabel(ctx, i);
      if (!view.success)
        return withEnvelopeClauses(e, fail(`${at}not a success response`, "a success", e.status ?? e.error));
      const records = recordPaths(view.data, "/data");
      if (records.length)
        return fail(
          `${at}the search response carries records at ${records.slice(0, 3).join(", ")}`,
          "IDs only",
          excerpt(view.data, 200),
        );
      if (!view.ids)
        return fail(`${at}no list of IDs found in the response`, "a list of string IDs", excerpt(view.data, 200));
      const bad = view.ids.filter((id) => typeof id !== "string" || id.length === 0);
      if (bad.length)
        return fail(`${at}${bad.length} IDs are not non-empty strings`, "opaque string IDs", excerpt(bad.slice(0, 5)));
      return undefined;
    }),
};
