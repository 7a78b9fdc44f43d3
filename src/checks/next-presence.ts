import { eachExchange, fail, failOn, pageLabel, type Check } from "./check.js";
import { withEnvelopeClauses } from "./envelope.js";

interface Args {
  /** Insist on presence (true) or absence (false) on the last page, whatever total says. */
  present?: boolean;
}

/**
 * `next` is a string cursor present exactly while more pages remain and absent on the last page
 * (§4.3). With a people total, "more remain" means fewer IDs were returned so far (over the pages of
 * this step) than total counts; across a paginate step, every page but the last carries next.
 */
export const nextPresence: Check<Args> = {
  description: "next is a string present exactly while more pages remain, absent on the last page",
  args: { type: "object", additionalProperties: false, properties: { present: { type: "boolean" } } },
  run: (ctx, args) => {
    let seen = 0;
    const last = ctx.exchanges.length - 1;
    const writtenNull: string[] = [];
    const outcomes = eachExchange(ctx, (e, i) => {
      const view = ctx.view(e);
      const at = pageLabel(ctx, i);
      if (!view.success)
        return withEnvelopeClauses(e, fail(`${at}not a success response`, "a success", e.status ?? e.error));
      seen += view.ids?.length ?? 0;
      if (view.nextNull) writtenNull.push(pageLabel(ctx, i));
      if (view.hasNext && (typeof view.next !== "string" || view.next.length === 0))
        return fail(`${at}next is not a non-empty string`, "a string cursor", view.next);
      if (i === last && args?.present !== undefined && view.hasNext !== args.present)
        return fail(
          `${at}next is ${view.hasNext ? "present" : "absent"}`,
          args.present ? "next present" : "no next",
          view.hasNext ? view.next : "absent",
        );
      if (typeof view.total === "number" && ctx.exchanges.length === 1) {
        const more = seen < view.total;
        // One page cannot tell which of the two is wrong: a total that miscounts the matches or a next that misstates
        // what remains. The failure rests on both clauses, and says so.
        if (more !== view.hasNext)
          return failOn(
            ["s4-3-next-present-absent", "s4-3-total-counts-matches"],
            `${at}next and total disagree: next is ${view.hasNext ? "present" : "absent"} after ${seen} IDs, ` +
              `and total counts ${view.total} matches; one of the two is wrong`,
            more ? "next present (more pages remain)" : "no next (last page)",
            view.hasNext ? view.next : "absent",
          );
      }
      if (ctx.exchanges.length > 1 && i < last && !view.hasNext)
        return fail(`${at}a page before the last has no next`, "next present", "absent");
      return undefined;
    });
    if (outcomes.some((o) => o.status !== "pass") || writtenNull.length === 0) return outcomes;
    // Read as absent, so paging stopped there; §4.3 says absent, and §2.6 tells null from omitted elsewhere.
    return [
      failOn(
        "s4-3-absent-member-null",
        `${writtenNull[0]}next is null where no page remains: read as absent`,
        "no next member",
        null,
      ),
    ];
  },
};
