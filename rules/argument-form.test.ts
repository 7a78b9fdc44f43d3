import { ruleTester } from "../src/linter/testing/rule-tester.js";
import rule from "./argument-form.js";

ruleTester(rule, {
  valid: [
    {
      code:
        '{"where": {"all": [{"not": {"field": "city", "eq": "Paris"}}, {"field": "city", "in": ["Lyon"]}, ' +
        '{"field": "headline", "exists": true}]}}',
    },
  ],
  invalid: [
    {
      code: '{"where": {"not": «[{"field": "city", "eq": "Paris"}]}}',
      errors: [
        {
          messageId: "not",
          path: "/where/not",
          message:
            "`not` over array: only a node is the natural form; the spec does not show what the service does " +
            "with this one.",
          clauses: ["s4-2-rule6-argument-forms-not-shown"],
        },
      ],
    },
    {
      code: '{"where": {"field": "city", "in": «"Paris"}}',
      errors: [
        {
          messageId: "in",
          path: "/where/in",
          suggestions: [{ message: "Use `eq` with the value.", value: { field: "city", eq: "Paris" }, path: "/where" }],
        },
      ],
      output: { where: { field: "city", eq: "Paris" } },
      applySuggestions: true,
    },
    {
      code: '{"where": {"field": "city", "in": «[]}}',
      errors: [{ messageId: "inEmpty", path: "/where/in", message: /empty array/ }],
    },
    {
      code: '{"where": {"field": "headline", "exists": «false}}',
      errors: [
        {
          messageId: "existsFalse",
          path: "/where/exists",
          message: /`exists: false`/,
          suggestions: [{ value: { not: { field: "headline", exists: true } } }],
        },
      ],
    },
    {
      code: '{"where": {"field": "headline", "exists": «"yes"}}',
      errors: [{ messageId: "exists", path: "/where/exists", suggestions: [] }],
    },
    {
      code: '{"where": {"all": «[]}}',
      errors: [
        {
          messageId: "empty",
          path: "/where/all",
          message: "An empty `all`: the spec does not show whether it matches everything, nothing, or is refused.",
          clauses: ["s4-2-composite-forms"],
        },
      ],
    },
  ],
});
