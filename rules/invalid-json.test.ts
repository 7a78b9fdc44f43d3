import { ruleTester } from "../src/linter/testing/rule-tester.js";
import rule from "./invalid-json.js";

ruleTester(rule, {
  valid: [
    { code: '{"where": {"field": "city", "eq": "Paris"}}' },
    { code: "  [1, 2]  " },
    { code: { value: { where: 1 } } },
  ],
  invalid: [
    {
      code: '{"where": {"field": «}}',
      errors: [{ messageId: "syntax", path: "", message: /^Not JSON: Unexpected '}': expected a value/ }],
    },
    {
      name: "trailing comma on line 4",
      code: '{\n  "where": {"field": "city", "eq": "Paris"},\n  "size": 1,\n«}',
      errors: [
        { messageId: "syntax", path: "", message: /trailing comma/, clauses: ["s4-bodies-json"], suggestions: [] },
      ],
    },
    { code: "{«'where': 1}", errors: [{ messageId: "syntax", path: "", message: /double quotes/ }] },
    { code: "«", errors: [{ messageId: "syntax", path: "", message: /Empty document/ }] },
    { code: '{"where": «"unterminated}', errors: [{ messageId: "syntax", path: "", message: /Unterminated string/ }] },
    {
      code: '{"size": 1} «{"size": 2}',
      errors: [{ messageId: "syntax", path: "", message: /after the end of the JSON value/ }],
    },
    {
      name: "a leading zero",
      code: '{"size": 0«1}',
      errors: [{ messageId: "syntax", path: "", message: /Invalid number/ }],
    },
  ],
});
