/**
 * §8 sets no limit on a request body's size (clause s8-limits-silent-size-nodes); a deployment may
 * refuse a large one, as the reference does above maxBodyBytes (spec/catalog/limits.yaml, 1 MiB).
 * Measured on text input only: a parsed value has no bytes of its own.
 */
import { defineRule } from "../src/lint/rule.js";

export default defineRule({
  meta: {
    id: "body-size",
    consequence: "unspecified",
    description:
      "A request body larger than the reference's limit (1 MiB); the spec sets none, a deployment may refuse it.",
    clauses: ["s8-limits-silent-size-nodes"],
    messages: {
      large:
        "The body is {{bytes}} bytes, more than {{limit}} ({{mib}} MiB), the most the reference server reads; " +
        "the spec sets no limit and a deployment may refuse it.",
    },
  },
  create: (context) => {
    const limit = context.contract.limits.project.maxBodyBytes;
    return {
      Source(source) {
        if (source.bodyBytes === undefined || source.bodyBytes <= limit) return;
        context.report({
          messageId: "large",
          data: { bytes: source.bodyBytes, limit, mib: limit / 1048576 },
          at: [],
          offset: 0,
        });
      },
    };
  },
});
