import { ruleTester } from "../src/linter/testing/rule-tester.js";
import rule from "./scope-not-allowed.js";

ruleTester(rule, {
  valid: [
    { code: '{"where": {"has_experience": {"field": "title", "match": "engineer"}}}' },
    { code: '{"where": {"field": "title", "match": "engineer"}}', route: "jobs" },
  ],
  invalid: [
    {
      code: '{"where": {«"has_experience": {"field": "title", "match": "engineer"}}}',
      route: "queryJobs",
      errors: [
        {
          messageId: "notAllowed",
          path: "/where/has_experience",
          message: "jobs queries have no scopes (one document is one posting); `has_experience` is refused.",
          suggestions: [
            {
              message: "Put the condition directly in place of the scope.",
              value: { field: "title", match: "engineer" },
              path: "/where",
            },
          ],
        },
      ],
      output: { where: { field: "title", match: "engineer" } },
      applySuggestions: true,
    },
    {
      code: '{"where": {"all": [{«"has_language": {"field": "name", "eq": "x"}}]}}',
      route: "companies",
      errors: [
        {
          messageId: "notAllowed",
          path: "/where/all/0/has_language",
          message: /companies queries have no scopes \(one document is one company\)/,
        },
      ],
    },
  ],
});
