import { bodyOperation } from "../contract/index.js";
import { fail, pass, type Check } from "./check.js";
import { withEnvelopeClauses } from "./envelope.js";

interface Args {
  /**
   * The IDs a search returned, which this step sent. Judged again by a second look at that search (`second_look`,
   * src/runner/stages/second-look.ts), they are the IDs the search returns when asked again, and the IDs sent are the
   * first look's (`ctx.firstLook`).
   */
  ids: unknown[];
  /** Jobs: a posting found by an earlier search may have closed and come back in not_found (§1, §3). */
  allow_not_found?: boolean;
}

/**
 * IDs returned by a search resolve on the detail route (§2.1): one record per ID, or not_found where allowed. A search
 * asked again after the detail call (a second look) that no longer returns an ID left unresolved shows the record gone
 * by a refresh between the search and the detail call (s1-snapshot-data-lag): that ID is observed, not failed
 * (docs/verdicts.md, "What a check assumes about the data staying still"). An ID the search returns again and detail
 * still does not resolve fails.
 */
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
    const sent = (ctx.firstLook as Partial<Args> | undefined)?.ids ?? args.ids;
    const strangers = missing.filter((id) => !sent.includes(id));
    if (strangers.length)
      return fail(
        `not_found lists ${strangers.length} IDs that were not sent`,
        "a subset of the IDs sent",
        strangers.slice(0, 5),
      );
    // Asked again, the search no longer returns these: gone from the data between the search and the detail call.
    const gone = sent === args.ids ? [] : missing.filter((id) => !args.ids.includes(id));
    const unresolved = missing.filter((id) => !gone.includes(id));
    if (unresolved.length && !args.allow_not_found)
      return fail(
        `${unresolved.length} of ${sent.length} IDs from a search did not resolve`,
        "every ID resolves",
        unresolved.slice(0, 5),
      );
    if (gone.length)
      ctx.run.observed.add(
        `second-look.snapshot-changed.${(ctx.operationId && bodyOperation(ctx.operationId)?.dataset) ?? "other"}`,
        `${gone.length} of ${sent.length} IDs from a search not found by detail, and no longer returned when the ` +
          `search was asked again`,
        "s1-snapshot-data-lag",
      );
    if (unresolved.length)
      ctx.run.observed.add("jobs.search_ids_not_found", unresolved.length, "s3-transitions-not-shown");
    if (view.records.length + missing.length !== sent.length)
      return fail(
        `${view.records.length} records and ${missing.length} not_found for ${sent.length} IDs`,
        sent.length,
        view.records.length + missing.length,
      );
    return pass();
  },
};
