import { eachExchange, fail, failOn, pageLabel, type Check } from "./check.js";

/**
 * Jobs and companies searches return no match count (§4.3). A total written null counts nothing: it is read as
 * none, with a warning (s4-3-absent-member-null).
 */
export const noTotal: Check = {
  description: "the search response carries no match count (total)",
  run: (ctx) =>
    eachExchange(ctx, (e, i) => {
      const data = ctx.view(e).data;
      if (!data || typeof data !== "object" || Array.isArray(data) || !Object.hasOwn(data, "total")) return undefined;
      const total = (data as { total: unknown }).total;
      if (total === null)
        return failOn(
          "s4-3-absent-member-null",
          `${pageLabel(ctx, i)}total is null: read as no count`,
          "no total",
          null,
        );
      return fail(`${pageLabel(ctx, i)}data has a total member`, "no total", total);
    }),
};
