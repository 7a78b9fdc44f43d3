/**
 * Hover (docs/editors.md, "What it does"): on a field name, what the catalog says of it (spec/catalog/: its group,
 * the operators it takes, its type, sub-record, fixed values and country form); on a diagnostic, the head of its
 * rule's page (what the rule finds and the clauses it rests on, docs/rules/<id>.md).
 */
import type { Hover, Position, Range } from "vscode-languageserver";
import type { TextDocument } from "vscode-languageserver-textdocument";
import { scopeKeyOf, type DatasetSpec, type FieldSpec } from "../contract/index.js";
import { rulePageHead } from "../linter/format/rule-page.js";
import type { LintedDocument } from "./diagnostics.js";
import { nodePlace, queryContext } from "./query-context.js";

const TAKES: Readonly<Record<string, string>> = {
  "country-name": "a country's English name",
  iso2: "a two-letter ISO 3166-1 country code",
  iso3: "a three-letter ISO 3166-1 country code",
};

const notes = new WeakMap<FieldSpec, string>();

/** A field as the catalog describes it, in Markdown (written once a field: completion lists them all). */
export function fieldNotes(field: FieldSpec, dataset: DatasetSpec): string {
  let text = notes.get(field);
  if (text === undefined) notes.set(field, (text = describe(field, dataset)));
  return text;
}

function describe(field: FieldSpec, dataset: DatasetSpec): string {
  const lines = [`**\`${field.name}\`**: a ${dataset.name} field, type \`${field.type}\``, ""];
  if (field.groupLabel !== undefined) lines.push(`- Group: ${field.groupLabel} (\`${field.group}\`)`);
  lines.push(`- Operators: ${field.operators.map((o) => `\`${o}\``).join(", ")}`);
  if (field.scope !== undefined) {
    lines.push(`- Sub-record: ${field.scope} (scope \`${scopeKeyOf(field.scope)}\`)`);
  }
  if (field.values !== undefined)
    lines.push(
      `- Fixed values${field.ordered ? ", lowest to highest" : ""} (exact spelling): ` +
        field.values.map((v) => `\`${v}\``).join(", "),
    );
  if (field.takes !== undefined) lines.push(`- Takes ${TAKES[field.takes] ?? field.takes}`);
  return lines.join("\n");
}

function contains(range: Range, p: Position): boolean {
  const afterStart = p.line > range.start.line || (p.line === range.start.line && p.character >= range.start.character);
  const beforeEnd = p.line < range.end.line || (p.line === range.end.line && p.character <= range.end.character);
  return afterStart && beforeEnd;
}

export function hover(document: TextDocument, linted: LintedDocument, position: Position): Hover | null {
  const settings = linted.settings;
  if ("ignored" in settings || "configError" in settings) return null;
  const parts: string[] = [];
  let range: Range | undefined;
  const context = queryContext(document, settings, position);
  if (context && context.cursor.kind === "value" && context.cursor.key === "field" && nodePlace(context)) {
    const token = context.cursor.token;
    const field = context.dataset.fields.get(token.text);
    if (field) {
      parts.push(fieldNotes(field, context.dataset));
      range = {
        start: document.positionAt(context.base + token.start),
        end: document.positionAt(context.base + token.end),
      };
    }
  }
  const seen = new Set<string>();
  for (const f of linted.findings) {
    const id = f.diagnostic.ruleId;
    if (seen.has(id) || !contains(f.shown.range, position)) continue;
    seen.add(id);
    const head = rulePageHead(id);
    if (head !== undefined) parts.push(head);
  }
  if (parts.length === 0) return null;
  return { contents: { kind: "markdown", value: parts.join("\n\n---\n\n") }, ...(range ? { range } : {}) };
}
