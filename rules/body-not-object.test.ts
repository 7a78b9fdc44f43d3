import { ruleTester } from "../src/lint/testing/rule-tester.js";
import rule from "./body-not-object.js";

ruleTester(rule, {
  valid: [
    { code: '{"where": {"field": "city", "eq": "Paris"}}' },
    { code: '{"text": "x"}', route: "searchPeople" },
    { code: '{"job_ids": []}', route: "getJobs" },
  ],
  invalid: [
    {
      code: '«[{"where": {"field": "city", "eq": "Paris"}}]',
      errors: [{ path: "", message: "The body of queryPeople must be a JSON object; got array." }],
    },
    {
      code: '  «"engineers in Paris"',
      route: "searchPeople",
      errors: [{ path: "", message: /searchPeople .* got string/ }],
    },
    { code: "«null", route: "getProfiles", errors: [{ path: "", message: /got null/ }] },
  ],
});
