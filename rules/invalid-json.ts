/**
 * §4 "All bodies are JSON." Text that does not parse as JSON, or bytes that are not UTF-8, is
 * refused; the diagnostic points at the first problem.
 */
import { defineRule } from "../src/lint/rule.js";

export default defineRule({
  meta: {
    id: "invalid-json",
    consequence: "refused",
    description: "The body is not JSON (or not UTF-8).",
    clauses: ["s4-bodies-json"],
    messages: { syntax: "Not JSON: {{problem}}." },
  },
  create: (context) => ({
    Source(source) {
      if (source.syntaxError) {
        context.report({
          messageId: "syntax",
          data: { problem: source.syntaxError.message },
          at: [],
          offset: source.syntaxError.offset,
        });
      }
    },
  }),
});
