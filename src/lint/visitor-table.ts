/**
 * The visitors of one configuration's rules, arranged for the engine's hot loop: per visit key
 * (visit-keys.ts), the list of every visitor a node with that key gets (the rules' Node visitors,
 * then those of its kind that its filters accept), decided on first use and then read with one
 * array index. Filters thus run once per key, not once per node, and a rule whose filter turns a
 * kind of leaf away costs nothing on it.
 */
import type { DatasetSpec } from "../contract/index.js";
import type { BodyInfo, CompositeNode, LeafNode, NodeInfo, SourceInfo, Visitors } from "./rule.js";
import { visitKeyOf } from "./tree.js";
import { visitKeys } from "./visit-keys.js";

type NodeVisitor = (node: NodeInfo) => void;

export class VisitorTable {
  readonly source: ((source: SourceInfo) => void)[] = [];
  readonly body: ((body: BodyInfo) => void)[] = [];
  private readonly node: NodeVisitor[] = [];
  private readonly composite: { visit: (node: CompositeNode) => void; filter: Visitors["compositeFilter"] }[] = [];
  private readonly leaf: { visit: (node: LeafNode) => void; filter: Visitors["leafFilter"] }[] = [];
  private readonly scope: NodeVisitor[] = [];
  private readonly byKey: (readonly NodeVisitor[] | undefined)[];

  constructor(dataset: DatasetSpec) {
    this.byKey = new Array<readonly NodeVisitor[] | undefined>(visitKeys(dataset).size).fill(undefined);
  }

  /**
   * Adds one rule's visitors (in rule order: reports keep the order of the rule table). Visitors
   * are called as plain functions (rules use no `this`); a bound function would cost a trampoline
   * on every call.
   */
  add(visitors: Visitors): void {
    const { Source, Body, Node, Composite, Leaf, Scope } = visitors;
    if (Source) this.source.push(Source);
    if (Body) this.body.push(Body);
    if (Node) this.node.push(Node);
    if (Composite) this.composite.push({ visit: Composite, filter: visitors.compositeFilter?.bind(visitors) });
    if (Leaf) this.leaf.push({ visit: Leaf, filter: visitors.leafFilter?.bind(visitors) });
    if (Scope) this.scope.push(Scope as NodeVisitor);
  }

  /** Runs every visitor of a node. */
  visit(node: NodeInfo): void {
    const key = visitKeyOf(node);
    const fns = this.byKey[key] ?? (this.byKey[key] = this.visitorsOf(node));
    for (let i = 0; i < fns.length; i++) fns[i]!(node);
  }

  /** The visitors of every node sharing this node's visit key. */
  private visitorsOf(node: NodeInfo): readonly NodeVisitor[] {
    const fns = [...this.node];
    switch (node.kind) {
      case "composite":
        for (const { visit, filter } of this.composite)
          if (!filter || filter(node.operator)) fns.push(visit as NodeVisitor);
        break;
      case "leaf": {
        const operator = node.operators.length === 1 ? node.operators[0] : undefined;
        for (const { visit, filter } of this.leaf)
          if (!filter || filter(node.spec, operator, node.scope)) fns.push(visit as NodeVisitor);
        break;
      }
      case "scope":
        fns.push(...this.scope);
        break;
      case "invalid":
        break;
    }
    return fns;
  }
}
