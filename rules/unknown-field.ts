/**
 * §4.2 rule 2 "A field name not in the dataset's list is refused", §2.2 "Only these names may
 * appear as field in a people query", §2.7 "a field name valid in one may be refused in another".
 * Suggests the closest names of the route's dataset (graphql-js style), says which dataset a name
 * belongs to when it is another's (country_iso_2 is jobs, country_iso2 people, hq_country_iso2
 * companies), and notes a returnable but not queryable name (§2.2).
 */
import { DATASETS } from "../src/contract/index.js";
import { datasetsOwning } from "../src/lint/facts.js";
import { kindOf } from "../src/lint/nodes.js";
import { defineRule } from "../src/lint/rule.js";
import { didYouMean } from "../src/lint/suggest.js";

export default defineRule({
  meta: {
    id: "unknown-field",
    consequence: "refused",
    description: "`field` is not a queryable name of the route's dataset.",
    clauses: [
      "s4-2-rule2-unknown-field-refused",
      "s2-2-people-unknown-field-refused",
      "s7-unknown-field-refused-free",
      "s2-5-jobs-queryable-fields",
      "s2-7-companies-queryable-fields",
      "s2-7-datasets-vocabulary-differs",
      "s2-2-returnable-wider-than-queryable",
    ],
    fixable: "suggestion",
    messages: {
      unknown: "`{{field}}` is not a queryable {{dataset}} field.",
      otherDataset:
        "`{{field}}` is not a queryable {{dataset}} field; it is a {{owners}} field (the datasets do not " +
        "share one vocabulary).",
      returnable: "`{{field}}` can be returned by the {{dataset}} detail route but is not queryable.",
      notString: "`field` must be a string naming a queryable {{dataset}} field; got {{kind}}.",
      didYouMean: "Did you mean `{{name}}`?",
      otherRoute: "If this is a {{owner}} query, lint it with `--route {{owner}}`.",
    },
  },
  create: (context) => {
    const dataset = context.dataset;
    const names = [...dataset.fields.keys()];
    const returnable = new Set<string>(
      dataset.name === "people"
        ? context.contract.records.people
        : dataset.name === "jobs"
          ? context.contract.records.jobs
          : [],
    );
    const clauseOf = (extra: string[]) => [
      "s4-2-rule2-unknown-field-refused",
      ...(dataset.name === "people"
        ? ["s2-2-people-unknown-field-refused"]
        : dataset.name === "jobs"
          ? ["s2-5-jobs-queryable-fields"]
          : ["s2-7-companies-queryable-fields"]),
      "s7-unknown-field-refused-free",
      ...extra,
    ];
    return {
      leafFilter: (spec) => spec === undefined,
      Leaf(leaf) {
        if (!Object.hasOwn(leaf.record, "field") || leaf.spec) return;
        const at = [...leaf.path, "field"];
        const field = leaf.field;
        if (typeof field !== "string") {
          context.report({
            messageId: "notString",
            data: { dataset: dataset.name, kind: kindOf(field) },
            at,
            clauses: clauseOf([]),
          });
          return;
        }
        const owners = datasetsOwning(field).filter((d) => d !== dataset.name);
        // Inside a scope, the fields of its sub-record are what fits; elsewhere, or when none is close, any field.
        const inScope = leaf.scope?.subRecord
          ? names.filter((n) => dataset.fields.get(n)!.scope === leaf.scope!.subRecord)
          : [];
        const scoped = inScope.length > 0 ? didYouMean(field, inScope, at) : [];
        const suggestions = scoped.length > 0 ? scoped : didYouMean(field, names, at);
        if (owners.length > 0) {
          const label = owners.length === DATASETS.length - 1 ? owners.join(" and ") : owners[0]!;
          // The route may have been inferred from the other fields, or named wrongly: say how to name the other.
          const routes = owners.map((owner) => ({ messageId: "otherRoute" as const, data: { owner } }));
          context.report({
            messageId: "otherDataset",
            data: { field, dataset: dataset.name, owners: label },
            at,
            suggestions: [...suggestions, ...routes],
            clauses: clauseOf(["s2-7-datasets-vocabulary-differs"]),
          });
        } else if (returnable.has(field)) {
          context.report({
            messageId: "returnable",
            data: { field, dataset: dataset.name },
            at,
            suggestions,
            clauses: clauseOf(["s2-2-returnable-wider-than-queryable"]),
          });
        } else {
          context.report({
            messageId: "unknown",
            data: { field, dataset: dataset.name },
            at,
            suggestions,
            clauses: clauseOf([]),
          });
        }
      },
    };
  },
});
