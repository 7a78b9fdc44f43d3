import { loadContract, OPERATORS, type Dataset, type DatasetSpec, type FieldSpec, type Operator, type ScopeKey } from "../../contract/index.js";
import { parseQueryDate } from "../../contract/dates.js";
import { queryDay } from "../days.js";
import { badRequest, type ValidationStep } from "../refusal.js";
import { tableOf } from "../store/schema.js";
import { words } from "../store/dictionary.js";
import type { LeafArgument, Plan, PlanScalar } from "./plan.js";

export interface TranslateOptions {
  readonly dataset: Dataset;
  /** The day relative dates count back from (s4-2-relative-offset-unit). */
  readonly now: Date;
  /** Validation steps switched off by a fault (mutants only). */
  readonly skip?: ReadonlySet<ValidationStep>;
}

/**
 * Most nodes one query may hold: a larger tree is refused rather than evaluated for seconds (the
 * reference's bound, spec/catalog/limits.yaml project.maxNodes; §8 is silent, clause
 * s8-limits-silent-size-nodes: the linter's node-count rule says unspecified for the same trees).
 */
export const MAX_QUERY_NODES = loadContract().limits.project.maxNodes;

const COMPOSITES = ["all", "any", "not"] as const;
const OPERATOR_SET: ReadonlySet<string> = new Set(OPERATORS);

/**
 * Operators the reference accepts per value type on jobs and companies, where the spec gives only the general
 * set (s2-5-job-operators-not-shown): word matching on text, ranges on numbers, ordinals and dates.
 */
const OPERATORS_BY_TYPE: Readonly<Record<FieldSpec["type"], readonly Operator[]>> = {
  text: ["eq", "in", "match", "exists"],
  list: ["eq", "in", "match", "exists"],
  identity: ["eq", "in", "match", "exists"],
  number: ["eq", "in", "gte", "lte", "exists"],
  ordinal: ["eq", "in", "gte", "lte", "exists"],
  date: ["eq", "in", "gte", "lte", "exists"],
  boolean: ["eq", "in", "exists"],
};

type ValueKind = "string" | "number" | "boolean" | "date";

function valueKind(field: FieldSpec): ValueKind {
  switch (field.type) {
    case "number":
      return "number";
    case "ordinal":
      return field.values ? "string" : "number";
    case "date":
      return "date";
    case "boolean":
      return "boolean";
    default:
      return "string";
  }
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "object") return "an object";
  if (typeof value === "string") return `the string ${JSON.stringify(value.length > 40 ? value.slice(0, 40) + "…" : value)}`;
  return `the ${typeof value} ${String(value)}`;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Translates the `where` of a search body (§4.2) into a Plan, or throws a 400 Refusal naming the problem and its place. */
export class QueryTranslator {
  private readonly spec: DatasetSpec;
  private readonly maxDepth: number;
  private nodes = 0;

  constructor(private readonly options: TranslateOptions) {
    this.spec = loadContract().datasets[options.dataset];
    this.maxDepth = loadContract().limits.project.maxNestingDepth;
  }

  translate(where: unknown, path = "where"): Plan {
    this.nodes = 0;
    return this.node(where, path, 1);
  }

  private enforced(step: ValidationStep): boolean {
    return !this.options.skip?.has(step);
  }

  private node(node: unknown, path: string, depth: number): Plan {
    if (depth > this.maxDepth && this.enforced("nesting-depth")) {
      throw badRequest(`${path}: the query nests deeper than ${this.maxDepth} levels (malformed tree, s7-malformed-tree-refused-free)`);
    }
    if (++this.nodes > MAX_QUERY_NODES) throw badRequest(`${path}: the query holds more than ${MAX_QUERY_NODES} nodes, the most the reference evaluates`);
    if (!isObject(node)) {
      throw badRequest(`${path}: a node must be an object (a composite, a leaf or a scope, §4.2), got ${describe(node)}`);
    }
    if ("field" in node) return this.leaf(node, path);
    const keys = Object.keys(node);
    const scopes = Object.keys(this.spec.scopes);
    if (keys.length !== 1 && this.enforced("tree-shape")) {
      const forms = [...COMPOSITES, ...scopes].join(", ");
      throw badRequest(
        keys.length === 0
          ? `${path}: empty node; a node holds one of ${forms}, or a field with one operator (§4.2)`
          : `${path}: a node holds exactly one of ${forms}, or a field with one operator (§4.2); found ${keys.map((k) => JSON.stringify(k)).join(", ")}`,
      );
    }
    const key = keys[0]!;
    const value = node[key];
    if (key === "all" || key === "any") {
      if (!Array.isArray(value)) throw badRequest(`${path}.${key}: must be an array of nodes (§4.2), got ${describe(value)}`);
      return { kind: key, nodes: value.map((child, i) => this.node(child, `${path}.${key}[${i}]`, depth + 1)) };
    }
    if (key === "not") {
      // §4.2 rule 6 leaves the argument forms of not open; the reference takes one node (README, serve section).
      if (!isObject(value)) throw badRequest(`${path}.not: must be one node (an object); the reference does not accept ${describe(value)} here (§4.2 rule 6)`);
      return { kind: "not", node: this.node(value, `${path}.not`, depth + 1) };
    }
    if (key === "has_experience" || key === "has_education" || key === "has_language") {
      const sub = this.spec.scopes[key as ScopeKey];
      if (!sub) {
        if (this.enforced("scope-people-only")) {
          throw badRequest(`${path}: ${key} is a scope; ${this.options.dataset} have no scopes (§4.2 rule 4)`);
        }
        return this.node(value, `${path}.${key}`, depth + 1);
      }
      return { kind: "scope", sub, node: this.node(value, `${path}.${key}`, depth + 1) };
    }
    if (OPERATOR_SET.has(key)) throw badRequest(`${path}: operator ${key} without a field (§4.2 leaf: field plus one operator)`);
    throw badRequest(`${path}: unknown key ${JSON.stringify(key)}; a node holds one of ${[...COMPOSITES, ...scopes].join(", ")}, or a field with one operator (§4.2)`);
  }

