/**
 * §4.2 "size | integer 1 to 10000", §8 "size of one search page | 1 to 10000". The natural-language
 * route's `size` has no range in the spec (clause s4-3-nl-size-range): nl-unspecified reports it.
 */
import { defineRule } from "../src/lint/rule.js";
import { kindOf, quote } from "../src/lint/nodes.js";
import { isRecord } from "../src/lint/tree.js";

export default defineRule({
  meta: {
    id: "size-range",
    consequence: "refused",
    description: "`size` is not an integer in the page-size range.",
    clauses: ["s4-2-size-range", "s8-search-page-size"],
    fixable: "suggestion",
    messages: {
      range: "`size` must be an integer from {{min}} to {{max}}; got {{value}}.",
      kind: "`size` must be an integer from {{min}} to {{max}}; got {{kind}} {{value}}.",
      clamp: "Use {{value}}.",
    },
  },
  create: (context) => ({
    Body(body) {
      if (body.kind !== "search" || !isRecord(body.value) || !Object.hasOwn(body.value, "size")) return;
      const limits = context.contract.limits.search.size;
      const size = body.value.size;
      // The usual body: nothing built.
      if (typeof size === "number" && Number.isInteger(size) && size >= limits.min && size <= limits.max) return;
      const at = [...body.path, "size"];
      const clauses = ["s4-2-size-range", "s8-search-page-size"];
      if (typeof size !== "number") {
        context.report({ messageId: "kind", data: { ...limits, kind: kindOf(size), value: quote(size) }, at, clauses });
      } else if (!Number.isInteger(size) || size < limits.min || size > limits.max) {
        const clamped = Math.min(limits.max, Math.max(limits.min, Math.round(size)));
        context.report({
          messageId: "range",
          data: { ...limits, value: quote(size) },
          at,
          clauses,
          suggestions: Number.isFinite(size)
            ? [{ messageId: "clamp", data: { value: clamped }, fix: { at, value: clamped } }]
            : [],
        });
      }
    },
  }),
});
