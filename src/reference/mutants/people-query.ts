import type { Plan } from "../query/plan.js";
import type { Mutant } from "./mutant.js";
import { badRequest } from "../refusal.js";
import { idsMemberOf, loadContract } from "../../contract/index.js";
import { idsIn, refuseField, rewriteBody, rewriteData, SEARCH_ROUTES } from "./rewrite.js";

/** Field names of jobs and companies that people do not have (§2.7: the datasets do not share one vocabulary). */
function foreignFields(): Set<string> {
  const { datasets } = loadContract();
  const people = datasets.people.fields;
  return new Set([...datasets.jobs.fields.keys(), ...datasets.companies.fields.keys()].filter((f) => !people.has(f)));
}

/** The tree with every leaf on a foreign field made a leaf on a people field that matches nobody. */
function matchNobodyOnForeignFields(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(matchNobodyOnForeignFields);
  if (node === null || typeof node !== "object") return node;
  const n = node as Record<string, unknown>;
  if (typeof n.field === "string" && foreignFields().has(n.field))
    return { field: "full_name", eq: "\u0000matches nobody" };
  return Object.fromEntries(Object.entries(n).map(([k, v]) => [k, matchNobodyOnForeignFields(v)]));
}

/**
 * A scope's conditions each checked on their own: `has_experience: {all: [a, b]}` becomes
 * `all: [has_experience: a, has_experience: b]`, so a and b may hold on different sub-records.
 */
function spreadScopes(plan: Plan): Plan {
  switch (plan.kind) {
    case "all":
    case "any":
      return { kind: plan.kind, nodes: plan.nodes.map(spreadScopes) };
    case "not":
      return { kind: "not", node: spreadScopes(plan.node) };
    case "scope":
      return unbind(plan.sub, plan.node);
    default:
      return plan;
  }
}

function unbind(sub: Extract<Plan, { kind: "scope" }>["sub"], node: Plan): Plan {
  if (node.kind === "all" || node.kind === "any")
    return { kind: node.kind, nodes: node.nodes.map((n) => unbind(sub, n)) };
  return { kind: "scope", sub, node: spreadScopes(node) };
}

/** `all` nodes inside a scope turned into `any`. */
function allAsAnyInScopes(plan: Plan, inScope: boolean): Plan {
  switch (plan.kind) {
    case "all":
    case "any":
      return { kind: inScope ? "any" : plan.kind, nodes: plan.nodes.map((n) => allAsAnyInScopes(n, inScope)) };
    case "not":
      return { kind: "not", node: allAsAnyInScopes(plan.node, inScope) };
    case "scope":
      return { kind: "scope", sub: plan.sub, node: allAsAnyInScopes(plan.node, true) };
    default:
      return plan;
  }
}

export const PEOPLE_QUERY_MUTANTS: readonly Mutant[] = [
  {
    id: "people-total-integer-at-cap",
    clause: "s4-3-total-exact-or-string",
    area: "people-query",
    description: 'At or above 100000 matches, total is the integer 100000 instead of the string "100000+".',
    faults: {
      response: rewriteData(["queryPeople"], (data) => (data.total === "100000+" ? { ...data, total: 100000 } : data)),
    },
    needsDefaultDataset: true,
  },
  {
    id: "people-total-string-without-plus",
    clause: "s8-people-total",
    area: "people-query",
    description: 'At or above 100000 matches, total is the string "100000" instead of "100000+".',
    faults: {
      response: rewriteData(["queryPeople"], (data) =>
        data.total === "100000+" ? { ...data, total: "100000" } : data,
      ),
    },
    needsDefaultDataset: true,
  },
  {
    id: "people-total-counts-page",
    clause: "s4-3-total-counts-matches",
    area: "people-query",
    description: "total counts the IDs returned on the page instead of the matches.",
    faults: {
      response: rewriteData(["queryPeople"], (data, op) =>
        typeof data.total === "number" ? { ...data, total: (idsIn(op, data) as unknown[]).length } : data,
      ),
    },
  },
  {
    id: "people-next-on-last-page",
    clause: "s4-3-next-present-absent",
    area: "people-query",
    description: "The last page of a search still carries a next cursor.",
    faults: {
      response: rewriteData(SEARCH_ROUTES, (data) =>
        data.next === undefined ? { ...data, next: "end-of-results" } : data,
      ),
    },
  },
  {
    id: "people-next-missing",
    clause: "s4-3-next-present-absent",
    area: "people-query",
    description: "A people search never carries next, even while more pages remain.",
    faults: {
      response: rewriteData(["queryPeople"], (data) => {
        delete data.next;
        return data;
      }),
    },
  },
  {
    id: "people-scope-across-sub-records",
    clause: "s4-2-scope-same-sub-record",
    area: "people-query",
    description: "The conditions inside a scope are matched each on any sub-record, not all on the same one.",
    faults: { plan: (dataset, plan) => (dataset === "people" ? spreadScopes(plan) : plan) },
  },
  {
    id: "people-where-optional",
    clause: "s4-2-where-required-people",
    area: "people-query",
    description: "A people search without where is served (matching everyone) instead of refused.",
    faults: { skip: ["where-required"] },
  },
  {
    id: "people-scope-all-read-as-any",
    clause: "s4-2-scope-same-sub-record",
    area: "people-query",
    description: "An all inside a scope is read as any: a sub-record meeting one of the conditions is enough.",
    faults: { plan: (dataset, plan) => (dataset === "people" ? allAsAnyInScopes(plan, false) : plan) },
  },
  {
    id: "people-field-country-iso3-refused",
    clause: "s2-2-people-queryable-fields",
    area: "people-query",
    description: "country_iso3, one of the 47 queryable people fields, is refused as unknown.",
    faults: { request: refuseField("queryPeople", "country_iso3") },
  },
  {
    id: "people-ids-as-objects",
    clause: "s1-search-returns-ids-cursor-count",
    area: "people-query",
    routes: ["queryPeople"],
    description:
      "A people search answers profile_ids as objects ({profile_id}, a search engine's hits) instead of strings.",
    faults: {
      response: rewriteData(["queryPeople"], (data, op) => {
        const ids = idsIn(op, data);
        return Array.isArray(ids)
          ? { ...data, [idsMemberOf("people")]: (ids as unknown[]).map((id) => ({ profile_id: id })) }
          : data;
      }),
    },
  },
  {
    id: "people-other-datasets-fields-accepted",
    clause: "s2-2-people-unknown-field-refused",
    area: "people-query",
    routes: ["queryPeople"],
    description:
      "A people query is validated against the names of all three datasets: a jobs or companies field outside the " +
      "47 is served, matching nobody, instead of refused.",
    faults: {
      request: rewriteBody(["queryPeople"], (body) => ({ ...body, where: matchNobodyOnForeignFields(body.where) })),
    },
  },
  {
    id: "people-has-language-scope-refused",
    clause: "s4-2-scope-people-only",
    area: "people-query",
    routes: ["queryPeople"],
    description:
      "A people query holding a has_language scope is refused (only has_experience and has_education are known " +
      "scopes) instead of served.",
    faults: {
      request: rewriteBody(["queryPeople"], (body) => {
        if (JSON.stringify(body.where ?? null).includes('"has_language":')) throw badRequest("where: unknown key");
        return body;
      }),
    },
  },
];
