import { eachExchange, fail, pageLabel, type Check } from "./check.js";

/**
 * A page reached through `next` holds IDs: `next` is present only while more pages remain (§4.3,
 * s4-3-next-present-absent), so a `next` on the page that ended exactly on the last match promised a page
 * that does not exist. Only pages after the first are judged, and only within one paginate step: the set is
 * not compared with any other request (§4.2 rule 5). It assumes the narrow set a case pages does not lose
 * every remaining match between two pages.
 */
export const nextLeadsToIds: Check = {
  description: "every page reached through next holds at least one ID (next was not given on the last page)",
  run: (ctx) =>
    eachExchange(ctx, (e, i) => {
      if (i === 0) return undefined;
      const view = ctx.view(e);
      if (!view.success || !view.ids) return undefined;
      if (view.ids.length === 0)
        return fail(
          `${pageLabel(ctx, i)}the page after a next holds no ID: next was given on the last page`,
          "at least one ID",
          0,
          i,
        );
      return undefined;
    }),
};
