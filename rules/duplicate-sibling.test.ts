import { ruleTester } from "../src/lint/testing/rule-tester.js";
import rule from "./duplicate-sibling.js";

ruleTester(rule, {
  valid: [{ code: '{"where": {"all": [{"field": "city", "eq": "a"}, {"field": "city", "eq": "b"}]}}' }],
  invalid: [
    {
      name: "the same node with its keys in another order",
      code:
        '{"where": {"any": [{"field": "city", "eq": "a"}, {"field": "state", "eq": "b"}, «{"eq": "a", "field": ' +
        '"city"}]}}',
      errors: [
        {
          messageId: "duplicate",
          path: "/where/any/2",
          message: "This node repeats node /0 of the same `any`; drop it.",
          fix: {
            path: "/where/any",
            value: [
              { field: "city", eq: "a" },
              { field: "state", eq: "b" },
            ],
          },
        },
      ],
      output: {
        where: {
          any: [
            { field: "city", eq: "a" },
            { field: "state", eq: "b" },
          ],
        },
      },
    },
  ],
});
