import { ruleTester } from "../src/linter/testing/rule-tester.js";
import rule from "./max-depth.js";

const leaf = '{"field": "city", "eq": "Paris"}';
const nots = (n: number, inner: string) => '{"not": '.repeat(n) + inner + "}".repeat(n);

ruleTester(rule, {
  valid: [{ name: "64 nodes deep", code: `{"where": ${nots(63, leaf)}}` }, { code: `{"where": ${leaf}}` }],
  invalid: [
    {
      name: "65 nodes deep",
      code: `{"where": ${nots(64, `«${leaf}`)}}`,
      errors: [
        {
          messageId: "tooDeep",
          path: "/where" + "/not".repeat(64),
          message:
            "The node tree is nested deeper than 64 nodes; this node is at depth 65 and nothing below it was checked.",
        },
      ],
    },
    {
      name: "100,000 deep",
      code: `{"where": ${nots(64, `«${nots(100_000 - 64, leaf)}`)}}`,
      errors: [{ messageId: "tooDeep", path: "/where" + "/not".repeat(64) }],
    },
    {
      name: "all arrays count one node a level",
      code: `{"where": ${'{"all": ['.repeat(64)}«${leaf}${"]}".repeat(64)}}`,
      errors: [{ messageId: "tooDeep", path: "/where" + "/all/0".repeat(64) }],
    },
  ],
});
