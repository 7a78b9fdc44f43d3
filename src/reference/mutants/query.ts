import { loadContract, type Dataset, type OperationId } from "../../contract/index.js";
import type { Faults } from "../faults.js";
import { badRequest } from "../refusal.js";
import type { Mutant } from "./mutant.js";
import { requestedSize } from "./rewrite.js";

const DATASET_OF: Readonly<Partial<Record<OperationId, Dataset>>> = {
  queryPeople: "people",
  queryJobs: "jobs",
  queryCompanies: "companies",
};

/** Every leaf of the tree on a field outside the dataset's list made a leaf on its first field that matches nothing. */
function unknownLeavesMatchNothing(dataset: Dataset, node: unknown): unknown {
  if (Array.isArray(node)) return node.map((child) => unknownLeavesMatchNothing(dataset, child));
  if (node === null || typeof node !== "object") return node;
  const n = node as Record<string, unknown>;
  const fields = loadContract().datasets[dataset].fields;
  if (typeof n.field === "string" && !fields.has(n.field)) return { field: [...fields.keys()][0], eq: "\u0000none" };
  return Object.fromEntries(Object.entries(n).map(([k, v]) => [k, unknownLeavesMatchNothing(dataset, v)]));
}

/** Throws a refusal at the first eq/in leaf whose value is outside its field's fixed value set (§2.3). */
function refuseMisspelt(dataset: Dataset, node: unknown, path: string): void {
  if (typeof node !== "object" || node === null) return;
  if (Array.isArray(node)) return node.forEach((child, i) => refuseMisspelt(dataset, child, `${path}[${i}]`));
  const leaf = node as Record<string, unknown>;
  const values =
    typeof leaf.field === "string" ? loadContract().datasets[dataset].fields.get(leaf.field)?.values : undefined;
  if (values) {
    const given: unknown[] = "eq" in leaf ? [leaf.eq] : Array.isArray(leaf.in) ? (leaf.in as unknown[]) : [];
    const wrong = given.find((v) => typeof v === "string" && !values.includes(v));
    if (wrong !== undefined)
      throw badRequest(`${path}: ${JSON.stringify(wrong)} is not a value of ${String(leaf.field)}`);
  }
  for (const [key, child] of Object.entries(leaf))
    if (key !== "field") refuseMisspelt(dataset, child, `${path}.${key}`);
}

/** A request fault refusing a query whose tree holds a node `matches` picks (walked depth first from where). */
function refuseNode(
  routes: RegExp,
  matches: (node: Record<string, unknown>) => boolean,
  why: string,
): NonNullable<Faults["request"]> {
  const walk = (node: unknown, path: string): void => {
    if (typeof node !== "object" || node === null) return;
    if (Array.isArray(node)) return node.forEach((child, i) => walk(child, `${path}[${i}]`));
    if (matches(node as Record<string, unknown>)) throw badRequest(`${path}: ${why}`);
    for (const [key, child] of Object.entries(node)) walk(child, `${path}.${key}`);
  };
  return (operationId, body) => {
    if (routes.test(operationId) && typeof body === "object" && body !== null)
      walk((body as { where?: unknown }).where, "where");
    return body;
  };
}

