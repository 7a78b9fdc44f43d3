import { ruleTester } from "../src/linter/testing/rule-tester.js";
import rule from "./field-not-in-scope.js";

ruleTester(rule, {
  valid: [
    {
      code:
        '{"where": {"has_education": {"all": [{"field": "major", "match": "physics"}, {"field": "is_studying", ' +
        '"eq": true}]}}}',
    },
    {
      name: "a user's scope table may move skills into experience",
      code: '{"where": {"has_experience": {"field": "skills", "eq": "go"}}}',
      scopes: { skills: "experience" },
    },
  ],
  invalid: [
    {
      code: '{"where": {"has_experience": {"field": «"skills", "eq": "go"}}}',
      errors: [
        {
          messageId: "personLevel",
          path: "/where/has_experience/field",
          message:
            "`skills` is a person-level field, not a field of the experience record that `has_experience` binds.",
        },
      ],
    },
    {
      code:
        '{"where": {"has_experience": {"all": [{"field": "title", "match": "x"}, {"field": «"major", "match": ' +
        '"physics"}]}}}',
      errors: [
        {
          messageId: "otherRecord",
          path: "/where/has_experience/all/1/field",
          message:
            "`major` is a field of the education record (`has_education`), not of the experience record that " +
            "`has_experience` binds.",
        },
      ],
    },
  ],
});
