/**
 * The validation matrix: every refusal class a `must` clause compels, placed at every structural position
 * (src/lint/positions.ts) on each dataset where it applies, inside a query that otherwise matches nothing.
 * Built from the catalog; the conformance suite sends it (suites/validation/positions.yaml) and the
 * position-by-position mutants switch each class's rule off at one position (reference/mutants/validation.ts).
 */
import {
  DATASETS,
  loadContract,
  routeOf,
  scopeKeys,
  subRecordOf,
  type Dataset,
  type FieldSpec,
} from "../contract/index.js";
import type { BodyOperationId } from "../contract/types.js";
import { GENERAL_POSITIONS, place, POSITIONS, type Position } from "../lint/positions.js";
import { operatorsOf } from "./arbitrary.js";

/** A kind of mistake the spec compels a refusal of, and the linter rule that refuses it. */
export interface RefusalClass {
  readonly id: string;
  /** The linter rule that reports it: consequence `refused`, or `unspecified` where `reading` is set. */
  readonly rule: string;
  /** The clause compelling the refusal (spec/clauses.yaml): a `must`, except where `reading` is set. */
  readonly clause: string;
  /** The refusal rests on the project's reading of an `ambiguous` clause, not on a `must`. */
  readonly reading?: true;
  /** The broken node, for a dataset at a position (undefined: the class does not apply there). */
  node(dataset: Dataset, position: Position): unknown;
}

export interface MatrixEntry {
  readonly name: string;
  readonly dataset: Dataset;
  readonly route: BodyOperationId;
  readonly position: Position;
  readonly class: string;
  readonly rule: string;
  readonly clause: string;
  readonly body: unknown;
}

const NOTHING = "tdss-matches-nothing";

/** Fields that fit at a position: those of the scope's sub-record inside a scope, person-level ones elsewhere. */
function fieldsAt(dataset: Dataset, position: Position): FieldSpec[] {
  const sub = subRecordOf(position);
  return [...loadContract().datasets[dataset].fields.values()].filter((f) => f.scope === sub);
}

function firstField(dataset: Dataset, position: Position, fits: (f: FieldSpec) => boolean): FieldSpec | undefined {
  return fieldsAt(dataset, position).find(fits);
}

/**
 * A condition no record meets: a misspelt fixed-set value on people (§7: valid, zero results, no cost), a
 * condition and its negation on jobs and companies (their fields have no fixed sets).
 */
export function matchesNothing(dataset: Dataset): unknown {
  const spec = loadContract().datasets[dataset];
  const fixed = [...spec.fields.values()].find((f) => f.values && !f.scope);
  if (fixed) return { field: fixed.name, eq: NOTHING };
  const field = [...spec.fields.values()].find((f) => f.type === "text")!;
  const has = { field: field.name, exists: true };
  return { all: [has, { not: has }] };
}

const text = (f: FieldSpec) =>
  operatorsOf(f).includes("eq") &&
  operatorsOf(f).includes("in") &&
  loadContract().grammar.valueKinds[f.type] === "string" &&
  f.type !== "date";

export const REFUSAL_CLASSES: readonly RefusalClass[] = [
  {
    id: "unknown-field",
    rule: "unknown-field",
    clause: "s4-2-rule2-unknown-field-refused",
    node: () => ({ field: "tdss_no_such_field", eq: NOTHING }),
  },
  {
    id: "field-not-a-name",
    rule: "unknown-field",
    clause: "s4-2-rule2-unknown-field-refused",
    node: () => ({ field: 7, eq: NOTHING }),
  },
  {
    id: "operator-not-allowed",
    rule: "operator-not-allowed",
    clause: "s2-2-operator-not-allowed",
    reading: true,
    node: (dataset, position) => {
      if (dataset !== "people") return undefined;
      const f = firstField(
        dataset,
        position,
        (x) => !x.operators.includes("match") && x.operators.includes("eq") && !x.values,
      );
      return f && { field: f.name, match: NOTHING };
    },
  },
  {
    id: "two-operators",
    rule: "leaf-operator-count",
    clause: "s8-operators-per-leaf",
    node: (dataset, position) => {
      const f = firstField(dataset, position, text);
      return f && { field: f.name, eq: NOTHING, in: [NOTHING] };
    },
  },
  {
    id: "no-operator",
    rule: "leaf-operator-count",
    clause: "s4-2-leaf-form",
    node: (dataset, position) => {
      const f = firstField(dataset, position, text);
      return f && { field: f.name };
    },
  },
  {
    id: "member-beside-composite",
    rule: "node-shape",
    clause: "s7-malformed-tree-refused-free",
    node: (d) => ({ any: [matchesNothing(d)], boost: 2 }),
  },
  {
    id: "two-composites",
    rule: "node-shape",
    clause: "s7-malformed-tree-refused-free",
    node: (d) => ({ all: [matchesNothing(d)], not: matchesNothing(d) }),
  },
  {
    id: "composite-not-array",
    rule: "node-shape",
    clause: "s7-malformed-tree-refused-free",
    node: (d) => ({ all: matchesNothing(d) }),
  },
  // Under `not`, a value that is no node is an argument form §4.2 rule 6 leaves open (argument-form).
  {
    id: "node-not-object",
    rule: "node-shape",
    clause: "s7-malformed-tree-refused-free",
    node: (_d, p) => (p === "not" || p === "deep" ? undefined : NOTHING),
  },
  { id: "empty-node", rule: "node-shape", clause: "s7-malformed-tree-refused-free", node: () => ({}) },
  {
    id: "operator-without-field",
    rule: "node-shape",
    clause: "s7-malformed-tree-refused-free",
    node: () => ({ eq: NOTHING }),
  },
  {
    id: "value-not-a-value",
    rule: "operator-value-kind",
    clause: "s4-2-leaf-form",
    node: (dataset, position) => {
      const f = firstField(dataset, position, text);
      return f && { field: f.name, eq: { value: NOTHING } };
    },
  },
  {
    id: "malformed-date",
    rule: "date-format",
    clause: "s4-2-rule3-date-format",
    node: (dataset, position) => {
      const f = firstField(dataset, position, (x) => x.type === "date");
      return f && { field: f.name, gte: "2024-02-30" };
    },
  },
  {
    id: "scope-on-jobs-or-companies",
    rule: "scope-not-allowed",
    clause: "s4-2-rule4-no-scopes-jobs-companies",
    node: (dataset) => (dataset === "people" ? undefined : { [scopeKeys()[0]!]: matchesNothing(dataset) }),
  },
];

/** Positions of a dataset: scopes are people only (§4.2 rule 4). */
export function positionsOf(dataset: Dataset): readonly Position[] {
  return dataset === "people" ? POSITIONS : GENERAL_POSITIONS;
}

/** Every class at every position on every dataset where it applies, each in a body that otherwise matches nothing. */
export function refusalMatrix(datasets: readonly Dataset[] = DATASETS): MatrixEntry[] {
  const out: MatrixEntry[] = [];
  for (const dataset of datasets) {
    const zero = matchesNothing(dataset);
    for (const c of REFUSAL_CLASSES) {
      for (const position of positionsOf(dataset)) {
        const node = c.node(dataset, position);
        if (node === undefined) continue;
        const where = place(position, node, zero);
        out.push({
          name: `${dataset}/${c.id}@${position}`,
          dataset,
          route: routeOf(dataset, "search"),
          position,
          class: c.id,
          rule: c.rule,
          clause: c.clause,
          body: { where, size: 1 },
        });
      }
    }
  }
  return out;
}
