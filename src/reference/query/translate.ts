import {
  isScopeKey,
  loadContract,
  OPERATORS,
  type Dataset,
  type DatasetSpec,
  type FieldSpec,
  type Operator,
} from "../../contract/index.js";
import { parseQueryDate } from "../../contract/dates.js";
import { queryDay } from "../days.js";
import { badRequest } from "../refusal.js";
import { tableOf } from "../store/schema.js";
import { words } from "../store/dictionary.js";
import type { LeafArgument, Plan, PlanScalar } from "./plan.js";

export interface TranslateOptions {
  readonly dataset: Dataset;
  /** The day relative dates count back from (s4-2-relative-offset-unit). */
  readonly now: Date;
}

/**
 * Most nodes one query may hold: a larger tree is refused rather than evaluated for seconds (the
 * reference's bound, spec/catalog/limits.yaml project.maxNodes; §8 is silent, clause
 * s8-limits-silent-size-nodes: the linter's node-count rule says unspecified for the same trees).
 */
export const MAX_QUERY_NODES = loadContract().limits.project.maxNodes;

const OPERATOR_SET: ReadonlySet<string> = new Set(OPERATORS);
const NOTHING: Plan = { kind: "nothing" };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Translates the `where` of a search body (§4.2) into a Plan. What is valid is decided before, by the linter's
 * rules (validate.ts); the translator only reads. Where a mutant has switched a rule off, it reads what got
 * through the way a lax server would: the first of several keys or operators, a scope unwrapped on jobs and
 * companies, anything unreadable as a condition that matches nothing.
 */
export class QueryTranslator {
  private readonly spec: DatasetSpec;
  private nodes = 0;

  constructor(private readonly options: TranslateOptions) {
    this.spec = loadContract().datasets[options.dataset];
  }

  translate(where: unknown, path = "where"): Plan {
    this.nodes = 0;
    return this.node(where, path);
  }

  private node(node: unknown, path: string): Plan {
    if (++this.nodes > MAX_QUERY_NODES)
      throw badRequest(`${path}: the query holds more than ${MAX_QUERY_NODES} nodes, the most the reference evaluates`);
    if (!isObject(node)) return NOTHING;
    if ("field" in node) return this.leaf(node);
    const key = Object.keys(node)[0];
    if (key === undefined) return NOTHING;
    const value = node[key];
    if (key === "all" || key === "any") {
      return Array.isArray(value)
        ? { kind: key, nodes: value.map((child, i) => this.node(child, `${path}.${key}[${i}]`)) }
        : NOTHING;
    }
    if (key === "not") return { kind: "not", node: this.node(value, `${path}.not`) };
    if (isScopeKey(key)) {
      const sub = this.spec.scopes[key];
      const inner = this.node(value, `${path}.${key}`);
      return sub ? { kind: "scope", sub, node: inner } : inner;
    }
    return NOTHING;
  }

  private leaf(node: Record<string, unknown>): Plan {
    const field = typeof node.field === "string" ? this.spec.fields.get(node.field) : undefined;
    const op = Object.keys(node).find((k) => OPERATOR_SET.has(k)) as Operator | undefined;
    if (!field || !op) return NOTHING;
    return {
      kind: "leaf",
      field,
      table: tableOf(this.options.dataset, field.scope),
      arg: this.argument(field, op, node[op]),
    };
  }

  private argument(field: FieldSpec, op: Operator, value: unknown): LeafArgument {
    switch (op) {
      case "exists":
        return { op, present: value !== false };
      case "match":
        return { op, words: words(String(value)) };
      case "in":
        return { op, values: (Array.isArray(value) ? value : [value]).map((v) => this.scalar(field, v)) };
      case "eq":
        return { op, value: this.scalar(field, value) };
      case "gte":
      case "lte": {
        const bound = this.scalar(field, value);
        return { op, bound: typeof bound === "number" ? bound : NaN };
      }
    }
  }

  /** A value as the store compares it: a date as a day number (NaN when it is none), anything else as given. */
  private scalar(field: FieldSpec, value: unknown): PlanScalar {
    if (field.type === "date") {
      const date = parseQueryDate(value);
      return date && (date.kind === "absolute" || date.knownUnit) ? queryDay(date, this.options.now) : NaN;
    }
    return typeof value === "string" || typeof value === "number" || typeof value === "boolean" ? value : NaN;
  }
}
