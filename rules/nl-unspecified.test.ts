import { ruleTester } from "../src/linter/testing/rule-tester.js";
import rule from "./nl-unspecified.js";

const route = "searchPeople" as const;
/** U+1F600: one code point, one user-perceived character, two UTF-16 units. */
const EMOJI = "\u{1F600}";
/** "e" with U+0301 (combining acute): two code points, one user-perceived character. */
const ACCENTED = "e\u0301";

ruleTester(rule, {
  valid: [
    { code: '{"text": "data engineers in Paris", "size": 10}', route },
    { name: "within the limit by every count", code: `{"text": "${EMOJI.repeat(2500)}"}`, route },
    { name: "over it by every count is nl-body's", code: `{"text": "${"a".repeat(5001)}"}`, route },
    { name: "emoji over it by every count", code: `{"text": "${EMOJI.repeat(5001)}"}`, route },
    { name: "a search size is size-range's", code: '{"where": {"field": "city", "eq": "Paris"}, "size": 0}' },
  ],
  invalid: [
    {
      name: "3,000 emoji: 3,000 code points, 6,000 UTF-16 units",
      code: `{"text": «"${EMOJI.repeat(3000)}"}`,
      route,
      errors: [
        {
          messageId: "units",
          path: "/text",
          message:
            "`text` has 3000 code points but 6000 UTF-16 units; whether that is over 5000 characters depends on " +
            "how characters are counted.",
          clauses: ["s4-3-nl-text-characters-counted", "s8-nl-text-length"],
        },
      ],
    },
    {
      name: "3,000 accented letters: 6,000 code points, 3,000 user-perceived characters",
      code: `{"text": «"${ACCENTED.repeat(3000)}"}`,
      route,
      errors: [{ messageId: "codePoints", path: "/text", message: /has 3000 user-perceived characters but 6000 code/ }],
    },
    {
      code: '{"text": "x", "size": «0}',
      route,
      errors: [
        {
          messageId: "size",
          path: "/size",
          message: "`size` is 0 (number); the natural-language search gives no range, the project reads 1 to 10000.",
          clauses: ["s4-3-nl-size-range"],
        },
      ],
    },
    {
      code: '{"text": "x", "size": «"5"}',
      route,
      errors: [{ messageId: "size", path: "/size", message: /\(string\)/ }],
    },
  ],
});
