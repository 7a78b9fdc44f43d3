import { ruleTester } from "../src/lint/testing/rule-tester.js";
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
      errors: [{ path: "", message: new RegExp(/^Not JSON: Unexpected '}': /.source + /expected a value/.source) }],
    },
    {
      name: "trailing comma on line 4",
      code: '{\n  "where": {"field": "city", "eq": "Paris"},\n  "size": 1,\n«}',
      errors: [{ path: "", message: /trailing comma/, clauses: ["s4-bodies-json"], suggestions: [] }],
    },
    { code: "{«'where': 1}", errors: [{ path: "", message: /double quotes/ }] },
    { code: "«", errors: [{ path: "", message: /Empty document/ }] },
    { code: '{"where": «"unterminated}', errors: [{ path: "", message: /Unterminated string/ }] },
    { code: '{"size": 1} «{"size": 2}', errors: [{ path: "", message: /after the end of the JSON value/ }] },
    { name: "a leading zero", code: '{"size": 0«1}', errors: [{ path: "", message: /Invalid number/ }] },
  ],
});
