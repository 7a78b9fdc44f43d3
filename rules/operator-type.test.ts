import { ruleTester } from "../src/linter/testing/rule-tester.js";
import rule from "./operator-type.js";

ruleTester(rule, {
  valid: [
    {
      code:
        '{"where": {"all": [{"field": "title", "match": "engineer"}, {"field": "salary_min", "gte": 50000}, ' +
        '{"field": "functions", "match": "Engineering"}, {"field": "posted", "gte": "now-7d"}, {"field": ' +
        '"description", "exists": true}]}}',
      route: "jobs",
    },
    {
      code:
        '{"where": {"all": [{"field": "employees_count", "lte": 500}, {"field": "industry", "eq": "Software ' +
        'Development"}]}}',
      route: "companies",
    },
    { name: "people operators are operator-not-allowed's", code: '{"where": {"field": "city", "match": "Paris"}}' },
  ],
  invalid: [
    {
      code: '{"where": {"field": "salary_max", «"match": "100000"}}',
      route: "jobs",
      errors: [
        {
          messageId: "mismatch",
          path: "/where/match",
          message:
            "`match` on `salary_max`, which is a number: the spec shows no per-field operators for jobs, and " +
            "`eq`, `in`, `gte`, `lte`, `exists` are the natural ones.",
        },
      ],
    },
    {
      code: '{"where": {"field": "description", «"gte": "a"}}',
      route: "jobs",
      errors: [{ messageId: "mismatch", path: "/where/gte", message: /which is text/ }],
    },
    {
      code: '{"where": {"field": "is_b2b", «"lte": 1}}',
      route: "companies",
      errors: [{ messageId: "mismatch", path: "/where/lte", message: /which is a boolean/ }],
    },
  ],
});
