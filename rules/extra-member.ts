/**
 * §4.2 "Body of a search: {where, size, after}" and §4.4's detail requests name their members;
 * the spec does not say whether another member is refused or ignored (spec/openapi.yaml models it
 * open). `source` is shown for profiles only (clause s4-4-source-alias-jobs-companies). The
 * natural-language route is different: §4.3 refuses any other member (nl-body). A query file's top-level
 * `$schema` string points the editor at the project's query schema: the file is not what is sent, so the member is
 * not reported there; a body sent with it (the gateway, `lint()` of a body) still is.
 */
import { defineRule } from "../src/lint/rule.js";
import { suggestionList } from "../src/lint/suggest.js";
import { isRecord } from "../src/lint/tree.js";

export default defineRule({
  meta: {
    id: "extra-member",
    consequence: "unspecified",
    description:
      "A member of a Query Spec or detail body other than the ones the spec names; a query file's top-level " +
      "`$schema` string, its editor's annotation, is not one (a body sent with it is).",
    clauses: [
      "s4-2-search-body-shape",
      "s4-4-source-alias-jobs-companies",
      "s4-4-profile-ids-1-to-100",
      "s4-4-jobs-ids-up-to-100",
      "s4-4-companies-ids-up-to-100",
    ],
    fixable: "suggestion",
    messages: {
      extra:
        "`{{key}}` is not a member of a {{route}} body ({{members}}); the spec does not say whether it is " +
        "refused or ignored.",
      didYouMean: "Did you mean `{{name}}`?",
    },
  },
  create: (context) => {
    const route = context.route;
    const detailClause =
      context.dataset.name === "people"
        ? "s4-4-profile-ids-1-to-100"
        : context.dataset.name === "jobs"
          ? "s4-4-jobs-ids-up-to-100"
          : "s4-4-companies-ids-up-to-100";
    return {
      Body(body) {
        if (body.kind === "natural-language" || body.bare || !isRecord(body.value)) return;
        const value = body.value;
        for (const key of Object.keys(value)) {
          if (route.bodyMembers.includes(key) || (key === "$schema" && body.schemaAnnotation)) continue;
          const candidates = route.bodyMembers.filter((m) => !Object.hasOwn(value, m));
          context.report({
            messageId: "extra",
            data: { key, route: route.operationId, members: route.bodyMembers.join(", ") },
            at: [...body.path, key],
            atKey: true,
            clauses:
              body.kind === "search"
                ? ["s4-2-search-body-shape"]
                : key === "source"
                  ? ["s4-4-source-alias-jobs-companies"]
                  : [detailClause],
            suggestions: suggestionList(key, candidates)
              .slice(0, 1)
              .map((name) => ({
                messageId: "didYouMean",
                data: { name },
                fix: { rename: [...body.path, key], key: name },
              })),
          });
        }
      },
    };
  },
});
