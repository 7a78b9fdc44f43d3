/**
 * §4.3 "POST /v1/people-search — Request: text (string, 1 to 5000 characters) and size. No other
 * parameter is accepted.", §8 "text of natural-language search | 1 to 5000 characters" and "The
 * natural-language search accepts only text and size." A text is too long here only when it is over the limit
 * by every count of characters (src/lint/characters.ts); one the count decides is nl-unspecified's.
 */
import { characterCounts } from "../src/lint/characters.js";
import { kindOf } from "../src/lint/nodes.js";
import { defineRule } from "../src/lint/rule.js";
import { isRecord } from "../src/lint/tree.js";

export default defineRule({
  meta: {
    id: "nl-body",
    consequence: "refused",
    description:
      "A natural-language body whose text is missing, empty or too long, or with a member other than text and size.",
    clauses: [
      "s4-3-nl-request-text",
      "s8-nl-text-length",
      "s4-3-nl-no-other-parameter",
      "s8-nl-accepts-only-text-size",
    ],
    messages: {
      missing: "A natural-language search needs `text` (a string of {{min}} to {{max}} characters).",
      kind: "`text` must be a string of {{min}} to {{max}} characters; got {{kind}}.",
      empty: "`text` is empty; it takes {{min}} to {{max}} characters.",
      long: "`text` has {{length}} characters; at most {{max}} are accepted.",
      member: "`{{key}}` is not accepted by the natural-language search, which takes only {{members}}.",
    },
  },
  create: (context) => ({
    Body(body) {
      if (body.kind !== "natural-language" || !isRecord(body.value)) return;
      const limits = context.contract.limits.naturalLanguage;
      const { minLength: min, maxLength: max } = limits.text;
      const textClauses = ["s4-3-nl-request-text", "s8-nl-text-length"];
      const value = body.value;
      if (!Object.hasOwn(value, "text"))
        context.report({ messageId: "missing", data: { min, max }, at: body.path, clauses: textClauses });
      else if (typeof value.text !== "string")
        context.report({
          messageId: "kind",
          data: { min, max, kind: kindOf(value.text) },
          at: [...body.path, "text"],
          clauses: textClauses,
        });
      else if (value.text.length < min)
        context.report({ messageId: "empty", data: { min, max }, at: [...body.path, "text"], clauses: textClauses });
      else if (value.text.length > max && characterCounts(value.text, max).graphemes > max)
        context.report({
          messageId: "long",
          data: { length: characterCounts(value.text, max).graphemes, max },
          at: [...body.path, "text"],
          clauses: textClauses,
        });
      for (const key of Object.keys(value)) {
        if (context.route.bodyMembers.includes(key)) continue;
        context.report({
          messageId: "member",
          data: { key, members: context.route.bodyMembers.join(" and ") },
          at: [...body.path, key],
          atKey: true,
          clauses: ["s4-3-nl-no-other-parameter", "s8-nl-accepts-only-text-size"],
        });
      }
    },
  }),
});
