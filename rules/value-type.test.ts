import { ruleTester } from "../src/linter/testing/rule-tester.js";
import rule from "./value-type.js";

ruleTester(rule, {
  valid: [
    { code: '{"where": {"field": "salary_min", "gte": 50000}}', route: "jobs" },
    { code: '{"where": {"field": "is_working", "eq": true}}' },
    { code: '{"where": {"field": "skills", "in": ["Python", "Go"]}}' },
    { code: '{"where": {"field": "title", "match": "data engineer"}}' },
    {
      name: "dates are date-format's",
      code: '{"where": {"has_experience": {"field": "started_at", "gte": 20200101}}}',
    },
    {
      name: "fixed sets are fixed-set-value's",
      code: '{"where": {"has_language": {"field": "language_proficiency", "eq": 3}}}',
    },
    { name: "objects are operator-value-kind's", code: '{"where": {"field": "skills", "eq": {"a": 1}}}' },
    { name: "exists is argument-form's", code: '{"where": {"field": "skills", "exists": 1}}' },
  ],
  invalid: [
    {
      code: '{"where": {"field": "salary_min", "gte": «"50000"}}',
      route: "jobs",
      errors: [
        {
          messageId: "numericString",
          path: "/where/gte",
          message:
            '`salary_min` is numeric; "50000" is a string, and the spec does not say how the service compares it.',
          clauses: ["s2-5-salary-numeric-filters", "s4-2-leaf-form"],
          suggestions: [{ message: "Use the number 50000.", value: 50000 }],
        },
      ],
      output: { where: { field: "salary_min", gte: 50000 } },
      applySuggestions: true,
    },
    {
      code: '{"where": {"has_experience": {"field": "company_size_range", "gte": «"51-200"}}}',
      errors: [
        {
          messageId: "notNumber",
          path: "/where/has_experience/gte",
          message: '`company_size_range` is numeric; "51-200" is not a number.',
          clauses: ["s2-2-company-size-range-ordinal", "s4-2-leaf-form"],
          suggestions: [],
        },
      ],
    },
    {
      code: '{"where": {"field": "is_working", "eq": «"true"}}',
      errors: [
        {
          messageId: "notBoolean",
          path: "/where/eq",
          message: '`is_working` is a boolean; "true" is not true or false.',
          suggestions: [{ message: "Use true.", value: true }],
        },
      ],
    },
    {
      code: '{"where": {"field": "is_b2b", "in": [true, «0]}}',
      route: "companies",
      errors: [{ messageId: "notBoolean", path: "/where/in/1", suggestions: [{ value: false }] }],
    },
    {
      name: "a number for a text field",
      code: '{"where": {"field": "skills", "eq": «280}}',
      errors: [
        {
          messageId: "notText",
          path: "/where/eq",
          message:
            "`skills` holds text; 280 is a number, and the spec does not say whether the service compares it as text.",
          suggestions: [{ message: 'Use the string "280".', value: "280" }],
        },
      ],
    },
    {
      code: '{"where": {"field": "first_name", "in": ["Ann", «true]}}',
      errors: [{ messageId: "notText", path: "/where/in/1", message: /is a boolean/ }],
    },
    {
      code: '{"where": {"field": "name", "match": «42}}',
      route: "companies",
      errors: [
        {
          messageId: "matchText",
          path: "/where/match",
          message: "`match` compares words; 42 is a number, and the spec does not say what the service does with it.",
        },
      ],
    },
    {
      code: '{"where": {"has_experience": {"field": "started_at", "gte": «null}}}',
      errors: [
        {
          messageId: "null",
          path: "/where/has_experience/gte",
          message:
            "`gte` on `started_at` with null: the spec does not say whether null matches a missing value or " +
            "is refused.",
        },
      ],
    },
  ],
});
