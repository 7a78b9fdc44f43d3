import { routeOf, scopeKeyOf, subRecords, type Dataset, type SubRecord } from "../../contract/index.js";
import { dayString, todayDay } from "../days.js";
import type { Faults } from "../faults.js";
import type { EvaluationFaults, LeafFaultContext } from "../query/evaluate.js";
import type { LeafArgument, Plan } from "../query/plan.js";
import { Bitset } from "../store/bitset.js";
import type { TableName } from "../store/schema.js";
import { cell, type CellValue } from "../store/table.js";
import type { Mutant } from "./mutant.js";
import { rewriteData } from "./rewrite.js";

/**
 * Semantic mutants, generated as a matrix (docs/search-semantics.md): each operator, composite, relative date
 * and scope made wrong in a plausible way, on each dataset where it applies. Every one breaks a `must` clause
 * the search-semantics oracles rest on; readings the spec leaves open (match case, how words combine, a
 * substring or fuzzy match, how `not` treats a missing value, eq case on jobs and companies) are legal and have no
 * mutant here (src/reference/variants/operators.ts serves some of them).
 */

const DATASETS: readonly Dataset[] = ["people", "jobs", "companies"];
const TABLES: Readonly<Record<Dataset, readonly TableName[]>> = {
  people: ["person", ...subRecords()],
  jobs: ["jobs"],
  companies: ["companies"],
};

/** The search-semantics case of a dataset: the one whose oracles run on it. */
const caseOf = (dataset: Dataset): readonly string[] => [`search-semantics/${dataset}`];

type ColumnKind = "text" | "list" | "number" | "date" | "boolean";

/** A wrong leaf semantics: which leaves it applies to, and the rows it gives instead. */
interface LeafFault {
  readonly id: string;
  readonly clause: string;
  readonly description: string;
  readonly kinds: readonly ColumnKind[];
  readonly ops: readonly LeafArgument["op"][];
  readonly datasets?: readonly Dataset[];
  readonly rows: (ctx: LeafFaultContext, kind: ColumnKind) => Bitset;
}

/** Each row's values as a list (a list column's elements, a scalar as one, null as none). */
function valuesOf(ctx: LeafFaultContext, row: number): CellValue[] {
  const column = ctx.table.columns.get(ctx.field.name)!;
  const v = cell(column, row);
  return v === null ? [] : Array.isArray(v) ? v : [v];
}

function rowsWhere(ctx: LeafFaultContext, test: (values: CellValue[]) => boolean): Bitset {
  const bits = new Bitset(ctx.table.rows);
  for (let r = 0; r < ctx.table.rows; r++) if (test(valuesOf(ctx, r))) bits.set(r);
  return bits;
}

const lower = (v: CellValue) => String(v).toLowerCase();
const wordsOf = (arg: LeafArgument): readonly string[] => (arg.op === "match" ? arg.words : []);
const dayOf = (v: CellValue) => (typeof v === "string" ? Date.parse(`${v}T00:00:00Z`) / 86_400_000 : Number(v));

