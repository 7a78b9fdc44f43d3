/**
 * §2.4 "Full people record field list: not shown beyond the four names above and the queryable
 * names" and §4.4 "the meaning of the object and boolean forms of `_source`: not shown". A people
 * `_source` name outside the published fields may be refused (§4.4 "an unknown name is refused")
 * or served; an object or boolean `_source` selects something the spec does not describe.
 */
import { quote } from "../src/lint/nodes.js";
import { defineRule } from "../src/lint/rule.js";
import { didYouMean } from "../src/lint/suggest.js";
import { isRecord } from "../src/lint/tree.js";

export default defineRule({
  meta: {
    id: "source-unspecified",
    consequence: "unspecified",
    description:
      "A people `_source` name outside the published fields, or an object or boolean `_source` whose meaning " +
      "is not shown.",
    clauses: [
      "s2-4-full-record-fields-not-shown",
      "s2-2-returnable-wider-than-queryable",
      "s4-4-source-object-boolean-not-shown",
      "s4-4-profile-source-unknown-refused",
    ],
    fixable: "suggestion",
    messages: {
      unpublished:
        "{{name}} is not a published people record field (the four shown in §2.4 and the queryable names); " +
        "the service may refuse it.",
      form:
        "The {{kind}} form of `{{member}}` selects fields in a way the spec does not show; name the fields in " +
        "an array.",
      didYouMean: "Did you mean `{{name}}`?",
    },
  },
  create: (context) => {
    const people = context.contract.records.people;
    return {
      Body(body) {
        if (body.kind !== "detail" || !isRecord(body.value) || context.dataset.name === "jobs") return;
        for (const member of ["_source", "source"]) {
          if (!Object.hasOwn(body.value, member) || !context.route.bodyMembers.includes(member)) continue;
          const value = body.value[member];
          const at = [...body.path, member];
          if (typeof value === "boolean" || isRecord(value)) {
            context.report({
              messageId: "form",
              data: { kind: typeof value === "boolean" ? "boolean" : "object", member },
              at,
              clauses: ["s4-4-source-object-boolean-not-shown"],
            });
            continue;
          }
          if (!Array.isArray(value) || context.dataset.name !== "people") continue;
          value.forEach((name, i) => {
            if (typeof name !== "string" || people.includes(name)) return;
            const path = [...at, i];
            context.report({
              messageId: "unpublished",
              data: { name: quote(name) },
              at: path,
              clauses: ["s2-4-full-record-fields-not-shown", "s4-4-profile-source-unknown-refused"],
              suggestions: didYouMean(name, people, path),
            });
          });
        }
      },
    };
  },
});
