import { ruleTester } from "../src/linter/testing/rule-tester.js";
import rule from "./detail-ids.js";

const ids = (n: number) => JSON.stringify(Array.from({ length: n }, (_, i) => `id${i}`));

ruleTester(rule, {
  valid: [
    { code: `{"profile_ids": ${ids(100)}}` },
    { code: '{"profile_ids": ["https://www.linkedin.com/in/someone"]}' },
    { name: "no minimum for jobs (clause s4-4-detail-minimum-ids)", code: '{"job_ids": []}' },
    { code: '{"company_ids": ["a"]}', route: "getCompanies" },
  ],
  invalid: [
    {
      code: "«{}",
      route: "getProfiles",
      errors: [
        { messageId: "missing", path: "", message: "getProfiles needs `profile_ids`, an array of 1 to 100 IDs." },
      ],
    },
    {
      code: '{"profile_ids": «[]}',
      errors: [
        {
          messageId: "tooFew",
          path: "/profile_ids",
          message: "`profile_ids` is empty; getProfiles takes 1 to 100 IDs.",
          clauses: ["s4-4-profile-ids-1-to-100", "s8-detail-max-ids", "s4-4-detail-minimum-ids"],
        },
      ],
    },
    {
      code: `{"job_ids": «${ids(101)}}`,
      errors: [
        {
          messageId: "tooMany",
          path: "/job_ids",
          message: "`job_ids` has 101 IDs; at most 100 are accepted per request.",
          clauses: ["s4-4-jobs-ids-up-to-100", "s8-detail-max-ids"],
        },
      ],
    },
    {
      code: '{"company_ids": «"abc"}',
      errors: [{ messageId: "kind", path: "/company_ids", message: /must be an array of IDs \(strings\); got string/ }],
    },
    {
      code: '{"profile_ids": ["a", «7, «null]}',
      errors: [
        { messageId: "item", path: "/profile_ids/1", message: "An ID is a string; got number." },
        { messageId: "item", path: "/profile_ids/2" },
      ],
    },
  ],
});
