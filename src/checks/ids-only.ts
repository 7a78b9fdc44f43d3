import { eachExchange, excerpt, fail, pageLabel, type Check } from "./check.js";

/** Every member path under data whose value is a list holding an object (a record). */
function recordLists(value: unknown, path: string, out: string[] = [], depth = 0): string[] {
  if (depth > 4 || value === null || typeof value !== "object") return out;
  if (Array.isArray(value)) {
    if (value.some((v) => v !== null && typeof v === "object")) out.push(path);
    return out;
  }
  for (const [k, v] of Object.entries(value)) recordLists(v, `${path}/${k}`, out, depth + 1);
  return out;
}

/**
 * A search returns encrypted string IDs and never records (§1, §2.1, §4.6): the IDs list is found,
 * every ID is a non-empty string, and no list under data holds an object.
 */
export const idsOnly: Check = {
  description: "a search returns a list of string IDs and no records",
  run: (ctx) =>
    eachExchange(ctx, (e, i) => {
      const view = ctx.view(e);
      const at = pageLabel(ctx, i);
      if (!view.success) return fail(`${at}not a success response`, "a success", e.status ?? e.error);
      const records = recordLists(view.data, "/data");
      if (records.length) return fail(`${at}the search response carries records at ${records.join(", ")}`, "IDs only", excerpt(view.data, 200));
      if (!view.ids) return fail(`${at}no list of IDs found in the response`, "a list of string IDs", excerpt(view.data, 200));
      const bad = view.ids.filter((id) => typeof id !== "string" || id.length === 0);
      if (bad.length) return fail(`${at}${bad.length} IDs are not non-empty strings`, "opaque string IDs", excerpt(bad.slice(0, 5)));
      return undefined;
    }),
};
