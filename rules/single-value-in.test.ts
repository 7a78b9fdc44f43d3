import { ruleTester } from "../src/linter/testing/rule-tester.js";
import rule from "./single-value-in.js";

ruleTester(rule, {
  valid: [
    { code: '{"where": {"field": "city", "in": ["Paris", "Lyon"]}}' },
    { code: '{"where": {"field": "city", "eq": "Paris"}}' },
  ],
  invalid: [
    {
      code: '{"where": {"field": "city", «"in": ["Paris"]}}',
      errors: [
        {
          messageId: "single",
          path: "/where/in",
          message: '`in` with one value is `eq` "Paris".',
          fix: { path: "/where", value: { field: "city", eq: "Paris" } },
        },
      ],
      output: { where: { field: "city", eq: "Paris" } },
    },
  ],
});
