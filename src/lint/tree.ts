/**
 * Classifies the nodes of a Query Spec tree (§4.2 "Node forms") once, for every rule: composite,
 * leaf, scope, or invalid, with their children, enclosing scope and depth. It stops descending
 * below the nesting limit, so its recursion is bounded whatever the input's depth. Nodes are
 * instances of one class (one shape for the engine's hot loop) and build their path on demand.
 */
import {
  isScopeKey,
  OPERATORS,
  type DatasetSpec,
  type FieldSpec,
  type Operator,
  type ScopeKey,
  type SubRecord,
} from "../contract/index.js";
import type { NodeInfo, Path, ScopeNode } from "./rule.js";
import {
  KEY_ALL,
  KEY_ANY,
  KEY_INVALID,
  KEY_NOT,
  KEY_SCOPE,
  SEVERAL_OPERATORS,
  visitKeys,
  type VisitKeys,
} from "./visit-keys.js";

const COMPOSITE_KEYS: ReadonlySet<string> = new Set(["all", "any", "not"]);
const OPERATOR_KEYS: ReadonlySet<string> = new Set(OPERATORS);
// Shared, not frozen: a frozen array has another elements kind, and mixing kinds slows every loop over them.
const NONE: readonly never[] = [];

// Key kinds: an operator's kind is its index in OPERATORS (its visit-key slot); the others follow.
const FIELD = OPERATORS.length,
  COMPOSITE = FIELD + 1,
  SCOPE = FIELD + 2,
  UNKNOWN = -1;

// keyKind spells the operators out; it must agree with the contract's list and order.
OPERATORS.forEach((op, slot) => {
  if (keyKind(op) !== slot) throw new Error(`tree.ts: operator ${op} is not classified as slot ${slot}`);
});

function isOperatorKind(kind: number): boolean {
  return kind >= 0 && kind < FIELD;
}

/** What a node key is. A switch: member names from JSON.parse are internalized, so each case is a pointer compare. */
function keyKind(key: string): number {
  switch (key) {
    case "field":
      return FIELD;
    case "eq":
      return 0;
    case "in":
      return 1;
    case "match":
      return 2;
    case "gte":
      return 3;
    case "lte":
      return 4;
    case "exists":
      return 5;
    case "all":
    case "any":
    case "not":
      return COMPOSITE;
    default:
      return isScopeKey(key) ? SCOPE : UNKNOWN;
  }
}

export interface TreeOptions {
  readonly dataset: DatasetSpec;
  /** Nodes deeper than this are classified but not descended into. */
  readonly maxDepth: number;
  /** Counts the members of the node objects it classifies (the engine's check for repeated names). */
  members?: number;
  /** Every object of the tree was made by JSON.parse, so its prototype is Object.prototype. */
  readonly parsedJson?: boolean;
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
  /** The engine's index into its visitor table (visit-keys.ts). */
  visitKey: number;
  /** Set only when a node has several forms (an invalid node); otherwise formKeys derives from tag. */
  moreForms: readonly string[] | undefined;
  unknownKeys: readonly string[];
  children: NodeInfo[];
  field: unknown;
  spec: FieldSpec | undefined;
  operators: readonly Operator[];
  operand: unknown;
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

  constructor(
    value: unknown,
    parent: NodeInfo | undefined,
    member: string | Path,
    index: number,
    depth: number,
    scope: ScopeNode | undefined,
  ) {
    this.kind = "invalid";
    this.tag = "not-object";
    this.visitKey = KEY_INVALID;
    this.moreForms = undefined;
    this.unknownKeys = NONE;
    this.children = NONE as unknown as NodeInfo[];
    this.field = undefined;
    this.spec = undefined;
    this.operators = NONE;
    this.operand = undefined;
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
      for (const key of Object.keys(this.value as object)) if (keyKind(key) !== UNKNOWN) return oneKey(key);
    }
    return NONE;
  }

  get path(): Path {
    if (this.cachedPath) return this.cachedPath;
    if (!this.parent) return (this.cachedPath = this.member as Path);
    const base = this.parent.path;
    return (this.cachedPath =
      this.index < 0 ? [...base, this.member as string] : [...base, this.member as string, this.index]);
  }
}

