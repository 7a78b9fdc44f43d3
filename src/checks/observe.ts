import { getPointer } from "../runner/pointer.js";
import { isSuccess } from "../runner/views.js";
import { pass, type Check } from "./check.js";

/**
 * Records how the deployment answered (served or refused, with its status) where the specification
 * leaves the choice open; never fails. A transport failure is recorded as such. `label` names the request
 * in the record when one topic gathers several (e.g. every lint corpus entry).
 */
export const observe: Check<{ topic: string; clause?: string; label?: string }> = {
  description: "records whether the request was served or refused (never fails)",
  args: { type: "object", required: ["topic"], additionalProperties: false, properties: { topic: { type: "string" }, clause: { type: "string" }, label: { type: "string" } } },
  run: (ctx, args) => {
    for (const e of ctx.exchanges) {
      const outcome = e.error ? { outcome: "no answer", reason: e.error } : isSuccess(e) ? { outcome: "served", status: e.status ?? null } : { outcome: "refused", status: e.status ?? null, code: getPointer(e.json, "/code") ?? null };
      ctx.run.observed.add(args.topic, args.label === undefined ? outcome : { request: args.label, ...outcome }, args.clause);
    }
    return pass();
  },
};
