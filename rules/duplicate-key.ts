/**
 * §4 "All bodies are JSON." An object that names a member twice is JSON that RFC 8259 advises
 * against: JSON.parse keeps the last value silently, another parser may keep the first or refuse.
 * The spec does not say which the service does.
 */
import { defineRule } from "../src/lint/rule.js";
import { encodePointer } from "../src/contract/json-pointer.js";

export default defineRule({
  meta: {
    id: "duplicate-key",
    consequence: "unspecified",
    description: "An object repeats a member name; which value the service reads is not specified.",
    clauses: ["s4-bodies-json"],
    messages: {
      duplicate:
        "`{{key}}` is named twice in {{parent}}; JSON.parse keeps the last value, the service's parser may " +
        "keep the first or refuse the body.",
    },
  },
  create: (context) => ({
    Source(source) {
      for (const d of source.duplicateKeys) {
        context.report({
          messageId: "duplicate",
          data: {
            key: d.key,
            parent: d.path.length > 1 ? `the object at ${encodePointer(d.path.slice(0, -1))}` : "the top-level object",
          },
          at: d.path,
          atKey: true,
        });
      }
    },
  }),
});
