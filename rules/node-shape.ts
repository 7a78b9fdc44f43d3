/**
 * §4.2 "Node forms": a node is exactly one of a composite (one key among all, any, not), a leaf
 * (`field` plus operators) or a scope (one scope key holding a node); `all` and `any` hold arrays
 * of nodes. §7 "Malformed query tree | Request refused; costs nothing".
 */
import { OPERATORS } from "../src/contract/index.js";
import { scopeKeys } from "../src/lint/facts.js";
import { kindOf, sourceText } from "../src/lint/nodes.js";
import { defineRule, type NodeInfo } from "../src/lint/rule.js";
import { suggestionList } from "../src/lint/suggest.js";

export default defineRule({
  meta: {
    id: "node-shape",
    consequence: "refused",
    description:
      "A node that is not exactly one composite, leaf or scope, has unknown keys, or an `all`/`any` that is " +
      "not an array.",
    clauses: ["s4-2-composite-forms", "s4-2-leaf-form", "s4-2-scope-people-only", "s7-malformed-tree-refused-free"],
    fixable: "suggestion",
    messages: {
      notObject: "A node must be an object (a composite, a leaf or a scope); got {{kind}}.",
      empty:
        "An empty object is not a node; give a composite (all, any, not), a leaf (field and an operator) or a scope.",
      noForm:
        "`{{key}}` is not a node key; a node is a composite (all, any, not), a leaf (field and an operator) " +
        "or a scope ({{scopes}}).",
      severalForms:
        "A node is exactly one of a composite, a leaf or a scope; this one also has `{{key}}` (after `{{first}}`).",
      unknownKey: "`{{key}}` is not allowed in a {{kind}}.",
      noField: "A leaf needs `field`; this one has only `{{operator}}`.",
      notArray: "`{{operator}}` takes an array of nodes; got {{kind}}.",
      didYouMean: "Did you mean `{{name}}`?",
      wrapArray: "Wrap it in an array.",
    },
  },
  create: (context) => {
    const scopes = [...scopeKeys()];
    const leafKeys = ["field", ...OPERATORS];
    const allKeys = ["all", "any", "not", ...leafKeys, ...scopes];
    const keySuggestions = (node: NodeInfo, key: string, candidates: readonly string[]) =>
      suggestionList(
        key,
        candidates.filter((c) => !isRecordWith(node.value, c)),
      )
        .slice(0, 1)
        .map((name) => ({
          messageId: "didYouMean" as const,
          data: { name },
          fix: { rename: [...node.path, key], key: name },
        }));
    return {
      Node(node) {
        if (
          node.unknownKeys.length === 0 &&
          (node.kind === "scope" ||
            (node.kind === "leaf"
              ? node.field !== undefined || Object.hasOwn(node.record, "field")
              : node.kind === "composite" && (node.operator === "not" || Array.isArray(node.argument))))
        )
          return;
        if (node.kind === "invalid") {
          if (node.reason === "not-object") {
            context.report({
              messageId: "notObject",
              data: { kind: kindOf(node.value) },
              at: node.path,
              clauses: ["s4-2-composite-forms", "s7-malformed-tree-refused-free"],
            });
            return;
          }
          if (node.reason === "no-form") {
            const key = node.unknownKeys[0];
            if (key === undefined)
              context.report({
                messageId: "empty",
                at: node.path,
                clauses: ["s4-2-composite-forms", "s7-malformed-tree-refused-free"],
              });
            else {
              context.report({
                messageId: "noForm",
                data: { key, scopes: scopes.join(", ") },
                at: [...node.path, key],
                atKey: true,
                clauses: ["s4-2-composite-forms", "s7-malformed-tree-refused-free"],
                suggestions: keySuggestions(node, key, allKeys),
              });
            }
            return;
          }
          const [first, ...rest] = node.formKeys;
          for (const key of rest) {
            context.report({
              messageId: "severalForms",
              data: { key, first },
              at: [...node.path, key],
              atKey: true,
              clauses: ["s4-2-composite-forms", "s7-malformed-tree-refused-free"],
            });
          }
          return;
        }
        // A suggestion must fit its place: an operator the leaf's field takes, not any operator (§2.2).
        const candidates = node.kind === "leaf" ? (node.spec ? ["field", ...node.spec.operators] : leafKeys) : [];
        for (const key of node.unknownKeys) {
          const kind =
            node.kind === "composite"
              ? `\`${node.operator}\` composite`
              : node.kind === "scope"
                ? `\`${node.key}\` scope`
                : "leaf";
          context.report({
            messageId: "unknownKey",
            data: { key, kind },
            at: [...node.path, key],
            atKey: true,
            clauses:
              node.kind === "leaf"
                ? ["s4-2-leaf-form", "s7-malformed-tree-refused-free"]
                : ["s4-2-composite-forms", "s7-malformed-tree-refused-free"],
            suggestions: candidates.length > 0 ? keySuggestions(node, key, candidates) : [],
          });
        }
        if (node.kind === "leaf" && !Object.hasOwn(node.record, "field")) {
          context.report({
            messageId: "noField",
            data: { operator: node.operators[0] },
            at: node.path,
            clauses: ["s4-2-leaf-form", "s7-malformed-tree-refused-free"],
          });
        }
        if (node.kind === "composite" && node.operator !== "not" && !Array.isArray(node.argument)) {
          const wrap = node.argument !== null && typeof node.argument === "object";
          context.report({
            messageId: "notArray",
            data: { operator: node.operator, kind: kindOf(node.argument) },
            at: [...node.path, node.operator],
            clauses: ["s4-2-composite-forms", "s7-malformed-tree-refused-free"],
            suggestions: wrap
              ? [
                  {
                    messageId: "wrapArray",
                    fix: { at: [...node.path, node.operator], value: [sourceText([...node.path, node.operator])] },
                  },
                ]
              : [],
          });
        }
      },
    };
  },
});

function isRecordWith(value: unknown, key: string): boolean {
  return value !== null && typeof value === "object" && Object.hasOwn(value, key);
}
