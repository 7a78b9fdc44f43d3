import { getPointer } from "../runner/pointer.js";
import { isSuccess } from "../runner/views.js";
import { eachExchange, excerpt, fail, type Check } from "./check.js";

/**
 * The request is refused: anything that is not HTTP 2xx with envelope code 200 (§7: the codes,
 * statuses and body shape of failures are not shown). A transport failure is not a refusal. The
 * status and body shape are recorded as observed (clause s7-failure-shape-not-shown).
 */
export const refused: Check = {
  description: "not a success: a non-2xx status or an envelope code other than 200",
  run: (ctx) =>
    eachExchange(ctx, (e) => {
      if (e.error) return fail(`no answer to judge: ${e.error}`, "a refusal", e.error);
      if (isSuccess(e)) {
        return fail("the request was served, not refused", "a refusal (non-2xx status or envelope code other than 200)", {
          status: e.status,
          code: getPointer(e.json, "/code"),
          data: excerpt(getPointer(e.json, "/data"), 200),
        });
      }
      const shape = e.json && typeof e.json === "object" && !Array.isArray(e.json) ? Object.keys(e.json).sort() : e.jsonError ? "not JSON" : typeof e.json;
      ctx.run.observed.add("failures.shape", { status: e.status, code: getPointer(e.json, "/code") ?? null, members: shape }, "s7-failure-shape-not-shown");
      return undefined;
    }),
};
