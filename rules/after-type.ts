/** §4.2 "after | string | Cursor; pass the next value of the previous response". */
import { defineRule } from "../src/lint/rule.js";
import { kindOf } from "../src/lint/nodes.js";
import { isRecord } from "../src/lint/tree.js";

export default defineRule({
  meta: {
    id: "after-type",
    consequence: "refused",
    description: "`after` is not a string cursor.",
    clauses: ["s4-2-after-cursor-from-next"],
    messages: { kind: "`after` must be the string `next` of the previous response; got {{kind}}." },
  },
  create: (context) => ({
    Body(body) {
      if (body.kind !== "search" || body.bare || !isRecord(body.value) || !Object.hasOwn(body.value, "after")) return;
      const after = body.value.after;
      if (typeof after !== "string")
        context.report({ messageId: "kind", data: { kind: kindOf(after) }, at: [...body.path, "after"] });
    },
  }),
});
