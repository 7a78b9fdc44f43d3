import { ruleTester } from "../src/linter/testing/rule-tester.js";
import rule from "./detail-source.js";

ruleTester(rule, {
  valid: [
    { code: '{"job_ids": ["a"], "_source": ["title", "company_id", "salary.currency"]}' },
    {
      name: "people names are left to source-unspecified",
      code: '{"profile_ids": ["a"], "_source": ["not_published"]}',
    },
    { code: '{"profile_ids": ["a"], "source": true}' },
    { code: '{"company_ids": ["a"], "_source": {"name": true}}' },
  ],
  invalid: [
    {
      code: '{"job_ids": ["a"], "_source": ["title", «"salry"]}',
      errors: [
        {
          messageId: "unknown",
          path: "/_source/1",
          message: '"salry" is not a field of the job record (§2.6), so the request is refused.',
          suggestions: [{ message: "Did you mean `salary`?", value: "salary", path: "/_source/1" }],
        },
      ],
      output: { job_ids: ["a"], _source: ["title", "salary"] },
      applySuggestions: true,
    },
    {
      code: '{"job_ids": ["a"], "_source": «{"title": true}}',
      errors: [
        { messageId: "form", path: "/_source", message: "`_source` takes an array of field names; got object." },
      ],
    },
    {
      code: '{"profile_ids": ["a"], "_source": «"full_name"}',
      errors: [
        {
          messageId: "form",
          path: "/_source",
          message: "`_source` takes an array of field names, an object or a boolean; got string.",
        },
      ],
    },
    {
      code: '{"profile_ids": ["a"], "source": ["full_name", «3]}',
      errors: [{ messageId: "item", path: "/source/1", message: "A field name in `source` is a string; got number." }],
    },
  ],
});
