import type { FieldSpec, SubRecord } from "../../contract/index.js";
import type { TableName } from "../store/schema.js";

/** A scalar argument after translation: dates are day numbers, `match` arguments are lists of words. */
export type PlanScalar = string | number | boolean;

export type LeafArgument =
  | { readonly op: "eq"; readonly value: PlanScalar }
  | { readonly op: "in"; readonly values: readonly PlanScalar[] }
  | { readonly op: "match"; readonly words: readonly string[] }
  | { readonly op: "gte" | "lte"; readonly bound: number }
  | { readonly op: "exists"; readonly present: boolean };

/** A Query Spec tree (§4.2) translated against the catalog: every field resolved to its table and column. */
export type Plan =
  | { readonly kind: "all" | "any"; readonly nodes: readonly Plan[] }
  | { readonly kind: "not"; readonly node: Plan }
  | { readonly kind: "scope"; readonly sub: SubRecord; readonly node: Plan }
  | { readonly kind: "leaf"; readonly field: FieldSpec; readonly table: TableName; readonly arg: LeafArgument }
  /** A leaf that matches nothing: only a fault (an unknown field let through) produces it. */
  | { readonly kind: "nothing" };
