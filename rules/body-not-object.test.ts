import { ruleTester } from "../src/linter/testing/rule-tester.js";
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
      errors: [
        { messageId: "notObject", path: "", message: "The body of queryPeople must be a JSON object; got array." },
      ],
    },
    {
      code: '  «"engineers in Paris"',
      route: "searchPeople",
      errors: [{ messageId: "notObject", path: "", message: /searchPeople .* got string/ }],
    },
    { code: "«null", route: "getProfiles", errors: [{ messageId: "notObject", path: "", message: /got null/ }] },
  ],
});
