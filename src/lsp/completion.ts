/**
 * Completion (docs/editors.md, "What it does"), from the catalog of the route the request is sent to: the
 * body's members; in a node of the `where` tree, `field`, the operators the field takes and the node forms
 * (scope keys on people only, outside a scope); the field names (inside a scope, those of its sub-record); the
 * fixed values of a fixed-set field, spelt exactly; relative date forms for a date; the argument `exists` takes.
 */
import { CompletionItemKind, type CompletionItem, type Position, type TextEdit } from "vscode-languageserver";
import type { TextDocument } from "vscode-languageserver-textdocument";
import { isScopeKey, loadContract, OPERATORS, type FieldSpec } from "../contract/index.js";
import { scopeTable } from "../lint/scopes.js";
import type { LintedDocument } from "./diagnostics.js";
import { fieldNotes } from "./hover.js";
import { nodeField, nodePlace, queryContext, type QueryContext } from "./query-context.js";

/** Relative dates offered, as amounts of each unit the contract shows (spec/catalog/limits.yaml, dates). */
const RELATIVE: Readonly<Record<string, readonly number[]>> = { d: [7, 30, 90], m: [3, 6, 12] };
const UNIT_WORDS: Readonly<Record<string, string>> = { d: "days", m: "months" };

interface Offer {
  readonly label: string;
  readonly value: unknown;
  readonly kind: CompletionItemKind;
  readonly detail?: string;
  readonly documentation?: string;
}

export function complete(document: TextDocument, linted: LintedDocument, position: Position): CompletionItem[] {
  const settings = linted.settings;
  if ("ignored" in settings || "configError" in settings) return [];
  const context = queryContext(document, settings, position);
  if (!context) return [];
  const offers = offersAt(context, settings.options.scopes);
  const { token } = context.cursor;
  const range = {
    start: document.positionAt(context.base + token.start),
    end: document.positionAt(context.base + token.end),
  };
  return offers.map((o, i) => {
    const newText = JSON.stringify(o.value);
    const textEdit: TextEdit = { range, newText };
    return {
      label: o.label,
      kind: o.kind,
      ...(o.detail !== undefined ? { detail: o.detail } : {}),
      ...(o.documentation !== undefined ? { documentation: { kind: "markdown", value: o.documentation } } : {}),
      // Filtered against the text it replaces, its quote included.
      filterText: newText,
      sortText: String(i).padStart(4, "0"),
      textEdit,
    };
  });
}

function offersAt(context: QueryContext, scopes: Parameters<typeof scopeTable>[1]): Offer[] {
  const { cursor, route, dataset } = context;
  const present = new Set(cursor.object.members.map((m) => m.key));
  if (cursor.kind === "key" && context.bodyPath.length === 0)
    return route.bodyMembers
      .filter((k) => !present.has(k) || k === cursor.token.text)
      .map((k) => ({ label: k, value: k, kind: CompletionItemKind.Property, detail: `${route.operationId} body` }));
  const place = nodePlace(context);
  if (!place) return [];
  const field = dataset.fields.get(nodeField(cursor.object) ?? "");
  if (cursor.kind === "key") {
    present.delete(cursor.token.text);
    const operators = (field?.operators ?? OPERATORS).filter((o) => !present.has(o));
    const operatorOffers = operators.map((o) => ({
      label: o,
      value: o,
      kind: CompletionItemKind.Operator,
      ...(field ? { detail: `an operator ${field.name} takes` } : {}),
    }));
    if (present.has("field")) return operatorOffers;
    const fieldOffer = { label: "field", value: "field", kind: CompletionItemKind.Property, detail: "a leaf's field" };
    if (present.size > 0) return [fieldOffer];
    // A scope inside a scope is not offered: nested-scope warns of it (docs/rules/nested-scope.md).
    const scopeKeys = place.scope === undefined ? Object.keys(dataset.scopes) : [];
    const forms = ["all", "any", "not", ...scopeKeys].map((k) => ({
      label: k,
      value: k,
      kind: CompletionItemKind.Keyword,
      detail: isScopeKey(k) ? `scope: one ${dataset.scopes[k]} sub-record` : "node",
    }));
    return [fieldOffer, ...operatorOffers, ...forms];
  }
  if (cursor.key === "field") {
    const scopeOf = dataset.name === "people" ? scopeTable(dataset, scopes) : undefined;
    return [...dataset.fields.values()]
      .filter((f) => place.scope === undefined || scopeOf?.(f.name) === place.scope)
      .map((f) => ({
        label: f.name,
        value: f.name,
        kind: CompletionItemKind.Field,
        detail: f.groupLabel ?? f.type,
        documentation: fieldNotes(f, dataset),
      }));
  }
  return field ? valueOffers(field, cursor.key, cursor.inArray) : [];
}

/** The values an operator of a field takes: fixed values, relative dates, booleans, `exists`'s argument. */
function valueOffers(field: FieldSpec, operator: string, inArray: boolean): Offer[] {
  const grammar = loadContract().grammar;
  if (operator === "exists")
    return grammar.argumentForms.exists.map((v) => ({ label: String(v), value: v, kind: CompletionItemKind.Value }));
  if (!field.operators.includes(operator as FieldSpec["operators"][number])) return [];
  // `in` takes an array: right after its colon the array is offered, in it its elements.
  const wrap = (v: unknown) => (operator === "in" && !inArray ? [v] : v);
  if (field.values !== undefined && (operator === "eq" || operator === "in"))
    return field.values.map((v) => ({
      label: v,
      value: wrap(v),
      kind: CompletionItemKind.EnumMember,
      detail: `a fixed value of ${field.name} (exact spelling)`,
    }));
  if (field.type === "boolean" && (operator === "eq" || operator === "in"))
    return [true, false].map((v) => ({ label: String(v), value: wrap(v), kind: CompletionItemKind.Value }));
  if (field.type === "date" && (operator === "gte" || operator === "lte"))
    return loadContract().limits.dates.relativeUnits.flatMap((unit) =>
      (RELATIVE[unit] ?? []).map((n) => ({
        label: `now-${n}${unit}`,
        value: `now-${n}${unit}`,
        kind: CompletionItemKind.Value,
        detail: `${n} ${UNIT_WORDS[unit] ?? unit} before today (a relative date)`,
      })),
    );
  return [];
}
