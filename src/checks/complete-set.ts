import { fail, pass, type Check } from "./check.js";
import { withEnvelopeClauses } from "./envelope.js";

/**
 * A set collected in a single pass is exact (§4.2 rule 5, §4.3): with size at or above total, one
 * response returns exactly total IDs, none twice, and no next. A jobs or companies search has no total
 * (§4.3): its single pass, with a size the case knows to be above the set, has no next and no ID twice.
 */
export const completeSet: Check = {
  description: "one page with size >= total returns exactly total distinct IDs and no next",
  run: (ctx) => {
    const e = ctx.exchanges.at(-1);
    if (!e) return fail("no response");
    const view = ctx.view(e);
    if (!view.success || !view.ids)
      return withEnvelopeClauses(e, fail("not a success response with IDs", "a success", e.status ?? e.error));
    const size = (ctx.requestBody as { size?: unknown } | undefined)?.size;
    if (view.total === undefined && (ctx.operationId === "queryJobs" || ctx.operationId === "queryCompanies")) {
      const distinct = new Set(view.ids).size;
      const duplicates = view.ids.length - distinct;
      const problems = [duplicates ? `${duplicates} duplicates` : "", view.hasNext ? "next is present" : ""].filter(
        Boolean,
      );
      if (!problems.length) return pass();
      const actual = { duplicates, next: view.hasNext ? "present" : "absent" };
      return fail(`single pass is not exact: ${problems.join(", ")}`, { duplicates: 0, next: "absent" }, actual);
    }
    if (typeof view.total !== "number")
      return fail(
        "total is not an exact integer, so the set cannot be collected in one pass",
        "an integer total",
        view.total,
      );
    if (typeof size === "number" && size < view.total)
      return fail(`size ${size} is below total ${view.total}: not a single pass`, `size >= ${view.total}`, size);
    const distinct = new Set(view.ids).size;
    const problems = [
      view.ids.length !== view.total ? `${view.ids.length} IDs for a total of ${view.total}` : "",
      distinct !== view.ids.length ? `${view.ids.length - distinct} duplicates` : "",
      view.hasNext ? "next is present" : "",
    ].filter(Boolean);
    return problems.length
      ? fail(
          `single pass is not exact: ${problems.join(", ")}`,
          { ids: view.total, duplicates: 0, next: "absent" },
          { ids: view.ids.length, duplicates: view.ids.length - distinct, next: view.hasNext ? "present" : "absent" },
        )
      : pass();
  },
};
