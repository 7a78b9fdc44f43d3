import { ruleTester } from "../src/lint/testing/rule-tester.js";
import rule from "./value-type.js";

ruleTester(rule, {
  valid: [
    { code: '{"where": {"field": "salary_min", "gte": 50000}}', route: "jobs" },
    { code: '{"where": {"field": "is_working", "eq": true}}' },
    { name: "dates are strings", code: '{"where": {"has_experience": {"field": "started_at", "gte": "2020-01-01"}}}' },
    { name: "fixed sets are strings", code: '{"where": {"has_language": {"field": "language_proficiency", "eq": "Native or bilingual proficiency"}}}' },
  ],
  invalid: [
    {
      code: '{"where": {"field": "salary_min", "gte": «"50000"}}',
      route: "jobs",
      errors: [{ path: "/where/gte", message: '`salary_min` is numeric; "50000" is a string, and the spec does not say how the service compares it.', clauses: ["s2-5-salary-numeric-filters", "s4-2-leaf-form"], suggestions: [{ message: "Use the number 50000.", value: 50000 }] }],
      output: { where: { field: "salary_min", gte: 50000 } },
      applySuggestions: true,
    },
    { code: '{"where": {"has_experience": {"field": "company_size_range", "gte": «"51-200"}}}', errors: [{ path: "/where/has_experience/gte", message: '`company_size_range` is numeric; "51-200" is not a number.', clauses: ["s2-2-company-size-range-ordinal", "s4-2-leaf-form"], suggestions: [] }] },
    { code: '{"where": {"field": "is_working", "eq": «"true"}}', errors: [{ path: "/where/eq", message: '`is_working` is a boolean; "true" is not true or false.', suggestions: [{ message: "Use true.", value: true }] }] },
    { code: '{"where": {"field": "is_b2b", "in": [true, «0]}}', route: "companies", errors: [{ path: "/where/in/1", suggestions: [{ value: false }] }] },
  ],
});
