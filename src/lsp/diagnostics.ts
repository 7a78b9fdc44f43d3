/**
 * A document's lint diagnostics as the editor shows them (docs/editors.md, "What it does"): the diagnostics
 * `tdss lint` reports for the same text with the same configuration, each with its consequence class in the
 * message, the CLI's severity, the rule id as the code and its page as the code's link. Each keeps the linter's
 * fix and suggestions as editor text edits, for the quick fixes (src/lsp/code-actions.ts).
 */
import type { TextDocument } from "vscode-languageserver-textdocument";
import { DiagnosticSeverity, type Diagnostic as LspDiagnostic, type Range, type TextEdit } from "vscode-languageserver";
import { RULES } from "../../rules/all.js";
import { loadContract } from "../contract/index.js";
import { jsonlRecords } from "../lint/cli-input.js";
import { runRules } from "../lint/engine.js";
import { capPerRule } from "../linter/format/cap.js";
import { rulePageUrl } from "../linter/format/rule-page.js";
import { tokenEnd } from "../linter/format/token-end.js";
import { lineDiagnostics, lineOptions } from "../linter/jsonl-lines.js";
import type { Diagnostic, Fix, Severity } from "../lint/types.js";
import type { DocumentSettings, NotLinted } from "./settings.js";

/** One diagnostic as shown, with the edits of its fix and suggestions in the document's coordinates. */
interface Finding {
  readonly diagnostic: Diagnostic;
  readonly shown: LspDiagnostic;
  readonly fix?: readonly TextEdit[];
  readonly suggestions: readonly { readonly title: string; readonly edits: readonly TextEdit[] }[];
}

/** A document linted at one version. */
export interface LintedDocument {
  readonly version: number;
  readonly settings: DocumentSettings | NotLinted;
  readonly findings: readonly Finding[];
}

const SEVERITY: Readonly<Record<Severity, DiagnosticSeverity>> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  info: DiagnosticSeverity.Information,
};

/** Lints a document's text as `tdss lint` would lint the file. */
export function lintDocument(document: TextDocument, settings: DocumentSettings | NotLinted): LintedDocument {
  const version = document.version;
  if ("ignored" in settings) return { version, settings, findings: [] };
  if ("configError" in settings) {
    const shown: LspDiagnostic = {
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
      severity: DiagnosticSeverity.Error,
      source: "tdss",
      message: `${settings.configError} (nothing is linted until the configuration is fixed)`,
    };
    return {
      version,
      settings,
      findings: [{ diagnostic: configDiagnostic(settings.configError), shown, suggestions: [] }],
    };
  }
  const text = document.getText();
  const shownCost = settings.cost;
  const keep = (d: Diagnostic) => shownCost || d.consequence !== "cost";
  const max = loadContract().limits.project.maxReportedPerRule;
  const findings: Finding[] = [];
  if (!settings.jsonl) {
    const bom = text.charCodeAt(0) === 0xfeff ? 1 : 0;
    for (const d of capPerRule(runRules(text, RULES, settings.options).filter(keep), max)) {
      const line = (d.line ?? 1) - 1;
      const character = (d.column ?? 1) - 1 + (line === 0 ? bom : 0);
      findings.push(finding(document, d, document.offsetAt({ line, character }), bom));
    }
    return { version, settings, findings };
  }
  for (const record of jsonlRecords(Buffer.from(text, "utf8"))) {
    const found = runRules(record.input, RULES, lineOptions(settings.options, record));
    const start = document.offsetAt({ line: record.line - 1, character: 0 });
    // The first line's byte order mark is not part of its record's text.
    const base = start + (record.line === 1 && text.charCodeAt(0) === 0xfeff ? 1 : 0);
    for (const d of capPerRule(lineDiagnostics(record, found, settings.failOn).filter(keep), max))
      findings.push(finding(document, d, base + (d.column ?? 1) - 1, base));
  }
  return { version, settings, findings };
}

function configDiagnostic(message: string): Diagnostic {
  return {
    ruleId: "configuration",
    messageId: "configuration",
    data: {},
    severity: "error",
    consequence: "refused",
    path: "",
    message,
    clauses: [],
    suggestions: [],
  };
}

/**
 * One diagnostic in the document, found at `startOffset`; `editBase` is the document offset the linter's edit
 * offsets count from (the start of a JSON Lines record's line, or past a byte order mark).
 */
function finding(document: TextDocument, d: Diagnostic, startOffset: number, editBase: number): Finding {
  const text = document.getText();
  const range: Range = {
    start: document.positionAt(startOffset),
    end: document.positionAt(tokenEnd(text, startOffset)),
  };
  const edits = (fix: Fix) =>
    fix.edits.map((e) => ({
      range: {
        start: document.positionAt(editBase + e.range[0]),
        end: document.positionAt(editBase + e.range[1]),
      },
      newText: e.text,
    }));
  const known = RULES.some((r) => r.meta.id === d.ruleId);
  const shown: LspDiagnostic = {
    range,
    severity: SEVERITY[d.severity],
    source: "tdss",
    code: d.ruleId,
    ...(known ? { codeDescription: { href: rulePageUrl(d.ruleId) } } : {}),
    message: `[${d.consequence}] ${d.message}`,
  };
  return {
    diagnostic: d,
    shown,
    ...(d.fix ? { fix: edits(d.fix) } : {}),
    suggestions: d.suggestions.flatMap((s) => (s.fix ? [{ title: s.message, edits: edits(s.fix) }] : [])),
  };
}
