import { ruleTester } from "../src/linter/testing/rule-tester.js";
import rule from "./where-required.js";

ruleTester(rule, {
  valid: [
    { code: '{"where": {"field": "city", "eq": "Paris"}, "size": 1}' },
    { name: "a bare node", code: '{"field": "city", "eq": "Paris"}' },
    { name: "jobs does not require where", code: '{"size": 1}', route: "queryJobs" },
    { name: "companies does not require where", code: "{}", route: "companies" },
  ],
  invalid: [
    {
      code: '«{"size": 1}',
      errors: [
        {
          messageId: "missing",
          path: "",
          message: "queryPeople requires `where` (a node); this body has none.",
          clauses: ["s4-2-where-required-people", "s4-3-people-query-request"],
        },
      ],
    },
    { code: '\n  «{"size": 1, "after": "x"}', route: "people", errors: [{ messageId: "missing", path: "" }] },
  ],
});
