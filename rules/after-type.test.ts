import { ruleTester } from "../src/linter/testing/rule-tester.js";
import rule from "./after-type.js";

ruleTester(rule, {
  valid: [
    { code: '{"where": {"field": "city", "eq": "Paris"}, "after": "c2VjcmV0"}' },
    { code: '{"after": "x"}', route: "queryJobs" },
  ],
  invalid: [
    {
      code: '{"where": {"field": "city", "eq": "Paris"}, "after": «100}',
      errors: [
        {
          messageId: "kind",
          path: "/after",
          message: "`after` must be the string `next` of the previous response; got number.",
        },
      ],
    },
    {
      code: '{"after": «null}',
      route: "queryCompanies",
      errors: [{ messageId: "kind", path: "/after", message: /got null/ }],
    },
  ],
});
