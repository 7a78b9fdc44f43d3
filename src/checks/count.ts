import { fail, pass, type Check } from "./check.js";

interface Args {
  of: "ids" | "records" | "not_found";
  equals?: number;
  min?: number;
  max?: number;
}

/** How many IDs, records or not_found entries the step's responses hold, over all pages. */
export const count: Check<Args> = {
  description: "the number of IDs, records or not_found entries returned is within bounds",
  args: {
    type: "object",
    required: ["of"],
    additionalProperties: false,
    properties: {
      of: { enum: ["ids", "records", "not_found"] },
      equals: { type: "integer" },
      min: { type: "integer" },
      max: { type: "integer" },
    },
  },
  run: (ctx, args) => {
    let n = 0;
    for (const e of ctx.exchanges) {
      const view = ctx.view(e);
      const list = args.of === "ids" ? view.ids : args.of === "records" ? view.records : view.notFound;
      if (!view.success || !list) return fail(`no ${args.of} list in the response`, args.of, e.status ?? e.error);
      n += list.length;
    }
    if (args.equals !== undefined && n !== args.equals) return fail(`${n} ${args.of} returned`, args.equals, n);
    if (args.min !== undefined && n < args.min) return fail(`only ${n} ${args.of} returned`, `at least ${args.min}`, n);
    if (args.max !== undefined && n > args.max) return fail(`${n} ${args.of} returned`, `at most ${args.max}`, n);
    return pass();
  },
};
