import { ruleTester } from "../src/linter/testing/rule-tester.js";
import rule from "./relative-date-unit.js";

ruleTester(rule, {
  valid: [
    { code: '{"where": {"field": "posted", "gte": "now-30d"}}', route: "jobs" },
    { code: '{"where": {"has_experience": {"field": "started_at", "gte": "now-6m"}}}' },
  ],
  invalid: [
    {
      code: '{"where": {"field": "posted", "gte": «"now-2w"}}',
      route: "jobs",
      errors: [
        {
          messageId: "unit",
          path: "/where/gte",
          message: '"now-2w" uses the unit `w`; the spec shows only d (days) and m (months).',
          suggestions: [{ message: "Write it now-14d.", value: "now-14d" }],
        },
      ],
      output: { where: { field: "posted", gte: "now-14d" } },
      applySuggestions: true,
    },
    {
      code: '{"where": {"has_experience": {"field": "ended_at", "gte": «"now-1y"}}}',
      errors: [{ messageId: "unit", path: "/where/has_experience/gte", suggestions: [{ value: "now-12m" }] }],
    },
    {
      code: '{"where": {"field": "created_at", "in": [«"now-3h"]}}',
      route: "jobs",
      errors: [{ messageId: "unit", path: "/where/in/0", suggestions: [] }],
    },
  ],
});
