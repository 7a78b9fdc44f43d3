import { ruleTester } from "../src/linter/testing/rule-tester.js";
import rule from "./nested-composite.js";

const a = '{"field": "city", "eq": "a"}';
const b = '{"field": "state", "eq": "b"}';
const c = '{"field": "country", "eq": "c"}';

ruleTester(rule, {
  valid: [{ code: `{"where": {"all": [${a}, {"any": [${b}, ${c}]}]}}` }],
  invalid: [
    {
      code: `{"where": {"all": [${a}, {«"all": [${b}, ${c}]}]}}`,
      errors: [
        {
          messageId: "nested",
          path: "/where/all/1/all",
          message: "An `all` directly inside an `all` can be flattened into it.",
          fix: { path: "/where/all", value: [JSON.parse(a), JSON.parse(b), JSON.parse(c)] },
        },
      ],
      output: { where: { all: [JSON.parse(a), JSON.parse(b), JSON.parse(c)] } },
    },
    {
      code: `{"where": {"any": [{«"any": [${a}, ${b}]}, ${c}]}}`,
      errors: [{ messageId: "nested", path: "/where/any/0/any" }],
      output: { where: { any: [JSON.parse(a), JSON.parse(b), JSON.parse(c)] } },
    },
  ],
});
