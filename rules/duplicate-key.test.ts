import { ruleTester } from "../src/linter/testing/rule-tester.js";
import rule from "./duplicate-key.js";

ruleTester(rule, {
  valid: [
    { code: '{"where": {"all": [{"field": "city", "eq": "Paris"}, {"field": "city", "eq": "Lyon"}]}}' },
    {
      name: "colons inside strings are not members",
      code: '{"where": {"field": "linkedin_url", "eq": "https://x.example/a:b"}}',
    },
  ],
  invalid: [
    {
      code: '{"where": {"field": "city", "eq": "Paris", «"eq": "Lyon"}}',
      errors: [
        {
          messageId: "duplicate",
          path: "/where/eq",
          message:
            "`eq` is named twice in the object at /where; JSON.parse keeps the last value, the service's " +
            "parser may keep the first or refuse the body.",
        },
      ],
    },
    {
      code: '{\n  "where": {"field": "city", "eq": "Paris"},\n  «"where": {"field": "city", "eq": "Lyon"}\n}',
      errors: [{ messageId: "duplicate", path: "/where", message: /the top-level object/ }],
    },
    {
      code: '{"where": {"all": [{"field": "city", "eq": "a"}, {"field": "city", «"field": "state", "eq": "b"}]}}',
      errors: [{ messageId: "duplicate", path: "/where/all/1/field" }],
    },
    {
      name: "an escaped spelling of the same name",
      code: '{"where": {"field": "city", "eq": "a", «"\\u0065q": "b"}}',
      errors: [{ messageId: "duplicate", path: "/where/eq" }],
    },
  ],
});
