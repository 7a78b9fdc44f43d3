/**
 * Classifies the nodes of a Query Spec tree (§4.2 "Node forms") once, for every rule: composite,
 * leaf, scope, or invalid, with their children, enclosing scope and depth. It stops descending
 * below the nesting limit, so its recursion is bounded whatever the input's depth.
 */
import { OPERATORS, type DatasetSpec, type Operator, type ScopeKey, type SubRecord } from "../contract/index.js";
import { isScopeKey } from "./facts.js";
import type { NodeInfo, Path, ScopeNode } from "./rule.js";

const COMPOSITE_KEYS: ReadonlySet<string> = new Set(["all", "any", "not"]);
const OPERATOR_KEYS: ReadonlySet<string> = new Set(OPERATORS);

export interface TreeOptions {
  readonly dataset: DatasetSpec;
  /** Nodes deeper than this are classified but not descended into. */
  readonly maxDepth: number;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

export function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** Whether an object reads as a node rather than a Query Spec body (it has some node key). */
export function looksLikeNode(value: Record<string, unknown>): boolean {
  for (const key in value) {
    if (key === "field" || COMPOSITE_KEYS.has(key) || OPERATOR_KEYS.has(key) || isScopeKey(key)) return true;
  }
  return false;
}

/** The nodes of a tree in document order (pre-order). */
export function buildTree(root: unknown, path: Path, options: TreeOptions): NodeInfo[] {
  const out: NodeInfo[] = [];
  build(root, path, 1, undefined, undefined, options, out);
  return out;
}

function build(
  value: unknown,
  path: Path,
  depth: number,
  parent: NodeInfo | undefined,
  scope: ScopeNode | undefined,
  options: TreeOptions,
  out: NodeInfo[],
): NodeInfo {
  const children: NodeInfo[] = [];
  const base = { value, path, depth, parent, scope, children };
  let node: Mutable<NodeInfo>;
  if (!isRecord(value)) {
    node = { ...base, kind: "invalid", reason: "not-object", formKeys: [], unknownKeys: [] };
    out.push(node);
    return node;
  }
  const formKeys: string[] = [];
  const unknownKeys: string[] = [];
  const operators: Operator[] = [];
  let hasField = false;
  let composite = 0;
  let scopes = 0;
  let leafKey: string | undefined;
  for (const key of Object.keys(value)) {
    if (key === "field" || OPERATOR_KEYS.has(key)) {
      // A leaf is one form whatever its keys: the first of them stands for it.
      if (leafKey === undefined) {
        leafKey = key;
        formKeys.push(key);
      }
      if (key === "field") hasField = true;
      else operators.push(key as Operator);
    } else if (COMPOSITE_KEYS.has(key)) {
      composite++;
      formKeys.push(key);
    } else if (isScopeKey(key)) {
      scopes++;
      formKeys.push(key);
    } else unknownKeys.push(key);
  }
  const leafy = hasField || operators.length > 0;
  if (leafy && composite + scopes === 0) {
    const field = hasField ? value.field : undefined;
    node = {
      ...base,
      kind: "leaf",
      record: value,
      field,
      spec: typeof field === "string" ? options.dataset.fields.get(field) : undefined,
      operators,
      unknownKeys,
    };
    out.push(node);
    return node;
  }
  if (!leafy && composite + scopes === 1) {
    const key = formKeys[0]!;
    if (COMPOSITE_KEYS.has(key)) {
      node = { ...base, kind: "composite", operator: key as "all" | "any" | "not", argument: value[key], unknownKeys };
    } else {
      const subRecord = (options.dataset.scopes as Partial<Record<ScopeKey, SubRecord>>)[key as ScopeKey];
      node = { ...base, kind: "scope", key: key as ScopeKey, subRecord, unknownKeys };
    }
  } else {
    node = {
      ...base,
      kind: "invalid",
      reason: formKeys.length === 0 ? "no-form" : "several-forms",
      formKeys,
      unknownKeys,
    };
  }
  out.push(node);
  if (depth > options.maxDepth) return node;
  const innerScope = node.kind === "scope" ? (node as ScopeNode) : scope;
  for (const key of formKeys) {
    if (key === "field" || OPERATOR_KEYS.has(key)) continue;
    const arg = value[key];
    if (COMPOSITE_KEYS.has(key) && Array.isArray(arg)) {
      for (let i = 0; i < arg.length; i++) children.push(build(arg[i], [...path, key, i], depth + 1, node as NodeInfo, innerScope, options, out));
    } else if (isRecord(arg) || !COMPOSITE_KEYS.has(key)) {
      children.push(build(arg, [...path, key], depth + 1, node as NodeInfo, innerScope, options, out));
    }
  }
  return node;
}
