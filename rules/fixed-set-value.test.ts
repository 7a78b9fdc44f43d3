import { ruleTester } from "../src/lint/testing/rule-tester.js";
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
    {
      name: "an in with one value of the set still matches it",
      code: '{"where": {"field": "management_level", "in": ["Senior", "senoir"]}}',
    },
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
            "condition matches nothing.",
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
