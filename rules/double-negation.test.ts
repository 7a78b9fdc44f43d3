import { ruleTester } from "../src/linter/testing/rule-tester.js";
import rule from "./double-negation.js";

ruleTester(rule, {
  valid: [{ code: '{"where": {"not": {"field": "city", "eq": "a"}}}' }],
  invalid: [
    {
      code: '{"where": {"not": {«"not": {"field": "city", "eq": "a"}}}}',
      errors: [
        {
          messageId: "double",
          path: "/where/not/not",
          message: "`not` of `not` is the node itself.",
          fix: { path: "/where", value: { field: "city", eq: "a" } },
        },
      ],
      output: { where: { field: "city", eq: "a" } },
    },
    {
      name: "a chain of three nots is one pair and a not: one diagnostic",
      code: '{"where": {"not": {«"not": {"not": {"field": "city", "eq": "a"}}}}}',
      errors: [{ messageId: "double", path: "/where/not/not" }],
      output: { where: { not: { field: "city", eq: "a" } } },
    },
  ],
});
