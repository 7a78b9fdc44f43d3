import { fail, pass, type Check } from "./check.js";

/** No ID is returned twice over the pages of one step. */
export const noDuplicates: Check = {
  description: "no ID appears twice in the step's responses",
  run: (ctx) => {
    const seen = new Set<unknown>();
    const dup = new Set<unknown>();
    for (const e of ctx.exchanges) for (const id of ctx.view(e).ids ?? []) (seen.has(id) ? dup : seen).add(id);
    return dup.size ? fail(`${dup.size} IDs returned more than once`, "distinct IDs", [...dup].slice(0, 5)) : pass();
  },
};
