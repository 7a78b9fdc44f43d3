import { ruleTester } from "../src/linter/testing/rule-tester.js";
import rule from "./country-code.js";

ruleTester(rule, {
  valid: [
    { code: '{"where": {"field": "country", "eq": "France"}}' },
    { code: '{"where": {"field": "country_iso2", "eq": "FR"}}' },
    { code: '{"where": {"field": "country", "eq": "Chad"}}', route: "jobs" },
  ],
  invalid: [
    {
      code: '{"where": {"field": "country", "eq": «"FR"}}',
      errors: [
        {
          messageId: "code",
          path: "/where/eq",
          message: '`country` takes a full country name; "FR" looks like an ISO code and matches nothing.',
          clauses: ["s2-2-country-full-name"],
          suggestions: [
            {
              message: 'Query `country_iso2` with "FR" instead.',
              value: { field: "country_iso2", eq: "FR" },
              path: "/where",
            },
          ],
        },
      ],
      output: { where: { field: "country_iso2", eq: "FR" } },
      applySuggestions: true,
    },
    {
      code: '{"where": {"field": "country", "in": [«"usa", «"deu"]}}',
      errors: [
        {
          messageId: "code",
          path: "/where/in/0",
          suggestions: [
            {
              message: 'Query `country_iso3` with "USA" instead.',
              value: { field: "country_iso3", in: ["USA", "DEU"] },
            },
          ],
        },
        { messageId: "code", path: "/where/in/1", suggestions: [{ value: null }] },
      ],
    },
    {
      code: '{"where": {"field": "country", "eq": «"USA"}}',
      route: "jobs",
      errors: [
        {
          messageId: "code",
          path: "/where/eq",
          clauses: ["s2-6-string-fields"],
          suggestions: [
            { message: "Give the full country name; jobs has no field taking 3-letter codes.", value: null },
          ],
        },
      ],
    },
    {
      code: '{"where": {"field": "country", "eq": «"US"}}',
      route: "jobs",
      errors: [
        {
          messageId: "code",
          path: "/where/eq",
          suggestions: [{ value: { field: "country_iso_2", eq: "US" }, path: "/where" }],
        },
      ],
    },
    {
      code: '{"where": {"field": "hq_country", "eq": «"DE"}}',
      route: "companies",
      errors: [
        {
          messageId: "code",
          path: "/where/eq",
          suggestions: [{ value: { field: "hq_country_iso2", eq: "DE" }, path: "/where" }],
        },
      ],
    },
    {
      name: "workplace_country has no ISO twin",
      code: '{"where": {"has_experience": {"field": "workplace_country", "eq": «"DE"}}}',
      errors: [
        {
          messageId: "code",
          path: "/where/has_experience/eq",
          suggestions: [{ message: /Give the full country name/, value: null }],
        },
      ],
    },
  ],
});
