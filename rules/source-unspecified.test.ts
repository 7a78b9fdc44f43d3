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
    { name: "a queryable company field", code: '{"company_ids": ["a"], "_source": ["name", "employees_count"]}' },
  ],
  invalid: [
    {
      name: "a company field outside the queryable names (§2.7 shows none)",
      code: '{"company_ids": ["a"], "_source": [«"founders"]}',
      errors: [
        {
          messageId: "unpublished",
          path: "/_source/0",
          message:
            '"founders" is not a published companies record field (§2.7 shows none; the queryable names are taken ' +
            "as fields); the service may refuse it.",
          clauses: ["s2-7-company-record-fields-not-shown", "s4-4-unknown-source-name-which"],
        },
      ],
    },
    {
      name: "_source and source together",
      code: '{"profile_ids": ["a"], "_source": ["full_name"], «"source": ["skills"]}',
      errors: [
        {
          messageId: "both",
          path: "/source",
          message: "`_source` and `source` together: the spec gives one or the other, not what both select.",
          clauses: ["s4-4-source-with-alias"],
        },
      ],
    },
    {
      name: "an object form with another member",
      code: '{"company_ids": ["a"], "_source": «{"fields": «["name"]}}',
      errors: [
        { messageId: "form", path: "/_source" },
        {
          messageId: "objectMembers",
          path: "/_source/fields",
          message:
            "The object form of `_source` is read as {includes, excludes}, each an array of field names; " +
            "`fields` is neither.",
          clauses: ["s4-4-source-object-members", "s4-4-source-object-boolean-not-shown"],
        },
      ],
    },
    {
      name: "an object form whose excludes is no array, and an unpublished name in includes",
      code: '{"profile_ids": ["a"], "_source": «{"includes": [«"email"], "excludes": «"skills"}}',
      errors: [
        { messageId: "form", path: "/_source" },
        { messageId: "unpublished", path: "/_source/includes/0" },
        { messageId: "objectMembers", path: "/_source/excludes", message: /`excludes` is not an array of names/ },
      ],
    },
    {
      name: "the object form as the project reads it",
      code: '{"profile_ids": ["a"], "_source": «{"includes": ["full_name"], "excludes": []}}',
      errors: [{ messageId: "form", path: "/_source" }],
    },
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
      code: '{"company_ids": ["a"], "_source": «{"name": «true}}',
      errors: [
        { messageId: "form", path: "/_source", message: /The object form of `_source`/ },
        { messageId: "objectMembers", path: "/_source/name" },
      ],
    },
  ],
});
