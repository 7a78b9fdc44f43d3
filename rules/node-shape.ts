/**
 * §4.2 "Node forms": a node is exactly one of a composite (one key among all, any, not), a leaf
 * (`field` plus operators) or a scope (one scope key holding a node); `all` and `any` hold arrays
 * of nodes. §7 "Malformed query tree | Request refused; costs nothing".
 */
import { OPERATORS, scopeKeys } from "../src/contract/index.js";
import { kindOf, sourceText } from "../src/lint/nodes.js";
import { defineRule, type NodeInfo, type ReportSpec, type RuleContext } from "../src/lint/rule.js";
import { suggestionList } from "../src/lint/suggest.js";

const messages = {
  notObject: "A node must be an object (a composite, a leaf or a scope); got {{kind}}.",
  empty: "An empty object is not a node; give a composite (all, any, not), a leaf (field and an operator) or a scope.",
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
};

type Messages = keyof typeof messages;
type Context = RuleContext<Messages>;
type InvalidNode = Extract<NodeInfo, { kind: "invalid" }>;
type Suggest = (node: NodeInfo, key: string, candidates: readonly string[]) => ReportSpec<Messages>["suggestions"];

const MALFORMED = ["s4-2-composite-forms", "s7-malformed-tree-refused-free"];

/**
 * The connectives of other query languages (SQL, Elasticsearch's bool, MongoDB) and the composite each means
 * (§4.2 "Composite forms"): `and` is one edit from `any` and two from `all`, so spelling alone would turn a
 * conjunction into a disjunction, a query matching far more than was meant.
 */
const CONNECTIVES: Readonly<Record<string, string>> = {
  and: "all",
  $and: "all",
  must: "all",
  or: "any",
  $or: "any",
  should: "any",
  $not: "not",
  must_not: "not",
};
const LEAF_KEYS = ["field", ...OPERATORS];
const FORM_KEYS = ["all", "any", "not", ...LEAF_KEYS];

/** Whether the node is one well-formed composite, leaf or scope, with nothing to report. */
function wellFormed(node: NodeInfo): boolean {
  return (
    node.unknownKeys.length === 0 &&
    (node.kind === "scope" ||
      (node.kind === "leaf"
        ? node.field !== undefined || Object.hasOwn(node.record, "field")
        : node.kind === "composite" && (node.operator === "not" || Array.isArray(node.argument))))
  );
}

/** A node that is not an object, has no node key, or has several forms. */
function reportInvalid(context: Context, node: InvalidNode, scopes: readonly string[], suggest: Suggest): void {
  if (node.reason === "not-object") {
    context.report({ messageId: "notObject", data: { kind: kindOf(node.value) }, at: node.path, clauses: MALFORMED });
    return;
  }
  if (node.reason === "no-form") {
    const key = node.unknownKeys[0];
    if (key === undefined) context.report({ messageId: "empty", at: node.path, clauses: MALFORMED });
    else
      context.report({
        messageId: "noForm",
        data: { key, scopes: scopes.join(", ") },
        at: [...node.path, key],
        atKey: true,
        clauses: MALFORMED,
        suggestions: suggest(node, key, [...FORM_KEYS, ...scopes]),
      });
    return;
  }
  const [first, ...rest] = node.formKeys;
  for (const key of rest)
    context.report({
      messageId: "severalForms",
      data: { key, first },
      at: [...node.path, key],
      atKey: true,
      clauses: MALFORMED,
    });
}

/** Keys a composite, leaf or scope does not take. */
function reportUnknownKeys(context: Context, node: Exclude<NodeInfo, InvalidNode>, suggest: Suggest): void {
  // A suggestion must fit its place: an operator the leaf's field takes, not any operator (§2.2).
  const candidates = node.kind === "leaf" ? (node.spec ? ["field", ...node.spec.operators] : LEAF_KEYS) : [];
  const kind =
    node.kind === "composite"
      ? `\`${node.operator}\` composite`
      : node.kind === "scope"
        ? `\`${node.key}\` scope`
        : "leaf";
  for (const key of node.unknownKeys)
    context.report({
      messageId: "unknownKey",
      data: { key, kind },
      at: [...node.path, key],
      atKey: true,
      clauses: node.kind === "leaf" ? ["s4-2-leaf-form", "s7-malformed-tree-refused-free"] : MALFORMED,
      suggestions: candidates.length > 0 ? suggest(node, key, candidates) : [],
    });
}

/** An `all` or `any` whose argument is not an array; an object is offered wrapped in one. */
function reportNotArray(context: Context, node: Extract<NodeInfo, { kind: "composite" }>): void {
  const at = [...node.path, node.operator];
  const wrap = node.argument !== null && typeof node.argument === "object";
  context.report({
    messageId: "notArray",
    data: { operator: node.operator, kind: kindOf(node.argument) },
    at,
    clauses: MALFORMED,
    suggestions: wrap ? [{ messageId: "wrapArray", fix: { at, value: [sourceText(at)] } }] : [],
  });
}

export default defineRule({
  meta: {
    id: "node-shape",
    consequence: "refused",
    description:
      "A node that is not exactly one composite, leaf or scope, has unknown keys, or an `all`/`any` that is " +
      "not an array.",
    clauses: ["s4-2-composite-forms", "s4-2-leaf-form", "s4-2-scope-people-only", "s7-malformed-tree-refused-free"],
    fixable: "suggestion",
    messages,
  },
  create: (context) => {
    const scopes = [...scopeKeys()];
    const suggest: Suggest = (node, key, candidates) => {
      const allowed = candidates.filter((c) => !isRecordWith(node.value, c));
      const lower = key.toLowerCase();
      const meant = Object.hasOwn(CONNECTIVES, lower) ? CONNECTIVES[lower]! : undefined;
      return (meant !== undefined && allowed.includes(meant) ? [meant] : suggestionList(key, allowed))
        .slice(0, 1)
        .map((name) => ({
          messageId: "didYouMean" as const,
          data: { name },
          fix: { rename: [...node.path, key], key: name },
        }));
    };
    return {
      Node(node) {
        if (wellFormed(node)) return;
        if (node.kind === "invalid") {
          reportInvalid(context, node, scopes, suggest);
          return;
        }
        reportUnknownKeys(context, node, suggest);
        if (node.kind === "leaf" && !Object.hasOwn(node.record, "field"))
          context.report({
            messageId: "noField",
            data: { operator: node.operators[0] },
            at: node.path,
            clauses: ["s4-2-leaf-form", "s7-malformed-tree-refused-free"],
          });
        if (node.kind === "composite" && node.operator !== "not" && !Array.isArray(node.argument))
          reportNotArray(context, node);
      },
    };
  },
});

function isRecordWith(value: unknown, key: string): boolean {
  return value !== null && typeof value === "object" && Object.hasOwn(value, key);
}
