/**
 * §4 "All bodies are JSON", §4.2 "Body of a search: {where, size, after}", §4.3 and §4.4: every
 * request body of the seven routes with a body is a JSON object; anything else is refused.
 */
import { defineRule } from "../src/lint/rule.js";
import { kindOf } from "../src/lint/nodes.js";
import { isRecord } from "../src/lint/tree.js";

export default defineRule({
  meta: {
    id: "body-not-object",
    consequence: "refused",
    description: "The request body is not a JSON object.",
    clauses: ["s4-bodies-json", "s4-2-search-body-shape", "s4-3-nl-request-text", "s4-4-profile-ids-1-to-100"],
    messages: { notObject: "The body of {{route}} must be a JSON object; got {{kind}}." },
  },
  create: (context) => ({
    Body(body) {
      if (!isRecord(body.value)) {
        context.report({
          messageId: "notObject",
          data: { route: context.route.operationId, kind: kindOf(body.value) },
          at: body.path,
        });
      }
    },
  }),
});
