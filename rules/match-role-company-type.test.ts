import { ruleTester } from "../src/linter/testing/rule-tester.js";
import rule from "./match-role-company-type.js";

ruleTester(rule, {
  valid: [
    { code: '{"where": {"has_experience": {"field": "role", "eq": "Software Engineering"}}}' },
    {
      name: "a fixed-set field's match is operator-not-allowed's",
      code: '{"where": {"field": "management_level", "match": "director"}}',
    },
  ],
  invalid: [
    {
      code: '{"where": {"has_experience": {"field": "role", «"match": "engineering"}}}',
      errors: [
        {
          messageId: "contradiction",
          path: "/where/has_experience/match",
          message:
            "`match` on `role`: §2.3 says to query it with match, §2.2 allows only eq, in, exists; the " +
            "service may refuse it.",
        },
      ],
    },
    {
      code: '{"where": {"has_experience": {"field": "company_type", «"match": "startup"}}}',
      errors: [{ messageId: "contradiction", path: "/where/has_experience/match" }],
    },
  ],
});
