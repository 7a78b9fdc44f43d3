import { ruleTester } from "../src/linter/testing/rule-tester.js";
import rule from "./leaf-operator-count.js";

ruleTester(rule, {
  valid: [
    {
      code:
        '{"where": {"all": [{"field": "experience_months", "gte": 12}, {"field": "experience_months", "lte": ' +
        "60}]}}",
    },
    { name: "a misspelt operator is node-shape's", code: '{"where": {"field": "city", "eqq": "Paris"}}' },
  ],
  invalid: [
    {
      code: '{"where": «{"field": "city"}}',
      errors: [
        {
          messageId: "none",
          path: "/where",
          message: "The leaf on `city` has no operator; give exactly one of `eq`, `in`, `exists`.",
          clauses: ["s4-2-leaf-form", "s4-2-rule1-one-operator-per-leaf"],
        },
      ],
    },
    {
      code: '{"where": {"field": "city", "eq": "Paris", «"in": ["Lyon"], «"exists": true}}',
      errors: [
        {
          messageId: "several",
          path: "/where/in",
          message:
            "The leaf on `city` has 3 operators (`eq`, `in`, `exists`); a leaf takes exactly one. Extra operator `in`.",
          fix: null,
        },
        { messageId: "several", path: "/where/exists" },
      ],
    },
    {
      code: '{\n  "where": {\n    "field": "experience_months",\n    "gte": 12,\n    «"lte": 60\n  }\n}',
      errors: [
        {
          messageId: "range",
          path: "/where/lte",
          message: "A bounded range is an `all` of two leaves (one gte, one lte), never both in one leaf.",
          clauses: ["s4-2-rule1-bounded-range-all", "s8-operators-per-leaf"],
          fix: {
            path: "/where",
            value: {
              all: [
                { field: "experience_months", gte: 12 },
                { field: "experience_months", lte: 60 },
              ],
            },
          },
        },
      ],
      output: {
        where: {
          all: [
            { field: "experience_months", gte: 12 },
            { field: "experience_months", lte: 60 },
          ],
        },
      },
    },
    {
      name: "an unknown field still has its operators counted",
      code: '{"where": «{"field": "zz"}}',
      errors: [{ messageId: "none", path: "/where", message: /one of `eq`, `in`, `match`, `gte`, `lte`, `exists`/ }],
    },
  ],
});
