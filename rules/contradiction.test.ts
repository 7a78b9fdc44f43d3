import { ruleTester } from "../src/linter/testing/rule-tester.js";
import rule from "./contradiction.js";

const now = new Date("2025-06-15T00:00:00Z");

ruleTester(rule, {
  valid: [
    {
      code:
        '{"where": {"all": [{"field": "experience_months", "gte": 12}, {"field": "experience_months", "lte": ' +
        "60}]}}",
    },
    {
      name: "alternatives",
      code:
        '{"where": {"any": [{"field": "experience_months", "gte": 60}, {"field": "experience_months", "lte": ' +
        "12}]}}",
    },
    {
      name: "outside a scope, different jobs can meet each bound",
      code:
        '{"where": {"all": [{"field": "started_at", "gte": "2024-01-01"}, {"field": "started_at", "lte": ' +
        '"2020-01-01"}]}}',
    },
    {
      name: "in different scopes",
      code:
        '{"where": {"all": [{"has_experience": {"field": "duration_months", "gte": 60}}, {"has_experience": ' +
        '{"field": "duration_months", "lte": 12}}]}}',
    },
  ],
  invalid: [
    {
      code:
        '{"where": {"all": [{"field": "experience_months", "gte": 60}, {"field": "experience_months", "lte": ' +
        "«12}]}}",
      errors: [
        {
          messageId: "range",
          path: "/where/all/1/lte",
          message: "`experience_months` must be at least 60 and at most 12 in the same `all`: nothing matches.",
        },
      ],
    },
    {
      name: "dates, relative and absolute, in one scope, through a nested all",
      now,
      code:
        '{"where": {"has_experience": {"all": [{"field": "started_at", "lte": "2024-01-01"}, {"all": [{"field": ' +
        '"started_at", "gte": «"now-6m"}]}]}}}',
      errors: [
        {
          messageId: "range",
          path: "/where/has_experience/all/1/all/0/gte",
          message:
            '`started_at` must be at least "now-6m" and at most "2024-01-01" in the same `all`: nothing matches.',
        },
      ],
    },
    {
      code: '{"where": {"all": [{"field": "is_working", "eq": true}, {"field": "is_working", "eq": «false}]}}',
      errors: [
        {
          messageId: "boolean",
          path: "/where/all/1/eq",
          message: "`is_working` must be both true and false in the same `all`: nothing matches.",
        },
      ],
    },
    {
      code: '{"where": {"all": [{"field": "salary_min", "gte": 90000}, {"field": "salary_min", "lte": «50000}]}}',
      route: "jobs",
      errors: [{ messageId: "range", path: "/where/all/1/lte" }],
    },
  ],
});
