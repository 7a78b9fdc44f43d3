import { loadContract } from "../contract/index.js";
import { eachExchange, fail, pageLabel, type Check } from "./check.js";

interface Args {
  /** The page cap; defaults to the request's size, or 100 when it sends none (§4.2). */
  max?: number;
  /** A page must be full while more remain (next present, or total above what was returned). */
  full?: boolean;
}

/** IDs per page never exceed size, and size defaults to 100 when omitted (§4.2, §8). */
export const pageSize: Check<Args> = {
  description: "IDs per page are at most the size (100 when omitted); with full, a page is full while more remain",
  args: {
    type: "object",
    additionalProperties: false,
    properties: { max: { type: "integer", minimum: 0 }, full: { type: "boolean" } },
  },
  run: (ctx, args) => {
    const requested = (ctx.requestBody as { size?: unknown } | undefined)?.size;
    const cap = args?.max ?? (typeof requested === "number" ? requested : loadContract().limits.search.size.default);
    return eachExchange(ctx, (e, i) => {
      const view = ctx.view(e);
      const at = pageLabel(ctx, i);
      if (!view.success || !view.ids)
        return fail(`${at}no list of IDs to count`, `at most ${cap} IDs`, e.status ?? e.error);
      const n = view.ids.length;
      if (n > cap) return fail(`${at}${n} IDs on a page capped at ${cap}`, `at most ${cap}`, n);
      if (args?.full) {
        // Following pages are not consistent with the first (§4.2 rule 5): only the first page is held to total.
        const expected =
          view.hasNext || view.total === loadContract().limits.search.total.capped
            ? cap
            : i === 0 && typeof view.total === "number"
              ? Math.min(cap, view.total)
              : undefined;
        if (expected !== undefined && n !== expected)
          return fail(
            `${at}${n} IDs where ${expected} were due (page cap ${cap}` +
              `${typeof view.total === "number" ? `, total ${view.total}` : ""}` +
              `${view.hasNext ? ", next present" : ""})`,
            expected,
            n,
          );
      }
      return undefined;
    });
  },
};
