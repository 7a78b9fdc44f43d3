/**
 * §4.3 "Request: text (string, 1 to 5000 characters) and size." The spec counts "characters" without saying
 * what a character is (clause s4-3-nl-text-characters-counted), and gives `size` no range on this route (clause
 * s4-3-nl-size-range). A text within the limit by one count and over it by another, and a `size` outside the
 * Query Spec's range, are the project's readings, not refusals a `must` compels.
 */
import { characterCounts } from "../src/lint/characters.js";
import { kindOf, quote } from "../src/lint/nodes.js";
import { defineRule } from "../src/lint/rule.js";
import { isRecord } from "../src/lint/tree.js";

export default defineRule({
  meta: {
    id: "nl-unspecified",
    consequence: "unspecified",
    description:
      "A natural-language text whose length is within the limit or over it depending on how characters are " +
      "counted, or a `size` outside the Query Spec's range.",
    clauses: ["s4-3-nl-text-characters-counted", "s8-nl-text-length", "s4-3-nl-size-range"],
    messages: {
      units:
        "`text` has {{codePoints}} code points but {{units}} UTF-16 units; whether that is over {{max}} characters " +
        "depends on how characters are counted.",
      codePoints:
        "`text` has {{graphemes}} user-perceived characters but {{codePoints}} code points; whether that is over " +
        "{{max}} characters depends on how characters are counted.",
      size: "`size` is {{value}} ({{kind}}); the natural-language search gives no range, the project reads 1 to 10000.",
    },
  },
  create: (context) => ({
    Body(body) {
      if (body.kind !== "natural-language" || !isRecord(body.value)) return;
      const { text, size } = body.value;
      const max = context.contract.limits.naturalLanguage.text.maxLength;
      if (typeof text === "string" && text.length > max) {
        const counts = characterCounts(text, max);
        const clauses = ["s4-3-nl-text-characters-counted", "s8-nl-text-length"];
        const at = [...body.path, "text"];
        if (counts.codePoints > max && counts.graphemes <= max)
          context.report({ messageId: "codePoints", data: { ...counts, max }, at, clauses });
        else if (counts.codePoints <= max)
          context.report({ messageId: "units", data: { ...counts, max }, at, clauses });
      }
      const limits = context.contract.limits.naturalLanguage.size;
      if (
        size === undefined ||
        (Number.isInteger(size) && (size as number) >= limits.min && (size as number) <= limits.max)
      )
        return;
      context.report({
        messageId: "size",
        data: { value: quote(size), kind: kindOf(size) },
        at: [...body.path, "size"],
        clauses: ["s4-3-nl-size-range"],
      });
    },
  }),
});
