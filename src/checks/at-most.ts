import { loadContract } from "../contract/index.js";
import { excerpt, fail, pass, type Check } from "./check.js";

/** A count as a number; the capped people total "100000+" reads as "at least 100000". */
function asCount(value: unknown): { n: number; atLeast: boolean } | undefined {
  if (typeof value === "number" && Number.isFinite(value)) return { n: value, atLeast: false };
  if (value === loadContract().limits.search.total.capped)
    return { n: loadContract().limits.search.total.exactBelow, atLeast: true };
  return undefined;
}

/** One count is not above another (e.g. a scoped total never above the unscoped one, §4.2). */
export const atMost: Check<{ value: unknown; limit: unknown; message?: string }> = {
  description: 'value <= limit (counts; "100000+" reads as at least 100000)',
  args: {
    type: "object",
    required: ["value", "limit"],
    additionalProperties: false,
    properties: { value: {}, limit: {}, message: { type: "string" } },
  },
  run: (_ctx, args) => {
    const value = asCount(args.value);
    const limit = asCount(args.limit);
    if (!value || !limit) return fail("not counts", "two counts", { value: args.value, limit: args.limit });
    // With a capped limit only a capped value can be compared, and it is not known to be larger.
    if (limit.atLeast || value.n <= limit.n) return pass();
    return fail(
      args.message ?? `${excerpt(args.value, 40)} is above ${excerpt(args.limit, 40)}`,
      `at most ${excerpt(args.limit, 40)}`,
      args.value,
    );
  },
};
