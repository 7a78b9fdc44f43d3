import { getPointer } from "../contract/json-pointer.js";
import { classifyAnswer } from "./answer.js";
import { pass, type Check } from "./check.js";

/**
 * Records how the deployment answered (served or refused, with its status) where the specification
 * leaves the choice open; never fails. A transport failure or an answer that is neither a success nor a refusal (a
 * 5xx, a 3xx, a body that is not the envelope) is recorded as such, with the reason. `label` names the request in
 * the record when one topic gathers several (e.g. every lint corpus entry).
 */
export const observe: Check<{ topic: string; clause?: string; label?: string }> = {
  description: "records whether the request was served or refused (never fails)",
  args: {
    type: "object",
    required: ["topic"],
    additionalProperties: false,
    properties: { topic: { type: "string" }, clause: { type: "string" }, label: { type: "string" } },
  },
  run: (ctx, args) => {
    for (const e of ctx.exchanges) {
      const answer = classifyAnswer(e);
      const outcome =
        answer.kind === "success"
          ? { outcome: "served", status: e.status ?? null }
          : answer.kind === "refusal"
            ? { outcome: "refused", status: e.status ?? null, code: getPointer(e.json, "/code") ?? null }
            : { outcome: e.error ? "no answer" : "neither served nor refused", reason: answer.reason };
      ctx.run.observed.add(
        args.topic,
        args.label === undefined ? outcome : { request: args.label, ...outcome },
        args.clause,
      );
    }
    return pass();
  },
};
