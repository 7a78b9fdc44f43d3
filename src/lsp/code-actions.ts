/**
 * Quick fixes and "fix all in file" (docs/editors.md, "What it does"): the text edits `tdss lint --fix` applies (a
 * diagnostic's fix, which keeps the request's meaning) and the suggestions `--fix-suggestions` may apply (each
 * offered alone, as it changes which records match). "Fix all" is what `tdss lint --fix` writes for the file.
 */
import { CodeActionKind, type CodeAction, type CodeActionParams, type TextEdit } from "vscode-languageserver";
import type { TextDocument } from "vscode-languageserver-textdocument";
import { jsonlRecords } from "../lint/cli-input.js";
import { fixSource } from "../linter/fix.js";
import { lineOptions } from "../linter/jsonl-lines.js";
import type { LintedDocument } from "./diagnostics.js";
import type { DocumentSettings } from "./settings.js";

/** The kind of the "fix all" action: source.fixAll, for tdss. */
export const FIX_ALL = `${CodeActionKind.SourceFixAll}.tdss`;

function wanted(kind: string, only: readonly string[] | undefined): boolean {
  return only === undefined || only.some((k) => kind === k || kind.startsWith(`${k}.`));
}

function overlaps(a: CodeActionParams["range"], b: CodeActionParams["range"]): boolean {
  const before = (p: { line: number; character: number }, q: { line: number; character: number }) =>
    p.line < q.line || (p.line === q.line && p.character < q.character);
  return !before(a.end, b.start) && !before(b.end, a.start);
}

export function codeActions(document: TextDocument, linted: LintedDocument, params: CodeActionParams): CodeAction[] {
  const settings = linted.settings;
  if ("ignored" in settings || "configError" in settings) return [];
  const only = params.context.only;
  const actions: CodeAction[] = [];
  const edit = (edits: readonly TextEdit[]) => ({ changes: { [document.uri]: [...edits] } });
  if (wanted(CodeActionKind.QuickFix, only)) {
    for (const f of linted.findings) {
      if (!overlaps(f.shown.range, params.range)) continue;
      if (f.fix)
        actions.push({
          title: `Fix this ${f.diagnostic.ruleId} problem`,
          kind: CodeActionKind.QuickFix,
          diagnostics: [f.shown],
          isPreferred: true,
          edit: edit(f.fix),
        });
      for (const s of f.suggestions)
        actions.push({ title: s.title, kind: CodeActionKind.QuickFix, diagnostics: [f.shown], edit: edit(s.edits) });
    }
  }
  const fixable = linted.findings.some((f) => f.fix);
  if (fixable && (wanted(FIX_ALL, only) || (actions.length > 0 && wanted(CodeActionKind.QuickFix, only)))) {
    const edits = fixAll(document, settings);
    if (edits.length > 0) {
      const title = "Fix all tdss problems in this file (as tdss lint --fix)";
      if (wanted(FIX_ALL, only)) actions.push({ title, kind: FIX_ALL, edit: edit(edits) });
      else actions.push({ title, kind: CodeActionKind.QuickFix, edit: edit(edits) });
    }
  }
  return actions;
}

/** The edits `tdss lint --fix` makes to the document: its text, or each line of a JSON Lines file. */
function fixAll(document: TextDocument, settings: DocumentSettings): TextEdit[] {
  const text = document.getText();
  if (!settings.jsonl) {
    const result = fixSource(text, settings.options);
    return result.applied.length > 0 ? [changed(document, 0, text, result.output)] : [];
  }
  const edits: TextEdit[] = [];
  for (const record of jsonlRecords(Buffer.from(text, "utf8"))) {
    if (typeof record.input !== "string" || record.routeError !== undefined) continue;
    const result = fixSource(record.input, lineOptions(settings.options, record));
    if (result.applied.length === 0) continue;
    const start = document.offsetAt({ line: record.line - 1, character: 0 });
    const base = start + text.slice(start).indexOf(record.input);
    edits.push(changed(document, base, record.input, result.output));
  }
  return edits;
}

/** One edit replacing only what differs between `before` (at `base`) and `after`: the cursor elsewhere stays put. */
function changed(document: TextDocument, base: number, before: string, after: string): TextEdit {
  let head = 0;
  while (head < before.length && head < after.length && before[head] === after[head]) head++;
  let tail = 0;
  while (
    tail < before.length - head &&
    tail < after.length - head &&
    before[before.length - 1 - tail] === after[after.length - 1 - tail]
  )
    tail++;
  return {
    range: { start: document.positionAt(base + head), end: document.positionAt(base + before.length - tail) },
    newText: after.slice(head, after.length - tail),
  };
}