/** The node's index into the engine's visitor table (visit-keys.ts): set by the tree, not part of NodeInfo. */
export function visitKeyOf(node: NodeInfo): number {
  return (node as unknown as Node).visitKey;
}

const EMPTY: Readonly<Record<string, unknown>> = Object.freeze({});

/** The nodes of a tree in document order (pre-order). */
export function buildTree(root: unknown, path: Path, options: TreeOptions): NodeInfo[] {
  const builder = new TreeBuilder(options);
  builder.build(root, undefined, path, -1, 1, undefined);
  if (options.members !== undefined) options.members += builder.members;
  return builder.out;
}

const oneKeyLists = new Map<string, readonly string[]>();

/** A shared one-element list for a node key (a node has one form; its list need not be allocated). */
function oneKey(key: string): readonly string[] {
  let list = oneKeyLists.get(key);
  if (!list) {
    list = [key];
    if (keyKind(key) !== UNKNOWN) oneKeyLists.set(key, list);
  }
  return list;
}

/** One-operator leaves (nearly all of them) share an operator list. */
const SINGLE: readonly (readonly Operator[])[] = OPERATORS.map((op) => [op]);

/** Whether for-in over an object would list anything (own or inherited). */
function hasEnumerable(object: object): boolean {
  for (const _ in object) return true;
  return false;
}

/** One tree's classification: the nodes found so far and the members counted. */
class TreeBuilder {
  readonly out: NodeInfo[] = [];
  members = 0;
  private readonly keys: VisitKeys;
  private readonly scopes: Readonly<Partial<Record<ScopeKey, SubRecord>>>;
  private readonly maxDepth: number;
  /**
   * for-in lists exactly an object's own keys: the objects come from JSON.parse (prototype
   * Object.prototype) and nothing enumerable was put on Object.prototype (checked per tree).
   */
  private readonly ownKeysOnly: boolean;

  constructor(options: TreeOptions) {
    this.keys = visitKeys(options.dataset);
    this.scopes = options.dataset.scopes;
    this.maxDepth = options.maxDepth;
    this.ownKeysOnly = options.parsedJson === true && !hasEnumerable(Object.prototype);
  }

  build(
    value: unknown,
    parent: NodeInfo | undefined,
    member: string | Path,
    index: number,
    depth: number,
    scope: ScopeNode | undefined,
  ): NodeInfo {
    const node = new Node(value, parent, member, index, depth, scope);
    const info = node as unknown as NodeInfo;
    this.out.push(info);
    if (!isRecord(value)) return info;
    // Form keys: a composite or scope key each, and the first leaf key for the leaf (one form
    // whatever its keys). Arrays are made only when a node has more than one of something. Kept in
    // locals: a shared scratch object measured slower.
    let firstForm: string | undefined;
    let formKeys: string[] | undefined;
    let unknownKeys: string[] | undefined;
    let firstOperator = -1;
    let operators: Operator[] | undefined;
    let hasField = false;
    let leafKey = false;
    let forms = 0;
    // for-in reads the object's enum cache without allocating a key array per node. It also lists
    // inherited enumerable keys: those are skipped unless ownKeysOnly says there can be none.
    const ownKeysOnly = this.ownKeysOnly;
    for (const key in value) {
      if (!ownKeysOnly && !Object.hasOwn(value, key)) continue;
      this.members++;
      const kind = keyKind(key);
      if (kind === FIELD || isOperatorKind(kind)) {
        if (!leafKey) {
          leafKey = true;
          if (firstForm === undefined) firstForm = key;
          else (formKeys ??= [firstForm]).push(key);
        }
        if (kind === FIELD) hasField = true;
        else if (firstOperator < 0) firstOperator = kind;
        else (operators ??= [OPERATORS[firstOperator]!]).push(key as Operator);
      } else if (kind !== UNKNOWN) {
        forms++;
        if (firstForm === undefined) firstForm = key;
        else (formKeys ??= [firstForm]).push(key);
      } else (unknownKeys ??= []).push(key);
    }
    if (formKeys) node.moreForms = formKeys;
    if (unknownKeys) node.unknownKeys = unknownKeys;
    if (leafKey && forms === 0) this.leaf(node, value, hasField, firstOperator, operators, scope);
    else if (!leafKey && forms === 1) this.oneForm(node, info, value, firstForm!, depth, scope);
    else this.invalid(node, info, value, firstForm, formKeys, depth, scope);
    return info;
  }

