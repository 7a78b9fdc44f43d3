/**
 * §8 sets no limit on the number of nodes of a query tree (clause s8-limits-silent-size-nodes); a
 * deployment may refuse a large tree, as the reference does above maxNodes (spec/catalog/limits.yaml,
 * 1000). Nodes are counted as the reference counts them: every composite, leaf and scope down to
 * the nesting limit.
 */
import { defineRule } from "../src/lint/rule.js";

export default defineRule({
  meta: {
    id: "node-count",
    consequence: "unspecified",
    description:
      "A query tree of more nodes than the reference evaluates (1000); the spec sets no limit, a deployment " +
      "may refuse it.",
    clauses: ["s8-limits-silent-size-nodes"],
    messages: {
      many:
        "The query holds more than {{max}} nodes, the most the reference server evaluates; the spec sets no " +
        "limit and a deployment may refuse it. This is node {{count}}.",
    },
  },
  create: (context) => {
    const max = context.contract.limits.project.maxNodes;
    let count = 0;
    return {
      Body() {
        count = 0;
      },
      Node(node) {
        // Reported once, at the first node past the limit (where the reference stops reading).
        if (++count === max + 1) context.report({ messageId: "many", data: { max, count }, at: node.path });
      },
    };
  },
});
