import { ruleTester } from "../src/linter/testing/rule-tester.js";
import rule from "./extra-member.js";

const SCHEMA = '"$schema": "./node_modules/tdss/schemas/people-query.schema.json"';

ruleTester(rule, {
  valid: [
    { code: '{"where": {"field": "city", "eq": "Paris"}, "size": 10, "after": "c"}' },
    {
      name: "a query file's $schema, its editor's annotation",
      code: `{${SCHEMA}, "where": {"field": "city", "eq": "Paris"}}`,
      document: true,
    },
    { name: "a bare node", code: '{"field": "city", "eq": "Paris"}' },
    { name: "nl members are nl-body's", code: '{"text": "x", "filters": 1}', route: "searchPeople" },
    { code: '{"profile_ids": ["a"], "source": ["full_name"]}' },
  ],
  invalid: [
    {
      code: '{"where": {"field": "city", "eq": "Paris"}, «"sort": "name"}',
      errors: [
        {
          messageId: "extra",
          path: "/sort",
          message:
            "`sort` is not a member of a queryPeople body (where, size, after); the spec does not say whether " +
            "it is refused or ignored.",
          clauses: ["s4-2-search-body-shape"],
          suggestions: [],
        },
      ],
    },
    {
      code: '{«"wher": {"field": "title", "match": "x"}, "size": 1}',
      route: "jobs",
      errors: [
        {
          messageId: "extra",
          path: "/wher",
          suggestions: [
            { message: "Did you mean `where`?", value: { where: { field: "title", match: "x" }, size: 1 }, path: "" },
          ],
        },
      ],
      output: { where: { field: "title", match: "x" }, size: 1 },
      applySuggestions: true,
    },
    {
      code: '{"job_ids": ["a"], «"source": ["title"]}',
      errors: [{ messageId: "extra", path: "/source", clauses: ["s4-4-source-alias-jobs-companies"] }],
    },
    {
      code: '{"company_ids": ["a"], «"ids": ["b"]}',
      errors: [{ messageId: "extra", path: "/ids", clauses: ["s4-4-companies-ids-up-to-100"] }],
    },
    {
      name: "$schema in a body sent to the service (the gateway, lint() of a body) is a member",
      code: `{«${SCHEMA}, "where": {"field": "city", "eq": "Paris"}}`,
      errors: [{ messageId: "extra", path: "/$schema" }],
    },
    {
      name: "a $schema that is not a string is no annotation",
      code: '{«"$schema": 1, "where": {"field": "city", "eq": "Paris"}}',
      document: true,
      errors: [{ messageId: "extra", path: "/$schema" }],
    },
  ],
});
