/**
 * §2.5 "posted is filtered with a relative date" against §4.2 rule 3, which lets every date field
 * take YYYY-MM-DD (clause s2-5-posted-absolute-date): an absolute date on posted may not be read
 * the way rule 3 says. §2.6 also shows the returned `posted` as "Age of the posting as the source
 * words it", not a date.
 */
import { parseQueryDate } from "../src/contract/dates.js";
import { eachValue, quote, valuePath } from "../src/lint/nodes.js";
import { defineRule } from "../src/lint/rule.js";

/** The jobs field clause s2-5-posted-relative-date is about. */
const POSTED = "posted";

export default defineRule({
  meta: {
    id: "posted-absolute-date",
    consequence: "unspecified",
    description: "An absolute date on jobs `posted`, which §2.5 says is filtered with a relative date.",
    clauses: ["s2-5-posted-relative-date", "s2-5-posted-absolute-date"],
    messages: {
      absolute:
        "{{value}} on `posted`: §2.5 says posted is filtered with a relative date (now-<n>d, now-<n>m); an " +
        "absolute date may be read differently.",
    },
  },
  create: (context) => ({
    leafFilter: (spec, op) => spec?.dataset === "jobs" && spec.name === POSTED && op !== "exists",
    Leaf(leaf) {
      if (context.dataset.name !== "jobs" || leaf.spec?.name !== POSTED) return;
      for (const op of leaf.operators) {
        if (op === "exists") continue;
        eachValue(leaf, op, (value, index) => {
          if (parseQueryDate(value)?.kind === "absolute")
            context.report({ messageId: "absolute", data: { value: quote(value) }, at: valuePath(leaf, op, index) });
        });
      }
    },
  }),
});
