import { ruleTester } from "../src/linter/testing/rule-tester.js";
import rule from "./language-proficiency-scope.js";

ruleTester(rule, {
  valid: [
    {
      code:
        '{"where": {"has_language": {"all": [{"field": "languages", "eq": "French"}, {"field": ' +
        '"language_proficiency", "eq": "Native or bilingual proficiency"}]}}}',
    },
    {
      name: "a user's scope table may put it at person level",
      code: '{"where": {"field": "language_proficiency", "eq": "Native or bilingual proficiency"}}',
      scopes: { language_proficiency: null },
    },
    {
      name: "beside its language, the pair is scope-siblings' to report and wrap together",
      code:
        '{"where": {"all": [{"field": "languages", "eq": "French"}, {"field": "language_proficiency", "eq": ' +
        '"Native or bilingual proficiency"}]}}',
    },
  ],
  invalid: [
    {
      code:
        '{"where": {"all": [{"field": "country", "eq": "France"}, {"field": «"language_proficiency", "eq": ' +
        '"Native or bilingual proficiency"}]}}',
      errors: [
        {
          messageId: "outside",
          path: "/where/all/1/field",
          message:
            "`language_proficiency` outside `has_language` is met by any language on the profile, not the one " +
            "you mean.",
          suggestions: [
            {
              message: "Put it in `has_language` with the language it describes.",
              value: { has_language: { field: "language_proficiency", eq: "Native or bilingual proficiency" } },
              path: "/where/all/1",
            },
          ],
        },
      ],
      output: {
        where: {
          all: [
            { field: "country", eq: "France" },
            { has_language: { field: "language_proficiency", eq: "Native or bilingual proficiency" } },
          ],
        },
      },
      applySuggestions: true,
    },
  ],
});
