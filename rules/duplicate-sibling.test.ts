import { ruleTester } from "../src/linter/testing/rule-tester.js";
import rule from "./duplicate-sibling.js";

/** A list longer than the pair-by-pair limit: the rule then groups children by key and hash. */
const cities = Array.from({ length: 20 }, (_, i) => `{"field": "city", "eq": "c${i}"}`);
const longList = [...cities.slice(0, 12), '«{"eq": "c3", "field": "city"}', ...cities.slice(12), '{"any": []}']
  .concat('«{"any": []}')
  .join(", ");

ruleTester(rule, {
  valid: [
    { code: '{"where": {"all": [{"field": "city", "eq": "a"}, {"field": "city", "eq": "b"}]}}' },
    { name: "twenty different leaves on one field", code: `{"where": {"all": [${cities.join(", ")}]}}` },
  ],
  invalid: [
    {
      name: "the same node with its keys in another order",
      code:
        '{"where": {"any": [{"field": "city", "eq": "a"}, {"field": "state", "eq": "b"}, «{"eq": "a", "field": ' +
        '"city"}]}}',
      errors: [
        {
          messageId: "duplicate",
          path: "/where/any/2",
          message: "This node repeats node /0 of the same `any`; drop it.",
          fix: {
            path: "/where/any",
            value: [
              { field: "city", eq: "a" },
              { field: "state", eq: "b" },
            ],
          },
        },
      ],
      output: {
        where: {
          any: [
            { field: "city", eq: "a" },
            { field: "state", eq: "b" },
          ],
        },
      },
    },
    {
      name: "repeats in a list of 23 children",
      code: `{"where": {"all": [${longList}]}}`,
      errors: [
        { messageId: "duplicate", path: "/where/all/12", data: { first: "/3" } },
        { messageId: "duplicate", path: "/where/all/22", data: { first: "/21" } },
      ],
    },
  ],
});