const LEAF_FAULTS: readonly LeafFault[] = [
  {
    id: "eq-case-insensitive",
    clause: "s2-2-identity-vocabulary-exact",
    description: "eq and in ignore case",
    kinds: ["text", "list"],
    ops: ["eq", "in"],
    // Jobs and companies do not say their values are matched exactly: ignoring case there is a legal reading.
    datasets: ["people"],
    rows: (ctx) => {
      const wanted = (ctx.arg.op === "eq" ? [ctx.arg.value] : ctx.arg.op === "in" ? ctx.arg.values : []).map(lower);
      return rowsWhere(ctx, (vs) => vs.some((v) => wanted.includes(lower(v))));
    },
  },
  {
    id: "eq-prefix",
    clause: "s4-2-eq-equal-value",
    description: "eq matches a stored value that starts with the given one",
    kinds: ["text", "list"],
    ops: ["eq"],
    rows: (ctx) =>
      rowsWhere(
        ctx,
        (vs) =>
          ctx.arg.op === "eq" &&
          vs.some((v) => typeof v === "string" && v.startsWith(String(ctx.arg.op === "eq" ? ctx.arg.value : ""))),
      ),
  },
  {
    id: "in-first-value-only",
    clause: "s4-2-in-listed-value",
    description: "in looks at its first value only",
    kinds: ["text", "list", "number", "date", "boolean"],
    ops: ["in"],
    rows: (ctx) => (ctx.arg.op === "in" ? ctx.evaluate({ op: "eq", value: ctx.arg.values[0]! }) : ctx.correct),
  },
  {
    id: "match-whole-value",
    clause: "s4-2-match-whole-word",
    description: "match compares the whole value (case aside) instead of looking for its words",
    kinds: ["text", "list"],
    ops: ["match"],
    rows: (ctx) => rowsWhere(ctx, (vs) => vs.some((v) => lower(v) === wordsOf(ctx.arg).join(" "))),
  },
  ...(["number", "date"] as const).flatMap((kind): LeafFault[] => [
    {
      id: `gte-exclusive-${kind}s`,
      clause: "s4-2-gte-lte-inclusive",
      description: `gte on ${kind}s leaves out its bound`,
      kinds: [kind],
      ops: ["gte"],
      rows: (ctx) =>
        rowsWhere(ctx, (vs) => ctx.arg.op === "gte" && vs.some((v) => dayOf(v) > (ctx.arg as { bound: number }).bound)),
    },
    {
      id: `lte-exclusive-${kind}s`,
      clause: "s4-2-gte-lte-inclusive",
      description: `lte on ${kind}s leaves out its bound`,
      kinds: [kind],
      ops: ["lte"],
      rows: (ctx) =>
        rowsWhere(ctx, (vs) => ctx.arg.op === "lte" && vs.some((v) => dayOf(v) < (ctx.arg as { bound: number }).bound)),
    },
    {
      id: `gte-lte-swapped-${kind}s`,
      clause: "s4-2-gte-lte-inclusive",
      description: `gte and lte on ${kind}s swapped`,
      kinds: [kind],
      ops: ["gte", "lte"],
      rows: (ctx) =>
        ctx.evaluate(
          ctx.arg.op === "gte"
            ? { op: "lte", bound: ctx.arg.bound }
            : ctx.arg.op === "lte"
              ? { op: "gte", bound: ctx.arg.bound }
              : ctx.arg,
        ),
    },
  ]),
  // A comparison of decimal strings agrees with numeric order whenever both sides have as many digits (bounds taken
  // from a record's own values): only bounds of other magnitudes show it.
  {
    id: "numbers-compared-as-text",
    clause: "s4-2-gte-lte-inclusive",
    description: "gte and lte on numbers compare their decimal strings (9 is above 10)",
    kinds: ["number"],
    ops: ["gte", "lte"],
    rows: (ctx) =>
      rowsWhere(ctx, (vs) => {
        if (ctx.arg.op !== "gte" && ctx.arg.op !== "lte") return false;
        const bound = String(ctx.arg.bound);
        return vs.some((v) => (ctx.arg.op === "gte" ? String(v) >= bound : String(v) <= bound));
      }),
  },
  {
    id: "exists-inverted",
    clause: "s4-2-exists-presence",
    description: "exists true matches records without a value and exists false those with one",
    kinds: ["text", "list", "number", "date", "boolean"],
    ops: ["exists"],
    rows: (ctx) => (ctx.arg.op === "exists" ? ctx.evaluate({ op: "exists", present: !ctx.arg.present }) : ctx.correct),
  },
  {
    id: "list-first-element-only",
    clause: "s2-2-multi-valued-any-value",
    description: "eq, in and match on a list field look at its first element only",
    kinds: ["list"],
    ops: ["eq", "in", "match"],
    rows: (ctx) => {
      const first = new Bitset(ctx.table.rows);
      const column = ctx.table.columns.get(ctx.field.name)!;
      if (column.kind !== "list") return ctx.correct;
      // Rows whose first element alone satisfies the leaf: evaluated element by element through a one-element view.
      for (let r = 0; r < ctx.table.rows; r++) {
        const start = column.offsets[r]!;
        if (start === column.offsets[r + 1]) continue;
        const v = column.dict.values[column.ids[start]!]!;
        const arg = ctx.arg;
        const ok =
          arg.op === "eq"
            ? v === arg.value
            : arg.op === "in"
              ? (arg.values as readonly unknown[]).includes(v)
              : arg.op === "match"
                ? arg.words.length > 0 &&
                  arg.words.every((w) => ((v.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) as string[]).includes(w))
                : false;
        if (ok) first.set(r);
      }
      return first;
    },
  },
];

