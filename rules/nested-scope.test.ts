import { ruleTester } from "../src/linter/testing/rule-tester.js";
import rule from "./nested-scope.js";

ruleTester(rule, {
  valid: [
    {
      code:
        '{"where": {"all": [{"has_experience": {"field": "title", "match": "x"}}, {"has_education": {"field": ' +
        '"major", "match": "y"}}]}}',
    },
  ],
  invalid: [
    {
      code:
        '{"where": {"has_experience": {"all": [{"field": "title", "match": "x"}, {«"has_education": {"field": ' +
        '"major", "match": "y"}}]}}}',
      errors: [
        {
          messageId: "nested",
          path: "/where/has_experience/all/1/has_education",
          message:
            "`has_education` inside `has_experience`: the spec does not say what a scope within a scope matches.",
        },
      ],
    },
  ],
});
