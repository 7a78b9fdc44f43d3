import { ruleTester } from "../src/lint/testing/rule-tester.js";
import rule from "./operator-value-kind.js";

ruleTester(rule, {
  valid: [
    { code: '{"where": {"field": "is_working", "eq": true}}' },
    { code: '{"where": {"field": "experience_months", "gte": "24"}}' },
    { name: "in over a scalar is argument-form's", code: '{"where": {"field": "city", "in": "Paris"}}' },
    { name: "exists over anything is argument-form's", code: '{"where": {"field": "city", "exists": {}}}' },
  ],
  invalid: [
    { code: '{"where": {"field": "city", "eq": «{"name": "Paris"}}}', errors: [{ path: "/where/eq", message: "`eq` takes a string or a number or a boolean; got object." }] },
    { code: '{"where": {"field": "city", "eq": «null}}', errors: [{ path: "/where/eq", message: /got null/ }] },
    { code: '{"where": {"field": "title", "match": «5}}', errors: [{ path: "/where/match", message: "`match` takes a string; got number." }] },
    { code: '{"where": {"field": "experience_months", "gte": «true}}', errors: [{ path: "/where/gte", message: "`gte` takes a number or a string; got boolean." }] },
    { code: '{"where": {"field": "city", "in": ["Paris", «["Lyon"], «null]}}', errors: [{ path: "/where/in/1", message: "The values of `in` are a string or a number or a boolean; got array." }, { path: "/where/in/2" }] },
  ],
});
