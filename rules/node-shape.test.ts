import { ruleTester } from "../src/linter/testing/rule-tester.js";
import rule from "./node-shape.js";

ruleTester(rule, {
  valid: [
    { code: '{"where": {"all": [{"field": "city", "eq": "Paris"}, {"not": {"field": "city", "eq": "Lyon"}}]}}' },
    { code: '{"where": {"has_experience": {"field": "title", "match": "engineer"}}}' },
    { name: "a bare leaf", code: '{"field": "city", "eq": "Paris"}' },
    { name: "not over an array is argument-form's", code: '{"where": {"not": [{"field": "city", "eq": "Paris"}]}}' },
  ],
  invalid: [
    {
      code: '{"where": «"city = Paris"}',
      errors: [
        {
          messageId: "notObject",
          path: "/where",
          message: "A node must be an object (a composite, a leaf or a scope); got string.",
        },
      ],
    },
    {
      code: '{"where": {"all": [«[]]}}',
      errors: [{ messageId: "notObject", path: "/where/all/0", message: /got array/ }],
    },
    {
      code: '{"where": «{}}',
      errors: [{ messageId: "empty", path: "/where", message: /An empty object is not a node/ }],
    },
    {
      code: '{"where": {«"alll": [{"field": "city", "eq": "Paris"}]}}',
      errors: [
        {
          messageId: "noForm",
          path: "/where/alll",
          message: /`alll` is not a node key/,
          suggestions: [
            { message: "Did you mean `all`?", value: { all: [{ field: "city", eq: "Paris" }] }, path: "/where" },
          ],
        },
      ],
      output: { where: { all: [{ field: "city", eq: "Paris" }] } },
      applySuggestions: true,
    },
    {
      name: "another language's connective is read as the composite it means, not as the name nearest in spelling",
      code: '{"where": {«"and": [{"field": "city", "eq": "Paris"}, {"field": "skills", "eq": "go"}]}}',
      errors: [
        {
          messageId: "noForm",
          path: "/where/and",
          suggestions: [
            {
              message: "Did you mean `all`?",
              value: {
                all: [
                  { field: "city", eq: "Paris" },
                  { field: "skills", eq: "go" },
                ],
              },
              path: "/where",
            },
          ],
        },
      ],
    },
    {
      code: '{"where": {«"OR": [{"field": "city", "eq": "Paris"}]}}',
      errors: [{ messageId: "noForm", path: "/where/OR", suggestions: [{ message: "Did you mean `any`?" }] }],
    },
    {
      code: '{"where": {"all": [], «"any": []}}',
      errors: [
        {
          messageId: "severalForms",
          path: "/where/any",
          message: "A node is exactly one of a composite, a leaf or a scope; this one also has `any` (after `all`).",
        },
      ],
    },
    {
      code: '{"where": {"field": "city", "eq": "Paris", «"all": []}}',
      errors: [{ messageId: "severalForms", path: "/where/all" }],
    },
    {
      code: '{"where": {"field": "city", "eq": "Paris", «"boost": 2}}',
      errors: [
        {
          messageId: "unknownKey",
          path: "/where/boost",
          message: "`boost` is not allowed in a leaf.",
          suggestions: [],
        },
      ],
    },
    {
      code: '{"where": {"field": "city", «"eqq": "Paris"}}',
      errors: [
        {
          messageId: "unknownKey",
          path: "/where/eqq",
          suggestions: [{ message: "Did you mean `eq`?", value: { field: "city", eq: "Paris" } }],
        },
      ],
    },
    {
      // eq is not an operator of a duration (§2.2): suggesting it would trade one refusal for another.
      code: '{"where": {"field": "experience_months", «"eqq": 12, "gte": 12}}',
      errors: [{ messageId: "unknownKey", path: "/where/eqq", suggestions: [] }],
    },
    {
      code: '{"where": {"field": "experience_months", «"gtee": 12}}',
      errors: [
        {
          messageId: "unknownKey",
          path: "/where/gtee",
          suggestions: [{ message: "Did you mean `gte`?", value: { field: "experience_months", gte: 12 } }],
        },
      ],
    },
    {
      code: '{"where": {"not": {"field": "city", "eq": "x"}, «"note": "y"}}',
      errors: [
        { messageId: "unknownKey", path: "/where/note", message: "`note` is not allowed in a `not` composite." },
      ],
    },
    {
      code: '{"where": «{"eq": "Paris"}}',
      errors: [{ messageId: "noField", path: "/where", message: "A leaf needs `field`; this one has only `eq`." }],
    },
    {
      code: '{"where": {"all": «{"field": "city", "eq": "Paris"}}}',
      errors: [
        {
          messageId: "notArray",
          path: "/where/all",
          message: "`all` takes an array of nodes; got object.",
          suggestions: [{ message: "Wrap it in an array.", value: [{ field: "city", eq: "Paris" }] }],
        },
      ],
    },
    { code: '{"where": {"any": «"x"}}', errors: [{ messageId: "notArray", path: "/where/any", suggestions: [] }] },
    { name: "jobs", route: "queryJobs", code: '{"where": «[]}', errors: [{ messageId: "notObject", path: "/where" }] },
  ],
});