export const QUERY_MUTANTS: readonly Mutant[] = [
  {
    id: "query-size-default-50",
    clause: "s4-2-size-default-100",
    area: "query-spec",
    description: "A search without size returns pages of 50 IDs instead of 100.",
    faults: { defaultSize: 50 },
  },
  {
    id: "query-unknown-field-accepted",
    clause: "s4-2-rule2-unknown-field-refused",
    area: "query-spec",
    description: "A leaf on a field outside the dataset's list is accepted (and matches nothing) instead of refused.",
    faults: { skip: ["unknown-field"] },
  },
  {
    id: "query-misspelt-fixed-value-refused",
    clause: "s7-misspelt-fixed-value-empty",
    area: "query-spec",
    description: "A misspelt or wrongly capitalised fixed-set value is refused instead of matching nothing.",
    faults: {
      request: (operationId, body) => {
        const dataset = DATASET_OF[operationId];
        if (dataset && typeof body === "object" && body !== null)
          refuseMisspelt(dataset, (body as { where?: unknown }).where, "where");
        return body;
      },
    },
  },
  {
    id: "query-date-format-unchecked",
    clause: "s4-2-rule3-date-format",
    area: "query-spec",
    description: "A date in another format than YYYY-MM-DD or now-<n>d/m is served instead of refused.",
    faults: { skip: ["date-format"] },
  },
  {
    id: "query-malformed-tree-accepted",
    clause: "s7-malformed-tree-refused-free",
    area: "query-spec",
    description: "A node with two composite keys or an unknown key is served (its first key read) instead of refused.",
    faults: { skip: ["tree-shape"] },
  },
  {
    id: "query-relative-date-refused",
    clause: "s4-2-rule3-date-format",
    area: "query-spec",
    description: "A relative date offset such as now-30d is refused; only YYYY-MM-DD is taken.",
    faults: {
      request: refuseNode(
        /^(queryPeople|queryJobs|queryCompanies)$/,
        (leaf) => ["gte", "lte", "eq"].some((op) => typeof leaf[op] === "string" && /^now-/.test(leaf[op])),
        "relative dates are not supported",
      ),
    },
  },
  {
    id: "query-in-operator-refused",
    clause: "s4-2-leaf-form",
    area: "query-spec",
    description: "The in operator, one of the six of §4.2, is refused.",
    faults: {
      request: refuseNode(
        /^(queryPeople|queryJobs|queryCompanies)$/,
        (leaf) => "in" in leaf && "field" in leaf,
        "operator in is not supported",
      ),
    },
  },
  {
    id: "query-nested-composites-refused",
    clause: "s4-2-composite-forms",
    area: "query-spec",
    description: "A composite (all, any, not) inside another composite is refused; §4.2 says composites nest.",
    faults: {
      request: refuseNode(
        /^(queryPeople|queryJobs|queryCompanies)$/,
        (node) =>
          ["all", "any"].some(
            (k) =>
              Array.isArray(node[k]) &&
              (node[k] as unknown[]).some(
                (c) => typeof c === "object" && c !== null && ["all", "any", "not"].some((n) => n in c),
              ),
          ),
        "composites do not nest",
      ),
    },
  },
  {
    id: "query-cursor-single-use",
    clause: "s4-2-after-cursor-from-next",
    area: "query-spec",
    description:
      "A next cursor is honoured only on the second page: the next of a page reached by a cursor is refused as " +
      "expired, so no search pages past its second page.",
    faults: {
      request: (operationId, body) => {
        const after = (body as { after?: unknown } | null)?.after;
        if (!(operationId in DATASET_OF) || typeof after !== "string") return body;
        const raw = Buffer.from(after, "base64url");
        if (raw.length >= 6 && raw.readUInt32BE(2) >= 2 * requestedSize(body))
          throw badRequest("after: cursor expired");
        return body;
      },
    },
  },
  {
    id: "query-next-dropped-before-last-match",
    clause: "s4-3-next-present-absent",
    area: "query-spec",
    description:
      "next is left out when a single match remains after the page (more < total - 1 instead of < total), so paging " +
      "stops one ID short.",
    faults: { nextWhen: (_dataset, page) => page.offset + page.returned < page.total - 1 },
  },
  {
    id: "query-cursor-page-default-size",
    clause: "s4-2-after-cursor-from-next",
    area: "query-spec",
    description:
      "A page asked for with after ignores the size sent beside it and holds up to 100 IDs (the cursor keeps the " +
      "offset only).",
    faults: {
      request: (operationId, body) => {
        if (!(operationId in DATASET_OF) || typeof (body as { after?: unknown } | null)?.after !== "string")
          return body;
        const { size: _size, ...rest } = body as Record<string, unknown>;
        return rest;
      },
    },
  },
  {
    id: "query-after-read-as-cursor",
    clause: "s4-2-search-body-shape",
    area: "query-spec",
    routes: ["queryPeople", "queryJobs", "queryCompanies"],
    description:
      "Searches read their cursor from a member named cursor and ignore after: passing next back as after " +
      "returns the first page again.",
    faults: {
      request: (operationId, body) => {
        if (!(operationId in DATASET_OF) || body === null || typeof body !== "object" || Array.isArray(body))
          return body;
        const { after, ...rest } = body as Record<string, unknown>;
        return after === undefined ? body : rest;
      },
    },
  },
  {
    id: "query-unknown-field-matches-nothing",
    clause: "s7-unknown-field-refused-free",
    area: "query-spec",
    routes: ["queryJobs", "queryCompanies"],
    description:
      "Jobs and companies queries read a leaf on a field outside their list as matching nothing (a search " +
      "engine's unmapped field): an empty page instead of a refusal.",
    faults: {
      request: (operationId, body) => {
        const dataset = DATASET_OF[operationId];
        if (dataset === undefined || dataset === "people" || body === null || typeof body !== "object") return body;
        return { ...body, where: unknownLeavesMatchNothing(dataset, (body as Record<string, unknown>).where) };
      },
    },
  },
];
