import { ruleTester } from "../src/linter/testing/rule-tester.js";
import rule from "./date-format.js";

const scoped = (leaf: string) => `{"where": {"has_experience": ${leaf}}}`;

ruleTester(rule, {
  valid: [
    { code: scoped('{"field": "started_at", "gte": "2024-02-29"}') },
    { code: scoped('{"field": "ended_at", "lte": "now-6m"}') },
    { code: '{"where": {"field": "posted", "gte": "now-30d"}}', route: "jobs" },
    {
      name: "an unknown unit is relative-date-unit's",
      code: '{"where": {"field": "posted", "gte": "now-2w"}}',
      route: "jobs",
    },
    { code: '{"where": {"field": "last_funding_round_date", "exists": true}}', route: "companies" },
  ],
  invalid: [
    {
      code: scoped('{"field": "started_at", "gte": «"2025-02-30"}'),
      errors: [
        {
          messageId: "notCalendar",
          path: "/where/has_experience/gte",
          message: '"2025-02-30" is not a calendar date (`started_at` takes YYYY-MM-DD of a day that exists).',
          clauses: ["s4-2-rule3-date-format", "s2-2-job-dates-format"],
          suggestions: [],
        },
      ],
    },
    {
      code: scoped('{"field": "started_at", "gte": «"2024-1-5"}'),
      errors: [
        {
          messageId: "notCalendar",
          path: "/where/has_experience/gte",
          suggestions: [{ message: "Write it 2024-01-05.", value: "2024-01-05" }],
        },
      ],
      output: { where: { has_experience: { field: "started_at", gte: "2024-01-05" } } },
      applySuggestions: true,
    },
    {
      code: '{"where": {"field": "created_at", "gte": «"last week"}}',
      route: "jobs",
      errors: [
        {
          messageId: "invalid",
          path: "/where/gte",
          message:
            '"last week" is not a date for `created_at`: use a real calendar date YYYY-MM-DD or a relative ' +
            "offset such as now-30d or now-6m.",
          clauses: ["s4-2-rule3-date-format"],
        },
      ],
    },
    {
      code: '{"where": {"field": "last_updated_at", "gte": «2020}}',
      route: "companies",
      errors: [{ messageId: "invalid", path: "/where/gte" }],
    },
    {
      code: '{"where": {"field": "posted", "in": ["now-1d", «"2024-13-01"]}}',
      route: "jobs",
      errors: [{ messageId: "notCalendar", path: "/where/in/1", message: /not a calendar date/ }],
    },
  ],
});
