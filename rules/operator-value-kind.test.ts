import { ruleTester } from "../src/linter/testing/rule-tester.js";
import rule from "./operator-value-kind.js";

ruleTester(rule, {
  valid: [
    { code: '{"where": {"field": "is_working", "eq": true}}' },
    { code: '{"where": {"field": "experience_months", "gte": "24"}}' },
    { name: "in over a scalar is argument-form's", code: '{"where": {"field": "city", "in": "Paris"}}' },
    { name: "exists over anything is argument-form's", code: '{"where": {"field": "city", "exists": {}}}' },
    { name: "null is value-type's", code: '{"where": {"field": "city", "eq": null}}' },
    { name: "match on a number is value-type's", code: '{"where": {"field": "title", "match": 5}}' },
    { name: "gte on a boolean is value-type's", code: '{"where": {"field": "experience_months", "gte": true}}' },
  ],
  invalid: [
    {
      code: '{"where": {"field": "city", "eq": «{"name": "Paris"}}}',
      errors: [
        {
          messageId: "kind",
          path: "/where/eq",
          message: "`eq` takes a value; got an object, which makes the tree malformed.",
        },
      ],
    },
    {
      code: '{"where": {"field": "title", "match": «["a"]}}',
      errors: [{ messageId: "kind", path: "/where/match", message: /got an array/ }],
    },
    {
      code: '{"where": {"field": "experience_months", "gte": 1, "lte": «[2]}}',
      errors: [{ messageId: "kind", path: "/where/lte" }],
    },
    {
      code: '{"where": {"field": "city", "in": ["Paris", «["Lyon"], null, «{}]}}',
      errors: [
        {
          messageId: "element",
          path: "/where/in/1",
          message: "The values of `in` are values; got an array, which makes the tree malformed.",
        },
        { messageId: "element", path: "/where/in/3" },
      ],
    },
  ],
});
