import { ruleTester } from "../src/linter/testing/rule-tester.js";
import rule from "./size-range.js";

const where = '"where": {"field": "city", "eq": "Paris"}';

ruleTester(rule, {
  valid: [
    { code: `{${where}, "size": 1}` },
    { code: `{${where}, "size": 10000}` },
    { code: `{${where}}` },
    { code: `{${where}, "size": 10.0}` },
    { code: '{"text": "x", "size": 25}', route: "searchPeople" },
    { name: "the natural-language size is nl-unspecified's", code: '{"text": "x", "size": -3}', route: "searchPeople" },
  ],
  invalid: [
    {
      code: `{${where}, "size": «0}`,
      errors: [
        {
          messageId: "range",
          path: "/size",
          message: "`size` must be an integer from 1 to 10000; got 0.",
          suggestions: [{ message: "Use 1.", value: 1, path: "/size" }],
        },
      ],
      output: { where: { field: "city", eq: "Paris" }, size: 1 },
      applySuggestions: true,
    },
    {
      code: `{${where}, "size": «10001}`,
      errors: [{ messageId: "range", path: "/size", suggestions: [{ value: 10000 }] }],
    },
    { code: `{${where}, "size": «1.5}`, errors: [{ messageId: "range", path: "/size", suggestions: [{ value: 2 }] }] },
    {
      code: `{${where}, "size": «"10"}`,
      errors: [
        {
          messageId: "kind",
          path: "/size",
          message: '`size` must be an integer from 1 to 10000; got string "10".',
          suggestions: [],
        },
      ],
    },
  ],
});
