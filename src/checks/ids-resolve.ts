import { fail, pass, type Check } from "./check.js";
import { withEnvelopeClauses } from "./envelope.js";

interface Args {
  /** The IDs sent (e.g. captured from a search). */
  ids: unknown[];
  /** Jobs: a posting found by an earlier search may have closed and come back in not_found (§1, §3). */
  allow_not_found?: boolean;
}

/** IDs returned by a search resolve on the detail route (§2.1): one record per ID, or not_found where allowed. */
export const idsResolve: Check<Args> = {
  description: "every ID sent resolves to a record (or, with allow_not_found, is listed in not_found)",
  args: {
    type: "object",
    required: ["ids"],
    additionalProperties: false,
    properties: { ids: { type: "array" }, allow_not_found: { type: "boolean" } },
  },
  run: (ctx, args) => {
    const e = ctx.exchanges.at(-1);
    if (!e) return fail("no response");
    const view = ctx.view(e);
    if (!view.success || !view.records)
      return withEnvelopeClauses(e, fail("not a success response with records", "records", e.status ?? e.error));
    const missing = view.notFound ?? [];
    const strangers = missing.filter((id) => !args.ids.includes(id));
    if (strangers.length)
      return fail(
        `not_found lists ${strangers.length} IDs that were not sent`,
        "a subset of the IDs sent",
        strangers.slice(0, 5),
      );
    if (missing.length && !args.allow_not_found)
      return fail(
        `${missing.length} of ${args.ids.length} IDs from a search did not resolve`,
        "every ID resolves",
        missing.slice(0, 5),
      );
    if (missing.length) ctx.run.observed.add("jobs.search_ids_not_found", missing.length, "s3-transitions-not-shown");
    if (view.records.length + missing.length !== args.ids.length)
      return fail(
        `${view.records.length} records and ${missing.length} not_found for ${args.ids.length} IDs`,
        args.ids.length,
        view.records.length + missing.length,
      );
    return pass();
  },
};
