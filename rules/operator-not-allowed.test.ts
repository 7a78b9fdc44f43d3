import { ruleTester } from "../src/linter/testing/rule-tester.js";
import rule from "./operator-not-allowed.js";

ruleTester(rule, {
  valid: [
    { code: '{"where": {"field": "title", "match": "engineer"}}' },
    {
      name: "match on role is match-role-company-type's",
      code: '{"where": {"has_experience": {"field": "role", "match": "sales"}}}',
    },
    { name: "jobs take the general set", code: '{"where": {"field": "city", "match": "Paris"}}', route: "jobs" },
  ],
  invalid: [
    {
      code: '{"where": {"field": "city", «"match": "Paris"}}',
      errors: [
        {
          messageId: "notAllowed",
          path: "/where/match",
          message: "`match` is not an operator of `city` (Person location: `eq`, `in`, `exists`).",
          clauses: ["s2-2-operator-not-allowed", "s2-2-ops-person-location"],
          suggestions: [{ message: /with `eq` instead/, value: { field: "city", eq: "Paris" }, path: "/where" }],
        },
      ],
      output: { where: { field: "city", eq: "Paris" } },
      applySuggestions: true,
    },
    {
      code: '{"where": {"field": "skills", «"gte": "python"}}',
      errors: [
        {
          messageId: "notAllowed",
          path: "/where/skills".replace("skills", "gte"),
          clauses: ["s2-2-operator-not-allowed", "s2-2-ops-list-free-text"],
          suggestions: [],
        },
      ],
    },
    {
      code: '{"where": {"has_experience": {"field": "started_at", «"eq": "2020-01-01"}}}',
      errors: [
        {
          messageId: "notAllowed",
          path: "/where/has_experience/eq",
          clauses: ["s2-2-operator-not-allowed", "s2-2-ops-job-dates"],
        },
      ],
    },
    {
      code: '{"where": {"field": "language_proficiency", «"gte": "Elementary proficiency"}}',
      errors: [
        {
          messageId: "notAllowed",
          path: "/where/gte",
          clauses: ["s2-2-operator-not-allowed", "s2-2-ops-language-level"],
        },
      ],
    },
  ],
});
