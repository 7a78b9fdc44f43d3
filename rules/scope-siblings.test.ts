import { ruleTester } from "../src/linter/testing/rule-tester.js";
import rule from "./scope-siblings.js";

ruleTester(rule, {
  valid: [
    {
      code:
        '{"where": {"has_experience": {"all": [{"field": ' +
        '"title", "match": "engineer"}, {"field": ' +
        '"company_name", "eq": "Acme"}]}}}',
    },
    {
      name: "alternatives",
      code: '{"where": {"any": [{"field": "title", "match": "engineer"}, {"field": "company_name", "eq": "Acme"}]}}',
    },
    {
      name: "different sub-records",
      code: '{"where": {"all": [{"field": "title", "match": "engineer"}, {"field": "major", "match": "physics"}]}}',
    },
    {
      name: "jobs have no sub-records",
      code: '{"where": {"all": [{"field": "title", "match": "engineer"}, {"field": "company_name", "eq": "Acme"}]}}',
      route: "jobs",
    },
  ],
  invalid: [
    {
      code: '{"where": {"all": [{"field": "title", "match": "engineer"}, {"field": «"company_name", "eq": "Acme"}]}}',
      errors: [
        {
          messageId: "siblings",
          path: "/where/all/1/field",
          message:
            "`title`, `company_name` describe experience " +
            "records but are not in one `has_experience`: each " +
            "may be met by a different record.",
          clauses: ["s4-2-scope-same-sub-record", "s4-2-scope-membership", "s2-2-title-vs-active-title"],
          suggestions: [{ message: "Wrap them in one `has_experience`.", path: "/where" }],
        },
      ],
      output: {
        where: {
          has_experience: {
            all: [
              { field: "title", match: "engineer" },
              { field: "company_name", eq: "Acme" },
            ],
          },
        },
      },
      applySuggestions: true,
    },
    {
      name: "a language and its level: one diagnostic, citing §2.2's language level",
      code:
        '{"where": {"all": [{"field": "language_proficiency", "eq": "Native or bilingual proficiency"}, ' +
        '{"field": «"languages", "eq": "French"}, {"field": "country", "eq": "France"}]}}',
      errors: [
        {
          messageId: "siblings",
          path: "/where/all/1/field",
          clauses: ["s4-2-scope-same-sub-record", "s4-2-scope-membership", "s2-2-language-proficiency-in-has-language"],
        },
      ],
      output: {
        where: {
          all: [
            {
              has_language: {
                all: [
                  { field: "language_proficiency", eq: "Native or bilingual proficiency" },
                  { field: "languages", eq: "French" },
                ],
              },
            },
            { field: "country", eq: "France" },
          ],
        },
      },
      applySuggestions: true,
    },
    {
      name: "leaves at the start of a nested all go, each with the comma after it",
      code:
        '{"where": {"all": [{"field": "title", "match": "x"}, {"all": [{"field": «"company_name", "eq": "A"}, ' +
        '{"field": "role", "eq": "r"}, {"field": "city", "eq": "P"}]}]}}',
      errors: [{ messageId: "siblings", path: "/where/all/1/all/0/field" }],
      output: {
        where: {
          all: [
            {
              has_experience: {
                all: [
                  { field: "title", match: "x" },
                  { field: "company_name", eq: "A" },
                  { field: "role", eq: "r" },
                ],
              },
            },
            { all: [{ field: "city", eq: "P" }] },
          ],
        },
      },
      applySuggestions: true,
    },
    {
      name: "others stay outside, nested alls flatten",
      code:
        '{"where": {"all": [{"field": "country", "eq": ' +
        '"France"}, {"field": "institution_name", "eq": "MIT"}, ' +
        '{"all": [{"field": «"major", "match": "physics"}]}]}}',
      errors: [
        {
          messageId: "siblings",
          path: "/where/all/2/all/0/field",
          clauses: ["s4-2-scope-same-sub-record", "s4-2-scope-membership"],
        },
      ],
      output: {
        where: {
          all: [
            { field: "country", eq: "France" },
            {
              has_education: {
                all: [
                  { field: "institution_name", eq: "MIT" },
                  { field: "major", match: "physics" },
                ],
              },
            },
          ],
        },
      },
      applySuggestions: true,
    },
  ],
});
