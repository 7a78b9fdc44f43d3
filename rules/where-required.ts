/**
 * §4.2 "where | object (a node) | Required by /v1/people/query" and §4.3 "Request: where
 * (required)". Jobs and companies do not require it (clause s4-2-where-optional-jobs-companies).
 */
import { defineRule } from "../src/lint/rule.js";
import { isRecord } from "../src/lint/tree.js";

export default defineRule({
  meta: {
    id: "where-required",
    consequence: "refused",
    description: "A body the route requires `where` of has none.",
    clauses: ["s4-2-where-required-people", "s4-3-people-query-request"],
    messages: { missing: "{{route}} requires `where` (a node); this body has none." },
  },
  create: (context) => ({
    Body(body) {
      if (body.kind !== "search" || body.bare || !isRecord(body.value)) return;
      if (context.route.required.includes("where") && !Object.hasOwn(body.value, "where")) {
        context.report({ messageId: "missing", data: { route: context.route.operationId }, at: body.path });
      }
    },
  }),
});
