import { ruleTester } from "../src/linter/testing/rule-tester.js";
import rule from "./fixed-set-value.js";

const LEVELS = [
  "Elementary proficiency",
  "Limited working proficiency",
  "Professional working proficiency",
  "Full professional proficiency",
  "Native or bilingual proficiency",
];

ruleTester(rule, {
  valid: [
    { code: '{"where": {"field": "management_level", "in": ["Senior", "C-Level", "President/Vice President"]}}' },
    { code: '{"where": {"has_experience": {"field": "industry", "eq": "Oil, Gas, and Mining"}}}' },
    {
      name: "a company's industry has another vocabulary",
      code: '{"where": {"field": "industry", "eq": "Software Development"}}',
      route: "companies",
    },
    {
      name: "match is not compared with the set",
      code: '{"where": {"field": "active_department", "match": "engineering"}}',
    },
  ],
  invalid: [
    {
      code: '{"where": {"field": "management_level", "eq": «"senior"}}',
      errors: [
        {
          messageId: "notInSet",
          path: "/where/eq",
          message:
            '"senior" is not a value of `management_level`, which matches only its fixed set exactly; this ' +
            "value matches nothing.",
          clauses: [
            "s2-3-fixed-values-exact",
            "s7-misspelt-fixed-value-empty",
            "s2-3-values-management-level-level",
            "s2-2-platform-vocabulary-exact",
          ],
          suggestions: [{ message: 'Use "Senior".', value: "Senior", path: "/where/eq" }],
        },
      ],
      output: { where: { field: "management_level", eq: "Senior" } },
      applySuggestions: true,
    },
    {
      code: '{"where": {"field": "active_department", "in": [«"Engineering", «"human resources"]}}',
      errors: [
        {
          messageId: "notInSet",
          path: "/where/in/0",
          clauses: ["s2-3-fixed-values-exact", "s7-misspelt-fixed-value-empty", "s2-3-values-active-department"],
          suggestions: [{ value: "Engineering and Technical" }],
        },
        { messageId: "notInSet", path: "/where/in/1", suggestions: [{ value: "Human Resources" }] },
      ],
    },
    {
      name: "a dead value beside values of the set: narrowed, a warning, with its suggestion",
      code: '{"where": {"field": "management_level", "in": ["Director", «"Cxo"]}}',
      errors: [
        {
          messageId: "notInSet",
          path: "/where/in/1",
          consequence: "narrowed",
          message:
            '"Cxo" is not a value of `management_level`, which matches only its fixed set exactly; this value ' +
            "matches nothing. The list's other values still match.",
          suggestions: [{ value: "C-Level" }],
        },
      ],
    },
    {
      name: "each dead value of a list that still matches gets its own diagnostic",
      code: '{"where": {"field": "management_level", "in": [«"c-level", "Founder", «"senoir"]}}',
      errors: [
        { messageId: "notInSet", path: "/where/in/0", consequence: "narrowed", suggestions: [{ value: "C-Level" }] },
        { messageId: "notInSet", path: "/where/in/2", consequence: "narrowed", suggestions: [{ value: "Senior" }] },
      ],
    },
    {
      code: '{"where": {"has_language": {"field": "language_proficiency", "eq": «"fluent"}}}',
      errors: [
        {
          messageId: "notInSet",
          path: "/where/has_language/eq",
          clauses: ["s2-3-fixed-values-exact", "s7-misspelt-fixed-value-empty", "s2-3-values-language-proficiency"],
          suggestions: LEVELS.map((value) => ({ message: `Use a level of the scale: "${value}".`, value })),
        },
      ],
    },
    {
      code: '{"where": {"has_language": {"field": "language_proficiency", "eq": «4}}}',
      errors: [
        { messageId: "notInSet", path: "/where/has_language/eq", suggestions: LEVELS.map((value) => ({ value })) },
      ],
    },
    {
      code: '{"where": {"has_experience": {"field": "industry", "eq": «"Financial Service"}}}',
      errors: [
        { messageId: "notInSet", path: "/where/has_experience/eq", suggestions: [{ value: "Financial Services" }] },
      ],
    },
  ],
});
