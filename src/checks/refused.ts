import { classifyAnswer, type RefusalAbout } from "./answer.js";
import { getPointer } from "../contract/json-pointer.js";
import { eachExchange, excerpt, fail, type Check } from "./check.js";

const EXPECTED = "a refusal: HTTP 4xx other than 408 and 429, or an envelope code other than 200";

/**
 * The request is refused, as `src/checks/answer.ts` defines a refusal (docs/runner-robustness.md): an HTTP 4xx
 * other than 408 and 429, or an envelope whose code is not 200. A 5xx, a 3xx, a 408/429, a transport failure or a
 * 2xx body that is not the envelope fails, with the reason. With `about: balance` or `about: rate` (an exhausted
 * balance, a rate limit) a 429 is that refusal too. The status and body shape are recorded as observed (clause
 * s7-failure-shape-not-shown).
 */
export const refused: Check<{ about?: RefusalAbout }> = {
  description:
    "refused: an HTTP 4xx other than 408/429, or an envelope code other than 200 (with about: balance/rate, 429 too)",
  args: { type: "object", additionalProperties: false, properties: { about: { enum: ["balance", "rate"] } } },
  run: (ctx, args) =>
    eachExchange(ctx, (e) => {
      const answer = classifyAnswer(e, args?.about ? { about: args.about } : {});
      const expected = args?.about ? `${EXPECTED} (402, 403 or 429 for the key's ${args.about})` : EXPECTED;
      if (answer.kind === "success") {
        return fail("the request was served, not refused", expected, {
          status: e.status,
          code: getPointer(e.json, "/code"),
          data: excerpt(getPointer(e.json, "/data"), 200),
        });
      }
      if (answer.kind === "neither")
        return fail(
          `not a refusal: ${answer.reason}`,
          expected,
          e.error ?? { status: e.status, body: excerpt(e.bodyText ?? "", 200) },
        );
      const shape =
        e.json && typeof e.json === "object" && !Array.isArray(e.json)
          ? Object.keys(e.json).sort()
          : e.jsonError
            ? "not JSON"
            : typeof e.json;
      ctx.run.observed.add(
        "failures.shape",
        { status: e.status, code: getPointer(e.json, "/code") ?? null, members: shape },
        "s7-failure-shape-not-shown",
      );
      return undefined;
    }),
};