function columnKind(ctx: LeafFaultContext): ColumnKind | undefined {
  return ctx.table.columns.get(ctx.field.name)?.kind;
}

function leafMutants(): Mutant[] {
  return LEAF_FAULTS.flatMap((fault) =>
    DATASETS.filter((d) => !fault.datasets || fault.datasets.includes(d)).map((dataset): Mutant => {
      const tables = TABLES[dataset];
      const evaluation: EvaluationFaults = {
        leaf: (ctx) => {
          const kind = columnKind(ctx);
          if (
            !kind ||
            !tables.includes(ctx.tableName) ||
            !fault.kinds.includes(kind) ||
            !fault.ops.includes(ctx.arg.op)
          )
            return ctx.correct;
          return fault.rows(ctx, kind);
        },
      };
      return {
        id: `semantics-${dataset}-${fault.id}`,
        clause: fault.clause,
        area: "search-semantics",
        cases: caseOf(dataset),
        description: `${dataset}: ${fault.description}.`,
        faults: { evaluation },
      };
    }),
  );
}

/** A plan rewrite applied to the queries of one dataset. */
function onDataset(dataset: Dataset, rewrite: (plan: Plan) => Plan): NonNullable<Faults["plan"]> {
  return (d, plan) => (d === dataset ? rewrite(plan) : plan);
}

/** Rewrites every node bottom-up (children first), `inScope` the sub-record of the nearest enclosing scope. */
function mapPlan(plan: Plan, fn: (node: Plan, inScope: SubRecord | undefined) => Plan, inScope?: SubRecord): Plan {
  switch (plan.kind) {
    case "all":
    case "any":
      return fn({ kind: plan.kind, nodes: plan.nodes.map((n) => mapPlan(n, fn, inScope)) }, inScope);
    case "not":
      return fn({ kind: "not", node: mapPlan(plan.node, fn, inScope) }, inScope);
    case "scope":
      return fn({ kind: "scope", sub: plan.sub, node: mapPlan(plan.node, fn, plan.sub) }, inScope);
    default:
      return fn(plan, inScope);
  }
}

const COMPOSITE_FAULTS: readonly { id: string; clause: string; description: string; rewrite: (node: Plan) => Plan }[] =
  [
    {
      id: "any-as-all",
      clause: "s4-2-any-one-condition",
      description: "any requires every child",
      rewrite: (n) => (n.kind === "any" ? { kind: "all", nodes: n.nodes } : n),
    },
    {
      id: "all-as-any",
      clause: "s4-2-all-every-condition",
      description: "all is satisfied by one child",
      rewrite: (n) => (n.kind === "all" ? { kind: "any", nodes: n.nodes } : n),
    },
    {
      id: "any-first-child-only",
      clause: "s4-2-any-one-condition",
      description: "any looks at its first child only",
      rewrite: (n) => (n.kind === "any" && n.nodes.length ? n.nodes[0]! : n),
    },
    {
      id: "all-first-two-children",
      clause: "s4-2-all-every-condition",
      description: "all looks at its first two children only",
      rewrite: (n) => (n.kind === "all" && n.nodes.length > 2 ? { kind: "all", nodes: n.nodes.slice(0, 2) } : n),
    },
    {
      id: "any-first-two-children",
      clause: "s4-2-any-one-condition",
      description: "any looks at its first two children only",
      rewrite: (n) => (n.kind === "any" && n.nodes.length > 2 ? { kind: "any", nodes: n.nodes.slice(0, 2) } : n),
    },
    {
      id: "not-ignored",
      clause: "s4-2-not-negates",
      description: "not is ignored: not A matches what A matches",
      rewrite: (n) => (n.kind === "not" ? n.node : n),
    },
    {
      id: "not-drops-missing-always",
      clause: "s4-2-not-negates",
      description: "not over a leaf also drops every record without a value of its field, even when the leaf is exists",
      rewrite: (n) =>
        n.kind === "not" && n.node.kind === "leaf"
          ? { kind: "all", nodes: [n, { ...n.node, arg: { op: "exists", present: true } }] }
          : n,
    },
  ];

