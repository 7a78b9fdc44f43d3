import { eachExchange, fail, pageLabel, type Check } from "./check.js";

/** Jobs and companies searches return no match count (§4.3). */
export const noTotal: Check = {
  description: "the search response carries no match count (total)",
  run: (ctx) =>
    eachExchange(ctx, (e, i) => {
      const data = ctx.view(e).data;
      if (data && typeof data === "object" && !Array.isArray(data) && Object.hasOwn(data, "total"))
        return fail(`${pageLabel(ctx, i)}data has a total member`, "no total", (data as { total: unknown }).total);
      return undefined;
    }),
};
