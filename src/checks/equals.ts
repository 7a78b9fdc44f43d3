import { canonicalJson } from "../contract/index.js";
import { excerpt, fail, pass, type Check } from "./check.js";

/** Two values (usually captured) are equal; `message` says what the equality means. */
export const equals: Check<{ actual: unknown; expected: unknown; message?: string }> = {
  description: "actual equals expected",
  args: {
    type: "object",
    required: ["actual", "expected"],
    additionalProperties: false,
    properties: { actual: {}, expected: {}, message: { type: "string" } },
  },
  run: (_ctx, args) =>
    canonicalJson(args.actual) === canonicalJson(args.expected)
      ? pass()
      : fail(args.message ?? "values differ", excerpt(args.expected, 200), excerpt(args.actual, 200)),
};
