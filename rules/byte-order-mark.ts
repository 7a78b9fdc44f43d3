/**
 * §4 "All bodies are JSON." A UTF-8 byte order mark before the JSON text is not part of it (RFC
 * 8259 §8.1: it must not be added; a parser may ignore it). The spec does not say whether the
 * service reads past it or refuses the body (clause s4-bodies-json-encoding; the reference refuses it).
 */
import { defineRule } from "../src/lint/rule.js";

export default defineRule({
  meta: {
    id: "byte-order-mark",
    consequence: "unspecified",
    description: "The body begins with a UTF-8 byte order mark, which is not part of a JSON text.",
    clauses: ["s4-bodies-json-encoding", "s4-bodies-json"],
    messages: {
      bom:
        "The body begins with a byte order mark (EF BB BF); a JSON text must not, and the service may refuse " +
        "it. Save the file as UTF-8 without a BOM.",
    },
  },
  create: (context) => ({
    Source(source) {
      if (source.bom) context.report({ messageId: "bom", at: [], offset: 0 });
    },
  }),
});
