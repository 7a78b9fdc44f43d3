import { ruleTester } from "../src/linter/testing/rule-tester.js";
import rule from "./byte-order-mark.js";

ruleTester(rule, {
  valid: [
    { code: '{"where": {"field": "city", "eq": "Paris"}}' },
    { code: ' {"where": {"field": "city", "eq": "\ufeff"}}' },
  ],
  invalid: [
    {
      name: "a BOM before the body (it is read past: the body is linted as usual)",
      code: '«\ufeff{"where": {"field": "city", "eq": "Paris"}}',
      errors: [{ messageId: "bom", path: "", message: /byte order mark/ }],
    },
  ],
});
