import { ruleTester } from "../src/linter/testing/rule-tester.js";
import rule from "./field-outside-scope.js";

ruleTester(rule, {
  valid: [
    {
      code:
        '{"where": {"has_experience": {"all": [{"field": "is_current", "eq": true}, {"field": "level", "eq": ' +
        '"Director"}]}}}',
    },
    {
      name: "title alone matches any job held, as documented",
      code: '{"where": {"field": "title", "match": "engineer"}}',
    },
    {
      name: "person-level fields",
      code:
        '{"where": {"all": [{"field": "management_level", "eq": "Director"}, {"field": "experience_months", ' +
        '"gte": 24}]}}',
    },
    {
      name: "a user's scope table may move it",
      code: '{"where": {"field": "is_current", "eq": true}}',
      scopes: { is_current: null },
    },
  ],
  invalid: [
    {
      code: '{"where": {"field": «"is_current", "eq": true}}',
      errors: [
        {
          messageId: "outside",
          path: "/where/field",
          message:
            "`is_current` describes one experience record; outside `has_experience` any of the person's " +
            "records can meet it.",
          clauses: ["s2-2-is-current-is-studying-in-scope", "s4-2-scope-membership"],
          suggestions: [
            {
              message: "Put it in `has_experience`.",
              value: { has_experience: { field: "is_current", eq: true } },
              path: "/where",
            },
          ],
        },
      ],
      output: { where: { has_experience: { field: "is_current", eq: true } } },
      applySuggestions: true,
    },
    {
      code: '{"where": {"field": «"level", "eq": "Director"}}',
      errors: [
        {
          messageId: "outside",
          path: "/where/field",
          clauses: ["s2-3-level-describes-one-job", "s4-2-scope-membership"],
          suggestions: [
            { value: { has_experience: { field: "level", eq: "Director" } } },
            {
              message: "For the person as a whole, use `management_level`.",
              value: "management_level",
              path: "/where/field",
            },
          ],
        },
      ],
    },
    {
      code: '{"where": {"all": [{"field": «"duration_months", "gte": 24}, {"field": «"is_studying", "eq": true}]}}',
      errors: [
        {
          messageId: "outside",
          path: "/where/all/0/field",
          clauses: ["s2-2-experience-vs-duration-months", "s4-2-scope-membership"],
          suggestions: [
            { value: { has_experience: { field: "duration_months", gte: 24 } } },
            { value: "experience_months" },
          ],
        },
        {
          messageId: "outside",
          path: "/where/all/1/field",
          message: /describes one education record; outside `has_education`/,
        },
      ],
    },
    {
      code: '{"where": {"field": «"workplace_city", "eq": "Berlin"}}',
      errors: [
        {
          messageId: "outside",
          path: "/where/field",
          clauses: ["s2-2-workplace-inside-has-experience", "s4-2-scope-membership"],
        },
      ],
    },
    {
      code: '{"where": {"field": «"ended_at", "exists": true}}',
      errors: [
        {
          messageId: "outside",
          path: "/where/field",
          clauses: ["s4-2-scope-same-sub-record", "s4-2-scope-membership"],
        },
      ],
    },
    {
      name: "a user's scope table may add a field",
      code: '{"where": {"field": «"is_working", "eq": true}}',
      scopes: { is_working: "has_experience" },
      errors: [{ messageId: "outside", path: "/where/field" }],
    },
  ],
});
