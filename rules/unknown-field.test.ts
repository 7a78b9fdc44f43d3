import { ruleTester } from "../src/linter/testing/rule-tester.js";
import rule from "./unknown-field.js";

ruleTester(rule, {
  valid: [
    { code: '{"where": {"field": "country_iso2", "eq": "FR"}}' },
    { code: '{"where": {"field": "country_iso_2", "eq": "FR"}}', route: "queryJobs" },
    { code: '{"where": {"field": "hq_country_iso2", "eq": "FR"}}', route: "queryCompanies" },
    { name: "a leaf without field is node-shape's", code: '{"where": {"eq": "x"}}' },
    {
      name: "without a route, a query of jobs fields is linted as a jobs query",
      code: '{"where": {"all": [{"field": "seniority", "eq": "Senior"}, {"field": "title", "match": "engineer"}]}}',
    },
    {
      name: "and one of a companies field as a companies query",
      code: '{"where": {"field": "hq_country_iso2", "eq": "FR"}}',
    },
  ],
  invalid: [
    {
      code: '{"where": {"field": «"country_iso_2", "eq": "FR"}}',
      route: "people",
      errors: [
        {
          messageId: "otherDataset",
          path: "/where/field",
          message:
            "`country_iso_2` is not a queryable people field; it is a jobs field (the datasets do not share " +
            "one vocabulary).",
          clauses: [
            "s4-2-rule2-unknown-field-refused",
            "s2-2-people-unknown-field-refused",
            "s7-unknown-field-refused-free",
            "s2-7-datasets-vocabulary-differs",
          ],
          suggestions: [
            { message: "Did you mean `country_iso2`?", value: "country_iso2", path: "/where/field" },
            { message: "If this is a jobs query, lint it with `--route jobs`.", value: null },
          ],
        },
      ],
    },
    {
      code: '{"where": {"field": «"country_iso2", "eq": "FR"}}',
      route: "jobs",
      errors: [
        {
          messageId: "otherDataset",
          path: "/where/field",
          message: /it is a people field/,
          suggestions: [{ value: "country_iso_2" }, { message: /--route people/, value: null }],
        },
      ],
    },
    {
      name: "a field of another dataset beside the route's own fields: the majority decides, the rest are reported",
      code:
        '{"where": {"all": [{"field": "skills", "eq": "go"}, {"field": "city", "eq": "Paris"}, ' +
        '{"field": «"hq_country_iso2", "eq": "FR"}]}}',
      errors: [
        {
          messageId: "otherDataset",
          path: "/where/all/2/field",
          message: /it is a companies field/,
          suggestions: [
            { message: "Did you mean `country_iso2`?" },
            { message: "If this is a companies query, lint it with `--route companies`." },
          ],
        },
      ],
    },
    {
      code: '{"where": {"field": «"city", "eq": "Paris"}}',
      route: "companies",
      errors: [
        {
          messageId: "otherDataset",
          path: "/where/field",
          message: /it is a people and jobs field/,
          suggestions: [{ value: "hq_city" }, { message: /--route people/ }, { message: /--route jobs/ }],
        },
      ],
    },
    {
      code: '{"where": {"field": «"Skills", "eq": "go"}}',
      errors: [
        {
          messageId: "unknown",
          path: "/where/field",
          message: "`Skills` is not a queryable people field.",
          suggestions: [{ message: "Did you mean `skills`?", value: "skills" }],
        },
      ],
      output: { where: { field: "skills", eq: "go" } },
      applySuggestions: true,
    },
    {
      code: '{"where": {"field": «"active_experience_title", "match": "cto"}}',
      errors: [
        {
          messageId: "returnable",
          path: "/where/field",
          message: "`active_experience_title` can be returned by the people detail route but is not queryable.",
          clauses: [
            "s4-2-rule2-unknown-field-refused",
            "s2-2-people-unknown-field-refused",
            "s7-unknown-field-refused-free",
            "s2-2-returnable-wider-than-queryable",
          ],
        },
      ],
    },
    {
      code: '{"where": {"field": «["city"], "eq": "Paris"}}',
      errors: [
        {
          messageId: "notString",
          path: "/where/field",
          message: "`field` must be a string naming a queryable people field; got array.",
        },
      ],
    },
    {
      code: '{"where": {"field": «"zzzzzz", "eq": "x"}}',
      errors: [{ messageId: "unknown", path: "/where/field", suggestions: [] }],
    },
  ],
});
