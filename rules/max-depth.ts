/**
 * §4.2 "composites nest" without a stated bound; the project bounds a node tree at
 * maxNestingDepth (spec/catalog/limits.yaml, 64) and reads a deeper tree as a malformed tree that is
 * refused (§7), as the reference server does. The linter stops descending there, so a
 * 100,000-deep input costs no stack.
 */
import { defineRule, type NodeInfo } from "../src/lint/rule.js";

export default defineRule({
  meta: {
    id: "max-depth",
    consequence: "refused",
    description: "A node tree nested deeper than the documented limit (64 nodes).",
    clauses: ["s4-2-composite-forms", "s7-malformed-tree-refused-free"],
    messages: {
      tooDeep:
        "The node tree is nested deeper than {{max}} nodes; this node is at depth {{depth}} and nothing below " +
        "it was checked.",
    },
  },
  create: (context) => {
    const max = context.contract.limits.project.maxNestingDepth;
    // One problem a tree: the first node past the limit is reported, not each of its siblings (docs/lint.md,
    // "One diagnostic per problem"). Keyed by the tree's root, made anew each run: the visitors are cached
    // across runs, so they keep no flag of their own.
    const reported = new WeakSet<NodeInfo>();
    return {
      Node(node) {
        if (node.depth !== max + 1) return;
        let root = node;
        while (root.parent) root = root.parent;
        if (reported.has(root)) return;
        reported.add(root);
        context.report({ messageId: "tooDeep", data: { max, depth: node.depth }, at: node.path });
      },
    };
  },
});
