import { ruleTester } from "../src/linter/testing/rule-tester.js";
import rule from "./single-child-composite.js";

ruleTester(rule, {
  valid: [
    { code: '{"where": {"all": [{"field": "city", "eq": "a"}, {"field": "state", "eq": "b"}]}}' },
    { code: '{"where": {"not": {"field": "city", "eq": "a"}}}' },
  ],
  invalid: [
    {
      code: '{"where": {«"any": [{"field": "city", "eq": "Paris"}]}}',
      errors: [
        {
          messageId: "single",
          path: "/where/any",
          message: "An `any` of one node is that node; unwrap it.",
          fix: { path: "/where", value: { field: "city", eq: "Paris" } },
        },
      ],
      output: { where: { field: "city", eq: "Paris" } },
    },
  ],
});