  /** A node of leaf keys only: its field, operators and visitor key. */
  private leaf(
    node: Node,
    value: Record<string, unknown>,
    hasField: boolean,
    firstOperator: number,
    operators: Operator[] | undefined,
    scope: ScopeNode | undefined,
  ): void {
    node.kind = "leaf";
    node.record = value;
    const field = hasField ? value.field : undefined;
    node.field = field;
    const ordinal = this.keys.ordinalOf(field);
    node.spec = this.keys.fieldAt(ordinal);
    if (operators) node.operators = operators;
    else if (firstOperator >= 0) {
      node.operators = SINGLE[firstOperator]!;
      // Read here once, with the key in hand: rules would each do a keyed load on records of many shapes.
      node.operand = value[OPERATORS[firstOperator]!];
    }
    node.visitKey = this.keys.leaf(ordinal, operators || firstOperator < 0 ? SEVERAL_OPERATORS : firstOperator, scope);
  }

  /** A node of one composite or scope: its argument is read once, here, for the node and its children. */
  private oneForm(
    node: Node,
    info: NodeInfo,
    value: Record<string, unknown>,
    key: string,
    depth: number,
    scope: ScopeNode | undefined,
  ): void {
    const composite = keyKind(key) === COMPOSITE;
    const arg = value[key];
    node.tag = key;
    if (composite) {
      node.kind = "composite";
      node.argument = arg;
      node.visitKey = key === "all" ? KEY_ALL : key === "any" ? KEY_ANY : KEY_NOT;
    } else {
      node.kind = "scope";
      node.subRecord = this.scopes[key as ScopeKey];
      node.visitKey = KEY_SCOPE;
    }
    if (depth <= this.maxDepth)
      this.descendInto(node, info, key, composite, arg, depth, composite ? scope : (info as ScopeNode));
  }

  /** A node of no form or several: the children under each of its composite and scope keys are still built. */
  private invalid(
    node: Node,
    info: NodeInfo,
    value: Record<string, unknown>,
    firstForm: string | undefined,
    formKeys: string[] | undefined,
    depth: number,
    scope: ScopeNode | undefined,
  ): void {
    node.kind = "invalid";
    node.tag = firstForm === undefined ? "no-form" : "several-forms";
    if (depth > this.maxDepth || !formKeys) return;
    for (const key of formKeys) {
      const kind = keyKind(key);
      if (kind === COMPOSITE || kind === SCOPE)
        this.descendInto(node, info, key, kind === COMPOSITE, value[key], depth, scope);
    }
  }

  /** The child nodes under one form key of a node (the elements of all/any, the node under not or a scope). */
  private descendInto(
    node: Node,
    info: NodeInfo,
    key: string,
    composite: boolean,
    arg: unknown,
    depth: number,
    scope: ScopeNode | undefined,
  ): void {
    const first = (node.children as unknown) === NONE; // the node's only form (else an invalid node's next one)
    if (composite && Array.isArray(arg)) {
      // Sized once: a list grown by push() starts with room for 16.
      const children = first ? new Array<NodeInfo>(arg.length) : node.children;
      const offset = first ? 0 : children.length;
      for (let i = 0; i < arg.length; i++) children[offset + i] = this.build(arg[i], info, key, i, depth + 1, scope);
      node.children = children;
    } else if (!composite || isRecord(arg)) {
      const child = this.build(arg, info, key, -1, depth + 1, scope);
      if (first) node.children = [child];
      else node.children.push(child);
    }
  }
}
