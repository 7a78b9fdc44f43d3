import { loadContract } from "../contract/index.js";
import { eachExchange, fail, pageLabel, type Check } from "./check.js";
import { withEnvelopeClauses } from "./envelope.js";

/**
 * People search total (§4.3, §8): an integer 0..99999, or exactly the string "100000+" at or above
 * 100000 (an integer of 100000 or more fails). It counts matches, so it is never below the IDs returned.
 */
export const totalFormat: Check = {
  description: 'total is an integer below 100000 or the string "100000+", and not below the IDs returned',
  run: (ctx) => {
    const { exactBelow, capped } = loadContract().limits.search.total;
    return eachExchange(ctx, (e, i) => {
      const view = ctx.view(e);
      const at = pageLabel(ctx, i);
      if (!view.success)
        return withEnvelopeClauses(e, fail(`${at}not a success response`, "a success", e.status ?? e.error));
      const total = view.total;
      if (total === capped) return undefined;
      if (typeof total !== "number" || !Number.isInteger(total) || total < 0)
        return fail(
          `${at}total is neither an integer nor "${capped}"`,
          `an integer 0..${exactBelow - 1} or "${capped}"`,
          total,
        );
      if (total >= exactBelow)
        return fail(
          `${at}total ${total} is an integer at or above ${exactBelow}; the contract says "${capped}"`,
          capped,
          total,
        );
      const returned = view.ids?.length ?? 0;
      if (total < returned)
        return fail(
          `${at}total ${total} is below the ${returned} IDs returned; it counts matches`,
          `>= ${returned}`,
          total,
        );
      return undefined;
    });
  },
};
