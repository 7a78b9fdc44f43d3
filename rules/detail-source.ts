/**
 * §4.4 jobs: "`_source` (array of field names; returns exactly those fields ...)", §7 "Unknown name
 * in `_source` | Request refused". The job record's fields are published (§2.6), so an unknown name
 * is known to be refused there. On every detail route `_source` (and `source` for profiles) is an
 * array of names, an object or a boolean (§4.4); anything else, or a name that is not a string, is refused.
 */
import { kindOf, quote } from "../src/lint/nodes.js";
import { defineRule } from "../src/lint/rule.js";
import { didYouMean } from "../src/lint/suggest.js";
import { isRecord } from "../src/lint/tree.js";

export default defineRule({
  meta: {
    id: "detail-source",
    consequence: "refused",
    description: "A `_source` of the wrong form, a field name that is not a string, or an unknown job record field.",
    clauses: [
      "s4-4-jobs-source-exact-fields",
      "s7-unknown-source-name-refused",
      "s4-4-profile-source-forms",
      "s4-4-profile-source-unknown-refused",
    ],
    fixable: "suggestion",
    messages: {
      form: "`{{member}}` takes {{forms}}; got {{kind}}.",
      item: "A field name in `{{member}}` is a string; got {{kind}}.",
      unknown: "{{name}} is not a field of the job record (§2.6), so the request is refused.",
      didYouMean: "Did you mean `{{name}}`?",
    },
  },
  create: (context) => {
    const jobs = context.dataset.name === "jobs";
    const jobFields = context.contract.records.jobs;
    return {
      Body(body) {
        if (body.kind !== "detail" || !isRecord(body.value)) return;
        for (const member of ["_source", "source"]) {
          if (!Object.hasOwn(body.value, member) || !context.route.bodyMembers.includes(member)) continue;
          const value = body.value[member];
          const at = [...body.path, member];
          const kind = kindOf(value);
          const forms = jobs ? ["array"] : ["array", "object", "boolean"];
          if (!forms.includes(kind)) {
            context.report({
              messageId: "form",
              data: {
                member,
                forms: jobs ? "an array of field names" : "an array of field names, an object or a boolean",
                kind,
              },
              at,
              clauses: jobs ? ["s4-4-jobs-source-exact-fields"] : ["s4-4-profile-source-forms"],
            });
            continue;
          }
          if (!Array.isArray(value)) continue;
          value.forEach((name, i) => {
            const path = [...at, i];
            if (typeof name !== "string") {
              context.report({
                messageId: "item",
                data: { member, kind: kindOf(name) },
                at: path,
                clauses: jobs ? ["s4-4-jobs-source-exact-fields"] : ["s4-4-profile-source-forms"],
              });
            } else if (jobs && !jobFields.includes(name)) {
              context.report({
                messageId: "unknown",
                data: { name: quote(name) },
                at: path,
                clauses: ["s4-4-jobs-source-exact-fields", "s7-unknown-source-name-refused"],
                suggestions: didYouMean(name, jobFields, path),
              });
            }
          });
        }
      },
    };
  },
});