function compositeMutants(): Mutant[] {
  return COMPOSITE_FAULTS.flatMap((fault) =>
    DATASETS.map((dataset): Mutant => ({
      id: `semantics-${dataset}-${fault.id}`,
      clause: fault.clause,
      area: "search-semantics",
      cases: caseOf(dataset),
      description: `${dataset}: ${fault.description}.`,
      faults: { plan: onDataset(dataset, (plan) => mapPlan(plan, (node) => fault.rewrite(node))) },
    })),
  );
}

/** The conditions of a scope of `sub` each checked on a sub-record of its own. */
function leakScope(sub: SubRecord, plan: Plan): Plan {
  return mapPlan(plan, (node) => {
    if (node.kind !== "scope" || node.sub !== sub) return node;
    const spread = (n: Plan): Plan =>
      n.kind === "all" || n.kind === "any"
        ? { kind: n.kind, nodes: n.nodes.map(spread) }
        : { kind: "scope", sub, node: n };
    return spread(node.node);
  });
}

/** Rewrites the nodes inside scopes of `sub` only. */
function insideScope(sub: SubRecord, fn: (node: Plan) => Plan): (plan: Plan) => Plan {
  return (plan) => mapPlan(plan, (node, scope) => (scope === sub && node.kind !== "scope" ? fn(node) : node));
}

function firstOfEachOwner(table: { owner?: Int32Array; rows: number }, rows: Bitset): Bitset {
  const out = new Bitset(rows.size);
  const owner = table.owner!;
  for (let r = 0; r < table.rows; r++) if (rows.has(r) && (r === 0 || owner[r - 1] !== owner[r])) out.set(r);
  return out;
}

function scopeMutants(): Mutant[] {
  return subRecords().flatMap((sub): Mutant[] => {
    const name = scopeKeyOf(sub);
    const mutant = (id: string, description: string, faults: Faults): Mutant => ({
      id: `semantics-people-${name.replace("_", "-")}-${id}`,
      clause: "s4-2-scope-same-sub-record",
      area: "search-semantics",
      cases: caseOf("people"),
      description: `people: ${description}.`,
      faults,
    });
    return [
      mutant("leaks", `the conditions inside ${name} may each hold on a different sub-record`, {
        plan: onDataset("people", (p) => leakScope(sub, p)),
      }),
      mutant("all-as-any", `an all inside ${name} is satisfied by one of its conditions`, {
        plan: onDataset(
          "people",
          insideScope(sub, (n) => (n.kind === "all" ? { kind: "any", nodes: n.nodes } : n)),
        ),
      }),
      mutant("not-ignored", `a not inside ${name} is ignored`, {
        plan: onDataset(
          "people",
          insideScope(sub, (n) => (n.kind === "not" ? n.node : n)),
        ),
      }),
      mutant(
        "not-person-level",
        `a not inside ${name} negates over the whole person (no sub-record matches) instead of the same sub-record`,
        {
          plan: onDataset(
            "people",
            insideScope(sub, (n) =>
              n.kind === "not" ? { kind: "not", node: { kind: "scope", sub, node: n.node } } : n,
            ),
          ),
        },
      ),
      mutant(
        "unbound-under-not",
        `a not over ${name} checks the scope's conditions each on a sub-record of its own (not [a, b] on one)`,
        {
          plan: onDataset("people", (p) =>
            mapPlan(p, (node) =>
              node.kind === "not" && node.node.kind === "scope" && node.node.sub === sub
                ? { kind: "not", node: leakScope(sub, node.node) }
                : node,
            ),
          ),
        },
      ),
      mutant("first-sub-record-only", `${name} looks at each person's first sub-record only`, {
        evaluation: { scope: (t, table, rows) => (t === sub ? firstOfEachOwner(table, rows) : rows) },
      }),
    ];
  });
}

