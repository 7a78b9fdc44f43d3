import { exactField } from "../../contract/index.js";
import { distanceWithin, fuzzyEdits } from "../../lint/suggest.js";
import type { LeafFaultContext } from "../query/evaluate.js";
import type { Plan } from "../query/plan.js";
import { Bitset } from "../store/bitset.js";
import { words } from "../store/dictionary.js";
import { cell } from "../store/table.js";
import type { Variant } from "./variant.js";

/**
 * The rows of a `match` leaf under another reading of match (s4-2-match-semantics): a row matches when one of its
 * text values passes `holds(the value's words, the query's words)`. Every other leaf keeps the reference's rows.
 */
function matchReading(holds: (value: readonly string[], query: readonly string[]) => boolean) {
  return (ctx: LeafFaultContext): Bitset => {
    if (ctx.arg.op !== "match") return ctx.correct;
    const query = ctx.arg.words;
    const column = ctx.table.columns.get(ctx.field.name)!;
    const bits = new Bitset(ctx.table.rows);
    for (let row = 0; row < ctx.table.rows; row++) {
      const v = cell(column, row);
      const values = (v === null ? [] : Array.isArray(v) ? v : [v]).map(String);
      if (query.length > 0 && values.some((value) => holds(words(value), query))) bits.set(row);
    }
    return bits;
  };
}

/** eq and in comparing text case aside, on a field the spec does not say is matched exactly (exactField). */
function eqIgnoringCase(ctx: LeafFaultContext): Bitset {
  const arg = ctx.arg;
  if ((arg.op !== "eq" && arg.op !== "in") || exactField(ctx.field)) return ctx.correct;
  const wanted = (arg.op === "eq" ? [arg.value] : arg.values).filter((v) => typeof v === "string");
  if (wanted.length === 0) return ctx.correct;
  const lowered = new Set(wanted.map((v) => v.toLowerCase()));
  const column = ctx.table.columns.get(ctx.field.name)!;
  const bits = new Bitset(ctx.table.rows).or(ctx.correct);
  for (let row = 0; row < ctx.table.rows; row++) {
    const v = cell(column, row);
    const values = v === null ? [] : Array.isArray(v) ? v : [v];
    if (values.some((x) => typeof x === "string" && lowered.has(x.toLowerCase()))) bits.set(row);
  }
  return bits;
}

/**
 * A translated query with not read as SQL reads NOT: a condition on a field a record holds no value of is unknown,
 * and so is its negation, so `not` keeps such a record out. The negation is pushed down to the leaves (De Morgan),
 * where a negated condition on a value also asks for one: not (city eq Paris) is all [not (city eq Paris), city
 * exists]. A scope stays a scope: not over it is whether the person has no such sub-record.
 */
function sqlNot(plan: Plan, negated = false): Plan {
  switch (plan.kind) {
    case "leaf":
      if (!negated) return plan;
      if (plan.arg.op === "exists") return { kind: "not", node: plan };
      return {
        kind: "all",
        nodes: [
          { kind: "not", node: plan },
          { ...plan, arg: { op: "exists", present: true } },
        ],
      };
    case "not":
      return sqlNot(plan.node, !negated);
    case "all":
    case "any": {
      const kind = negated ? (plan.kind === "all" ? "any" : "all") : plan.kind;
      return { kind, nodes: plan.nodes.map((node) => sqlNot(node, negated)) };
    }
    case "scope": {
      const scope: Plan = { ...plan, node: sqlNot(plan.node) };
      return negated ? { kind: "not", node: scope } : scope;
    }
    case "nothing":
      return negated ? { kind: "not", node: plan } : plan;
  }
}

/**
 * Readings of `match` a deployment may make (§2.2 and §2.3 say only that free text is queried with match, and that
 * the platform vocabulary is "matched exactly, not fuzzily"): each keeps every `must` clause, so the suite must pass
 * each with zero failures. A deployment's match is a full-text engine's or a database's, and both are common.
 */
export const OPERATOR_VARIANTS: readonly Variant[] = [
  {
    id: "query-match-substring",
    clause: "s4-2-match-semantics",
    area: "query-spec",
    description:
      "match finds its text anywhere inside a value, case aside, as a database's ILIKE '%text%' does: " +
      '"ngineer" matches "Engineering", and two words match only side by side, in their order.',
    faults: {
      evaluation: {
        leaf: matchReading((value, query) => value.join(" ").includes(query.join(" "))),
      },
    },
  },
  {
    id: "query-match-phrase",
    clause: "s4-2-match-semantics",
    area: "query-spec",
    description:
      "match reads its words as a phrase: they must stand side by side in one value, in their order, as a " +
      "full-text engine's phrase query does.",
    faults: {
      evaluation: {
        leaf: matchReading((value, query) => value.some((_, i) => query.every((q, k) => value[i + k] === q))),
      },
    },
  },
  {
    id: "query-match-any-word",
    clause: "s4-2-match-semantics",
    area: "query-spec",
    description:
      "match needs any one of its words, not all of them, as a full-text engine's match query does by default " +
      "(the operator OR).",
    faults: {
      evaluation: {
        leaf: matchReading((value, query) => value.some((w) => query.includes(w))),
      },
    },
  },
  {
    id: "query-match-fuzzy",
    clause: "s4-2-match-semantics",
    area: "query-spec",
    description:
      "match is fuzzy: each word matches a word of the value within one or two edits by its length, as a full-text " +
      'engine\'s fuzziness AUTO does ("ngineerin" matches "engineering", "manger" matches "manager").',
    faults: {
      evaluation: {
        leaf: matchReading((value, query) =>
          query.every((q) => value.some((w) => distanceWithin(q, w, fuzzyEdits(q)) !== undefined)),
        ),
      },
    },
  },
  {
    id: "query-exists-empty-list-present",
    clause: "s4-2-exists-empty-list",
    area: "query-spec",
    description:
      "exists counts an empty list of a person or a company as a value, as a store that keeps [] rather than none " +
      "does (MongoDB's $exists, SQL's IS NOT NULL over an array column): skills: [] is present; a posting's empty " +
      "list stays no value (§2.6).",
    faults: {
      evaluation: {
        leaf: (ctx) =>
          ctx.arg.op === "exists" && ctx.field.type === "list" && !ctx.field.scope && ctx.field.dataset !== "jobs"
            ? ctx.arg.present
              ? Bitset.full(ctx.table.rows)
              : new Bitset(ctx.table.rows)
            : ctx.correct,
      },
    },
  },
  {
    id: "query-eq-ignores-case",
    clause: "s2-2-eq-whole-value",
    area: "query-spec",
    description:
      "eq and in compare text case aside on every field the spec does not say is matched exactly (people's free " +
      "text, every field of jobs and companies), as a case-insensitive collation does; identity, platform vocabulary " +
      "and the fixed sets stay exact.",
    faults: { evaluation: { leaf: eqIgnoringCase } },
  },
  {
    id: "query-not-excludes-missing",
    clause: "s4-2-not-missing-value",
    area: "query-spec",
    description:
      "not reads as SQL's NOT: a record without a value of a condition's field is kept out of its negation as well " +
      '(not {"field": "city", "eq": "Paris"} finds only people with a city other than Paris).',
    faults: { plan: (_dataset, plan) => sqlNot(plan) },
  },
];
