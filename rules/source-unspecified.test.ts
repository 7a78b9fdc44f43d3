import { ruleTester } from "../src/linter/testing/rule-tester.js";
import rule from "./source-unspecified.js";

ruleTester(rule, {
  valid: [
    {
      code:
        '{"profile_ids": ["a"], "_source": ["profile_id", "full_name", "active_experience_title", "skills", ' +
        '"city"]}',
    },
    { name: "jobs are detail-source's", code: '{"job_ids": ["a"], "_source": {"x": 1}}' },
    { name: "company fields are not shown at all", code: '{"company_ids": ["a"], "_source": ["anything"]}' },
  ],
  invalid: [
    {
      code: '{"profile_ids": ["a"], "_source": ["full_name", «"full_nam", «"email"]}',
      errors: [
        {
          messageId: "unpublished",
          path: "/_source/1",
          message:
            '"full_nam" is not a published people record field (the four shown in §2.4 and the queryable ' +
            "names); the service may refuse it.",
          suggestions: [{ message: "Did you mean `full_name`?", value: "full_name" }],
        },
        { messageId: "unpublished", path: "/_source/2", suggestions: [] },
      ],
    },
    {
      code: '{"profile_ids": ["a"], "source": «true}',
      errors: [
        {
          messageId: "form",
          path: "/source",
          message:
            "The boolean form of `source` selects fields in a way the spec does not show; name the fields in an array.",
          clauses: ["s4-4-source-object-boolean-not-shown"],
        },
      ],
    },
    {
      code: '{"company_ids": ["a"], "_source": «{"name": true}}',
      errors: [{ messageId: "form", path: "/_source", message: /The object form of `_source`/ }],
    },
  ],
});
