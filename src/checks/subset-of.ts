import { fail, pass, type Check } from "./check.js";

/** Every item of a list is also in another (e.g. a scoped set inside the unscoped one, §4.2). */
export const subsetOf: Check<{ items: unknown[]; of: unknown[]; message?: string }> = {
  description: "every item of `items` is in `of`",
  args: {
    type: "object",
    required: ["items", "of"],
    additionalProperties: false,
    properties: { items: { type: "array" }, of: { type: "array" }, message: { type: "string" } },
  },
  run: (_ctx, args) => {
    const of = new Set(args.of);
    const outside = args.items.filter((x) => !of.has(x));
    return outside.length
      ? fail(
          `${args.message ?? "not a subset"}: ${outside.length} of ${args.items.length} items are outside ` +
            `the ${args.of.length}`,
          `a subset of ${args.of.length} items`,
          outside.slice(0, 5),
        )
      : pass();
  },
};