  private leaf(node: Record<string, unknown>, path: string): Plan {
    const name = node.field;
    if (typeof name !== "string") throw badRequest(`${path}.field: must be a string naming a queryable field, got ${describe(name)}`);
    const field = this.spec.fields.get(name);
    const keys = Object.keys(node).filter((k) => k !== "field");
    const unknown = keys.filter((k) => !OPERATOR_SET.has(k));
    if (unknown.length > 0 && this.enforced("tree-shape")) {
      throw badRequest(`${path}: unknown key ${JSON.stringify(unknown[0])} in a leaf; a leaf holds field and one operator among ${OPERATORS.join(", ")} (§4.2)`);
    }
    const ops = keys.filter((k) => OPERATOR_SET.has(k)) as Operator[];
    if (ops.length === 0) throw badRequest(`${path}: leaf on ${name} has no operator; give exactly one of ${OPERATORS.join(", ")} (§4.2)`);
    if (ops.length > 1 && this.enforced("one-operator")) {
      throw badRequest(`${path}: leaf on ${name} has ${ops.length} operators (${ops.join(", ")}); a leaf has one operator only, a range is an all of two leaves (§4.2 rule 1)`);
    }
    if (!field) {
      if (this.enforced("unknown-field")) {
        throw badRequest(`${path}.field: ${JSON.stringify(name)} is not a queryable ${this.options.dataset} field (§4.2 rule 2)`);
      }
      return { kind: "nothing" };
    }
    const op = ops[0]!;
    const allowed = this.spec.name === "people" ? field.operators : OPERATORS_BY_TYPE[field.type];
    if (!allowed.includes(op) && this.enforced("operator-allowed")) {
      const where = field.groupLabel ? `its group "${field.groupLabel}" takes ${allowed.join(", ")} (§2.2)` : `the reference takes ${allowed.join(", ")} on a ${field.type} field`;
      throw badRequest(`${path}: operator ${op} is not allowed on ${name}; ${where}`);
    }
    return { kind: "leaf", field, table: tableOf(this.options.dataset, field.scope), arg: this.argument(field, op, node[op], `${path}.${op}`) };
  }

  private argument(field: FieldSpec, op: Operator, value: unknown, path: string): LeafArgument {
    switch (op) {
      case "exists":
        // §4.2 rule 6: the reference takes true (present) and false (absent), nothing else.
        if (typeof value !== "boolean") throw badRequest(`${path}: exists takes true or false, got ${describe(value)} (§4.2 rule 6)`);
        return { op, present: value };
      case "match":
        if (typeof value !== "string") throw badRequest(`${path}: match takes a string of words, got ${describe(value)}`);
        return { op, words: words(value) };
      case "in": {
        if (!Array.isArray(value) || value.length === 0) {
          throw badRequest(`${path}: in takes a non-empty array of values, got ${describe(value)} (§4.2 rule 6)`);
        }
        return { op, values: value.map((v, i) => this.scalar(field, v, `${path}[${i}]`)) };
      }
      case "eq":
        return { op, value: this.scalar(field, value, path) };
      case "gte":
      case "lte": {
        const bound = this.scalar(field, value, path);
        return { op, bound: bound as number };
      }
    }
  }

  private scalar(field: FieldSpec, value: unknown, path: string): PlanScalar {
    const kind = valueKind(field);
    if (kind === "date") {
      if (typeof value !== "string") {
        if (this.enforced("value-kind")) throw badRequest(`${path}: ${field.name} is a date and takes YYYY-MM-DD or now-<n>d / now-<n>m, got ${describe(value)} (§4.2 rule 3)`);
        return NaN;
      }
      const date = parseQueryDate(value);
      const usable = date && (date.kind === "absolute" || date.knownUnit);
      if (!usable) {
        if (this.enforced("date-format")) {
          const why = date ? `the unit ${(date as { unit: string }).unit} is not one the reference takes (d, m; §4.2 rule 6)` : "not a real calendar date YYYY-MM-DD nor a relative offset now-<n>d / now-<n>m";
          throw badRequest(`${path}: ${JSON.stringify(value)} is ${why} (§4.2 rule 3)`);
        }
        return NaN;
      }
      return queryDay(date, this.options.now);
    }
    if (typeof value !== kind || (kind === "number" && !Number.isFinite(value))) {
      if (this.enforced("value-kind")) {
        const takes = kind === "string" ? "a string" : kind === "number" ? "a number" : "true or false";
        throw badRequest(`${path}: ${field.name} takes ${takes}, got ${describe(value)}`);
      }
    }
    return value as PlanScalar;
  }
}
