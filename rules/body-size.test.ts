import { loadContract } from "../src/contract/index.js";
import { ruleTester } from "../src/linter/testing/rule-tester.js";
import rule from "./body-size.js";

const limit = loadContract().limits.project.maxBodyBytes;
const body = (bytes: number) => `{"where": {"field": "city", "eq": "${"x".repeat(bytes - 38)}"}}`;

ruleTester(rule, {
  valid: [
    { name: "exactly the limit", code: body(limit) },
    { name: "a parsed value is not measured", code: { value: { where: { field: "city", eq: "x".repeat(limit) } } } },
  ],
  invalid: [
    {
      name: "one byte over the limit",
      code: `«${body(limit + 1)}`,
      errors: [
        { messageId: "large", path: "", message: new RegExp(`is ${limit + 1} bytes, more than ${limit} \\(1 MiB\\)`) },
      ],
    },
    {
      name: "counted in UTF-8 bytes, not characters",
      code: `«{"where": {"field": "city", "eq": "${"é".repeat(limit / 2)}"}}`,
      errors: [{ messageId: "large", path: "" }],
    },
  ],
});
