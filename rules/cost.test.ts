import { ruleTester } from "../src/linter/testing/rule-tester.js";
import rule from "./cost.js";

const where = '"where": {"field": "city", "eq": "Paris"}';

ruleTester(rule, {
  valid: [{ name: "not JSON: nothing to price", code: "{" }, { code: "[]" }],
  invalid: [
    {
      code: `«{${where}, "size": 10}`,
      errors: [
        {
          messageId: "search",
          path: "",
          message:
            "At most 1 Credit: up to 10 IDs, one Credit per 25 IDs returned; nothing when nothing matches or " +
            "the request is refused.",
          clauses: ["s8-cost-query-search"],
        },
      ],
    },
    {
      code: `«{${where}}`,
      errors: [
        {
          messageId: "search",
          path: "",
          message: /^At most 4 Credits: up to 100 IDs \(the default size\)/,
          clauses: ["s8-cost-query-search", "s4-2-size-default-100"],
        },
      ],
    },
    {
      code: `«{${where}, "size": 10000}`,
      errors: [{ messageId: "search", path: "", message: /^At most 400 Credits/ }],
    },
    {
      name: "a size that is not valid may be ignored by a server that accepts it: the largest page",
      code: `«{${where}, "size": 0}`,
      errors: [
        {
          messageId: "search",
          path: "",
          message: /^At most 400 Credits: up to 10000 IDs \(the largest page: a server that accepts a size that/,
          clauses: ["s8-cost-query-search", "s4-2-size-range"],
        },
      ],
    },
    {
      name: "a size above the largest page may be honoured by a server that accepts it",
      code: `«{${where}, "size": 10001}`,
      errors: [{ messageId: "search", path: "", message: /^At most 401 Credits: up to 10001 IDs,/ }],
    },
    {
      name: "a bare node takes the default size",
      code: '  «{"field": "city", "eq": "Paris"}',
      errors: [{ messageId: "search", path: "", message: /^At most 4 Credits/ }],
    },
    {
      code: '«{"text": "x", "size": 50}',
      route: "searchPeople",
      errors: [
        {
          messageId: "nl",
          path: "",
          message: "At most 7 Credits: 5 on any success plus one per 25 of up to 50 IDs.",
          clauses: ["s8-cost-nl-search"],
        },
      ],
    },
    {
      code: '«{"profile_ids": ["a", "b", "c", "d", "e", "f"]}',
      errors: [
        {
          messageId: "detail",
          path: "",
          message: "At most 2 Credits: one per 5 records found among 6 IDs; IDs not found are free.",
          clauses: ["s8-cost-detail"],
        },
      ],
    },
    {
      name: "every ID sent counts: a server that accepts more than 100, or items that are not strings, may charge them",
      code: `«{"job_ids": [${Array.from({ length: 101 }, (_, i) => `"j${i}"`).join(", ")}, 7]}`,
      errors: [
        { messageId: "detail", path: "", message: /^At most 21 Credits: one per 5 records found among 102 IDs/ },
      ],
    },
    {
      code: `«{${where}, "size": 100, "after": "c"}`,
      errors: [
        {
          messageId: "paging",
          path: "",
          message: new RegExp(
            /Pages are not consistent with each other: collect a set that must be exact in /.source +
              /one page \(size up to 10000\)/.source,
          ),
          clauses: ["s8-cost-query-search", "s4-2-rule5-pages-not-consistent"],
        },
      ],
    },
  ],
});
