/**
 * Classifies the nodes of a Query Spec tree (§4.2 "Node forms") once, for every rule: composite,
 * leaf, scope, or invalid, with their children, enclosing scope and depth. It stops descending
 * below the nesting limit, so its recursion is bounded whatever the input's depth. Nodes are
 * instances of one class (one shape for the engine's hot loop) and build their path on demand.
 */
import { OPERATORS, type DatasetSpec, type FieldSpec, type Operator, type ScopeKey, type SubRecord } from "../contract/index.js";
import { isScopeKey } from "./facts.js";
import type { NodeInfo, Path, ScopeNode } from "./rule.js";

const COMPOSITE_KEYS: ReadonlySet<string> = new Set(["all", "any", "not"]);
const OPERATOR_KEYS: ReadonlySet<string> = new Set(OPERATORS);
// Shared, not frozen: a frozen array has another elements kind, and mixing kinds slows every loop over them.
const NONE: readonly never[] = [];

const FIELD = 1, OPERATOR = 2, COMPOSITE = 3, SCOPE = 4;

// keyKind spells the operators out; it must agree with the contract's list.
for (const op of OPERATORS) if (keyKind(op) !== OPERATOR) throw new Error(`tree.ts: operator ${op} is not classified as one`);

/** What a node key is. A switch: member names from JSON.parse are internalized, so each case is a pointer compare. */
function keyKind(key: string): number | undefined {
  switch (key) {
    case "field":
      return FIELD;
    case "eq":
    case "in":
    case "match":
    case "gte":
    case "lte":
    case "exists":
      return OPERATOR;
    case "all":
    case "any":
    case "not":
      return COMPOSITE;
    default:
      return isScopeKey(key) ? SCOPE : undefined;
  }
}

export interface TreeOptions {
  readonly dataset: DatasetSpec;
  /** Nodes deeper than this are classified but not descended into. */
  readonly maxDepth: number;
  /** Counts the members of the node objects it classifies (the engine's check for repeated names). */
  members?: number;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** Whether an object reads as a node rather than a Query Spec body (it has some node key). */
export function looksLikeNode(value: Record<string, unknown>): boolean {
  for (const key of Object.keys(value)) {
    if (key === "field" || COMPOSITE_KEYS.has(key) || OPERATOR_KEYS.has(key) || isScopeKey(key)) return true;
  }
  return false;
}

class Node {
  // One shape for every node kind keeps the engine's loops monomorphic; fields are assigned in the
  // constructor, in one order, and what can be derived is a getter rather than a field.
  kind: NodeInfo["kind"];
  /** The composite operator, the scope key, or the reason a node is invalid. */
  tag: string;
  /** Set only when a node has several forms (an invalid node); otherwise formKeys derives from tag. */
  moreForms: readonly string[] | undefined;
  unknownKeys: readonly string[];
  children: NodeInfo[];
  field: unknown;
  spec: FieldSpec | undefined;
  operators: readonly Operator[];
  subRecord: SubRecord | undefined;
  record: Readonly<Record<string, unknown>>;
  argument: unknown;
  readonly value: unknown;
  readonly parent: NodeInfo | undefined;
  readonly depth: number;
  readonly scope: ScopeNode | undefined;
  private readonly member: string | Path;
  private readonly index: number;
  private cachedPath: Path | undefined;

  constructor(value: unknown, parent: NodeInfo | undefined, member: string | Path, index: number, depth: number, scope: ScopeNode | undefined) {
    this.kind = "invalid";
    this.tag = "not-object";
    this.moreForms = undefined;
    this.unknownKeys = NONE;
    this.children = NONE as unknown as NodeInfo[];
    this.field = undefined;
    this.spec = undefined;
    this.operators = NONE;
    this.subRecord = undefined;
    this.record = EMPTY;
    this.argument = undefined;
    this.value = value;
    this.parent = parent;
    this.depth = depth;
    this.scope = scope;
    this.member = member;
    this.index = index;
    this.cachedPath = undefined;
  }

  get operator(): string {
    return this.tag;
  }

  get key(): string {
    return this.tag;
  }

  get reason(): string {
    return this.tag;
  }


  /** Composite, scope and leaf keys, in document order (one key per form; a leaf's first key stands for it). */
  get formKeys(): readonly string[] {
    if (this.moreForms) return this.moreForms;
    if (this.kind === "composite" || this.kind === "scope") return oneKey(this.tag);
    if (this.kind === "leaf") {
      for (const key of Object.keys(this.value as object)) if (keyKind(key) !== undefined) return oneKey(key);
    }
    return NONE;
  }