/** Relative dates of one dataset's queries rewritten before they are read. */
function rewriteRelative(
  dataset: Dataset,
  rewrite: (n: number, unit: "d" | "m") => string,
): NonNullable<Faults["request"]> {
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (typeof node === "string") {
      const m = /^now-(\d+)([dm])$/.exec(node);
      return m ? rewrite(Number(m[1]), m[2] as "d" | "m") : node;
    }
    if (node && typeof node === "object") return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, walk(v)]));
    return node;
  };
  return (operationId, body) =>
    operationId === routeOf(dataset, "search") && body && typeof body === "object"
      ? { ...body, where: walk((body as { where?: unknown }).where) }
      : body;
}

function forward(n: number, unit: "d" | "m"): string {
  const today = new Date(dayString(todayDay(new Date())));
  if (unit === "d") today.setUTCDate(today.getUTCDate() + n);
  else today.setUTCMonth(today.getUTCMonth() + n);
  return today.toISOString().slice(0, 10);
}

const RELATIVE_FAULTS: readonly {
  id: string;
  description: string;
  rewrite: (n: number, unit: "d" | "m") => string;
}[] = [
  { id: "months-read-as-days", description: "now-Nm is read as N days back", rewrite: (n) => `now-${n}d` },
  { id: "days-read-as-months", description: "now-Nd is read as N months back", rewrite: (n) => `now-${n}m` },
  {
    id: "months-read-as-weeks",
    description: "now-Nm is read as N weeks back",
    rewrite: (n, u) => (u === "m" ? `now-${7 * n}d` : `now-${n}d`),
  },
  {
    id: "offset-counted-forward",
    description: "now-N is counted forward from today",
    rewrite: (n, u) => forward(n, u),
  },
];

function relativeMutants(): Mutant[] {
  return RELATIVE_FAULTS.flatMap((fault) =>
    DATASETS.map((dataset): Mutant => ({
      id: `semantics-${dataset}-relative-${fault.id}`,
      clause: "s4-2-relative-offset-back",
      area: "search-semantics",
      cases: caseOf(dataset),
      description: `${dataset}: ${fault.description}.`,
      faults: { request: rewriteRelative(dataset, fault.rewrite) },
    })),
  );
}

/**
 * A people total that claims the cap for a set that is not counted to its end: only a count the suite proves (a
 * page holding the whole set, or disjoint parts whose totals are exact) shows that the set is far smaller.
 */
const TOTAL_MUTANTS: readonly Mutant[] = [
  {
    id: "semantics-people-total-capped-when-paged",
    clause: "s4-3-total-counts-matches",
    area: "search-semantics",
    cases: caseOf("people"),
    description: 'people: total is "100000+" whenever more matches remain than the page holds (a next is sent).',
    faults: {
      response: rewriteData(["queryPeople"], (data) =>
        typeof data.total === "number" && typeof data.next === "string" ? { ...data, total: "100000+" } : data,
      ),
    },
  },
];

export const SEMANTICS_MUTANTS: readonly Mutant[] = [
  ...TOTAL_MUTANTS,
  ...leafMutants(),
  ...compositeMutants(),
  ...scopeMutants(),
  ...relativeMutants(),
];
