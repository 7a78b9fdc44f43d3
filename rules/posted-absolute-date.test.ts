import { ruleTester } from "../src/linter/testing/rule-tester.js";
import rule from "./posted-absolute-date.js";

ruleTester(rule, {
  valid: [
    { code: '{"where": {"field": "posted", "gte": "now-30d"}}', route: "jobs" },
    { code: '{"where": {"field": "created_at", "gte": "2024-01-01"}}', route: "jobs" },
  ],
  invalid: [
    {
      code: '{"where": {"field": "posted", "gte": «"2024-01-01"}}',
      route: "jobs",
      errors: [
        {
          messageId: "absolute",
          path: "/where/gte",
          message:
            '"2024-01-01" on `posted`: §2.5 says posted is filtered with a relative date (now-<n>d, ' +
            "now-<n>m); an absolute date may be read differently.",
        },
      ],
    },
  ],
});