  get path(): Path {
    if (this.cachedPath) return this.cachedPath;
    if (!this.parent) return (this.cachedPath = this.member as Path);
    const base = this.parent.path;
    return (this.cachedPath = this.index < 0 ? [...base, this.member as string] : [...base, this.member as string, this.index]);
  }
}

const EMPTY: Readonly<Record<string, unknown>> = Object.freeze({});

/** The nodes of a tree in document order (pre-order). */
export function buildTree(root: unknown, path: Path, options: TreeOptions): NodeInfo[] {
  const out: NodeInfo[] = [];
  build(root, undefined, path, -1, 1, undefined, options, out);
  return out;
}

const oneKeyLists = new Map<string, readonly string[]>();

/** A shared one-element list for a node key (a node has one form; its list need not be allocated). */
function oneKey(key: string): readonly string[] {
  let list = oneKeyLists.get(key);
  if (!list) {
    list = [key];
    if (keyKind(key) !== undefined) oneKeyLists.set(key, list);
  }
  return list;
}

/** One-operator leaves (nearly all of them) share an operator list. */
const SINGLE: Readonly<Record<string, readonly Operator[]>> = Object.fromEntries(OPERATORS.map((op) => [op, [op]]));

function build(
  value: unknown,
  parent: NodeInfo | undefined,
  member: string | Path,
  index: number,
  depth: number,
  scope: ScopeNode | undefined,
  options: TreeOptions,
  out: NodeInfo[],
): NodeInfo {
  const node = new Node(value, parent, member, index, depth, scope);
  const info = node as unknown as NodeInfo;
  out.push(info);
  if (!isRecord(value)) return info;
  // Form keys: a composite or scope key each, and the first leaf key for the leaf (one form
  // whatever its keys). Arrays are made only when a node has more than one of something.
  let firstForm: string | undefined;
  let formKeys: string[] | undefined;
  let unknownKeys: string[] | undefined;
  let firstOperator: Operator | undefined;
  let operators: Operator[] | undefined;
  let hasField = false;
  let leafKey = false;
  let forms = 0;
  const keys = Object.keys(value); // own members only, and faster than for-in
  if (options.members !== undefined) options.members += keys.length;
  for (let k = 0; k < keys.length; k++) {
    const key = keys[k]!;
    const kind = keyKind(key);
    if (kind === FIELD || kind === OPERATOR) {
      if (!leafKey) {
        leafKey = true;
        if (firstForm === undefined) firstForm = key;
        else (formKeys ??= [firstForm]).push(key);
      }
      if (kind === FIELD) hasField = true;
      else if (firstOperator === undefined) firstOperator = key as Operator;
      else (operators ??= [firstOperator]).push(key as Operator);
    } else if (kind !== undefined) {
      forms++;
      if (firstForm === undefined) firstForm = key;
      else (formKeys ??= [firstForm]).push(key);
    } else (unknownKeys ??= []).push(key);
  }
  if (formKeys) node.moreForms = formKeys;
  if (unknownKeys) node.unknownKeys = unknownKeys;
  if (leafKey && forms === 0) {
    node.kind = "leaf";
    node.record = value;
    const field = hasField ? value.field : undefined;
    node.field = field;
    node.spec = typeof field === "string" ? options.dataset.fields.get(field) : undefined;
    if (operators) node.operators = operators;
    else if (firstOperator !== undefined) node.operators = SINGLE[firstOperator]!;
    return info;
  }
  if (!leafKey && forms === 1) {
    const key = firstForm!;
    if (keyKind(key) === COMPOSITE) {
      node.kind = "composite";
      node.tag = key;
      node.argument = value[key];
    } else {
      node.kind = "scope";
      node.tag = key;
      node.subRecord = (options.dataset.scopes as Partial<Record<ScopeKey, SubRecord>>)[key as ScopeKey];
    }
  } else {
    node.kind = "invalid";
    node.tag = firstForm === undefined ? "no-form" : "several-forms";
  }
  if (depth > options.maxDepth) return info;
  const innerScope = node.kind === "scope" ? (info as ScopeNode) : scope;
  if (formKeys) for (const key of formKeys) descendInto(node, info, value, key, depth, innerScope, options, out);
  else if (firstForm !== undefined) descendInto(node, info, value, firstForm, depth, innerScope, options, out);
  return info;
}

/** The child nodes under one form key of a node (the elements of all/any, the node under not or a scope). */
function descendInto(
  node: Node,
  info: NodeInfo,
  value: Record<string, unknown>,
  key: string,
  depth: number,
  scope: ScopeNode | undefined,
  options: TreeOptions,
  out: NodeInfo[],
): void {
  const kind = keyKind(key);
  if (kind === FIELD || kind === OPERATOR) return;
  const arg = value[key];
  const composite = kind === COMPOSITE;
  if ((node.children as unknown) === NONE) node.children = [];
  if (composite && Array.isArray(arg)) {
    for (let i = 0; i < arg.length; i++) node.children.push(build(arg[i], info, key, i, depth + 1, scope, options, out));
  } else if (!composite || isRecord(arg)) {
    node.children.push(build(arg, info, key, -1, depth + 1, scope, options, out));
  }
}
