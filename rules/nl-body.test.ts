import { ruleTester } from "../src/linter/testing/rule-tester.js";
import rule from "./nl-body.js";

const route = "searchPeople" as const;

ruleTester(rule, {
  valid: [
    { code: '{"text": "data engineers in Paris", "size": 10}', route },
    { code: `{"text": "${"a".repeat(5000)}"}`, route },
    {
      name: "over the limit in UTF-16 units only is nl-unspecified's",
      code: `{"text": "${"\u{1F600}".repeat(3000)}"}`,
      route,
    },
  ],
  invalid: [
    {
      code: '«{"size": 1}',
      route,
      errors: [
        {
          messageId: "missing",
          path: "",
          message: "A natural-language search needs `text` (a string of 1 to 5000 characters).",
        },
      ],
    },
    {
      code: '{"text": «""}',
      route,
      errors: [{ messageId: "empty", path: "/text", message: "`text` is empty; it takes 1 to 5000 characters." }],
    },
    {
      code: `{"text": «"${"a".repeat(5001)}"}`,
      route,
      errors: [{ messageId: "long", path: "/text", message: "`text` has 5001 characters; at most 5000 are accepted." }],
    },
    {
      name: "over the limit by every count",
      code: `{"text": «"${"\u{1F600}".repeat(5001)}"}`,
      route,
      errors: [{ messageId: "long", path: "/text", message: "`text` has 5001 characters; at most 5000 are accepted." }],
    },
    { code: '{"text": «42}', route, errors: [{ messageId: "kind", path: "/text", message: /got number/ }] },
    {
      code: '{"text": "x", «"where": {"field": "city", "eq": "Paris"}, «"filters": []}',
      route,
      errors: [
        {
          messageId: "member",
          path: "/where",
          message: "`where` is not accepted by the natural-language search, which takes only text and size.",
          clauses: ["s4-3-nl-no-other-parameter", "s8-nl-accepts-only-text-size"],
        },
        { messageId: "member", path: "/filters" },
      ],
    },
    {
      name: "inferred from text",
      code: '{"text": "x", «"after": "c"}',
      errors: [{ messageId: "member", path: "/after" }],
    },
  ],
});
