import { excerpt, fail, pass, type Check, type CheckContext, type CheckOutcome } from "./check.js";
import { withEnvelopeClauses } from "./envelope.js";
import type { ResponseView } from "./views.js";

interface Args {
  ids: unknown[];
  /** true (default): every ID is listed in not_found; false: none is. */
  listed?: boolean;
}

/** Unresolvable detail IDs are listed in not_found (§4.4, §7). */
export const notFound: Check<Args> = {
  description: "the given IDs are (or with listed: false, are not) listed in not_found",
  args: {
    type: "object",
    required: ["ids"],
    additionalProperties: false,
    properties: { ids: { type: "array" }, listed: { type: "boolean" } },
  },
  run: (ctx, args) => {
    const answer = notFoundOfLast(ctx);
    if ("status" in answer) return answer;
    const listed = args.listed ?? true;
    const wrong = args.ids.filter((id) => answer.notFound.includes(id) !== listed);
    if (wrong.length)
      return fail(
        `${wrong.length} of ${args.ids.length} IDs ${listed ? "missing from" : "listed in"} not_found`,
        listed ? args.ids.slice(0, 5) : [],
        answer.notFound.slice(0, 10),
      );
    return pass();
  },
};

/**
 * The last answer's view and its not_found list (§4.4), or the failure of an answer without one: none at all, a
 * refusal, or a success whose data lists no not_found.
 */
export function notFoundOfLast(
  ctx: CheckContext,
): { readonly view: ResponseView; readonly notFound: readonly unknown[] } | CheckOutcome {
  const e = ctx.exchanges.at(-1);
  if (!e) return fail("no response");
  const view = ctx.view(e);
  if (!view.success) return withEnvelopeClauses(e, fail("not a success response", "a success", e.status ?? e.error));
  if (!view.notFound) return fail("data has no not_found list", "not_found: [...]", excerpt(view.data, 200));
  return { view, notFound: view.notFound };
}
