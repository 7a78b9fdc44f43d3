/**
 * Diagnostics in the shape Spectral's formatters take (ISpectralDiagnostic), so that the SARIF,
 * JUnit and GitHub formats reuse @stoplight/spectral-formatters rather than copies of them.
 */
import type { ISpectralDiagnostic } from "@stoplight/spectral-core";
import { decodePointer } from "../../contract/json-pointer.js";
import type { Diagnostic, Severity } from "../../lint/types.js";
import type { FileReport } from "./report.js";
import { tokenEndPosition } from "./token-end.js";

const SEVERITY: Readonly<Record<Severity, 0 | 1 | 2>> = { error: 0, warning: 1, info: 2 };

/** The file name a formatter shows for standard input. */
export const STDIN_NAME = "<stdin>";

/** With `suggestions`, each suggestion follows the message on a line of its own. */
export function toSpectralDiagnostics(
  files: readonly FileReport[],
  options: { suggestions?: boolean } = {},
): ISpectralDiagnostic[] {
  const out: ISpectralDiagnostic[] = [];
  for (const f of files) {
    for (const d of f.diagnostics) {
      const position = { line: (d.line ?? 1) - 1, character: (d.column ?? 1) - 1 };
      // The token the diagnostic is at, when the text is known: an annotation that spans it, not a point.
      const end =
        f.text !== undefined && d.line !== undefined ? tokenEndPosition(f.text, d.line, d.column ?? 1) : undefined;
      out.push({
        code: d.ruleId,
        message: options.suggestions ? withSuggestions(d) : `[${d.consequence}] ${d.message}`,
        path: decodePointer(d.path),
        severity: SEVERITY[d.severity],
        source: f.file === "-" ? STDIN_NAME : f.file,
        range: { start: position, end: end ? { line: end.line - 1, character: end.column - 1 } : position },
      });
    }
  }
  return out;
}

function withSuggestions(d: Diagnostic): string {
  return [`[${d.consequence}] ${d.message}`, ...d.suggestions.map((s) => `Suggestion: ${s.message}`)].join("\n");
}
