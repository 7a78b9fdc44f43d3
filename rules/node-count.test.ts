import { loadContract } from "../src/contract/index.js";
import { ruleTester } from "../src/linter/testing/rule-tester.js";
import rule from "./node-count.js";

const max = loadContract().limits.project.maxNodes;
const leaves = (n: number) => Array.from({ length: n }, (_, i) => `{"field": "city", "eq": "c${i}"}`);

ruleTester(rule, {
  valid: [
    { name: "the all and max - 1 leaves: max nodes", code: `{"where": {"all": [${leaves(max - 1).join(", ")}]}}` },
  ],
  invalid: [
    {
      name: "one node more: reported once, at the first node past the limit",
      code: `{"where": {"all": [${leaves(max - 1).join(", ")}, «${leaves(2).join(", ")}]}}`,
      errors: [{ messageId: "many", path: `/where/all/${max - 1}`, message: new RegExp(`more than ${max} nodes`) }],
    },
  ],
});
