/**
 * Diagnostics as annotations of a file, for the formats that place each one on a span of its file (github,
 * sarif): the file as the working folder names it, the severity, the message, and the span of the token the
 * diagnostic is at (1-based lines and columns, end exclusive).
 */
import { relative, resolve, sep } from "node:path";
import type { Diagnostic, Severity } from "../../lint/types.js";
import type { FileReport } from "./report.js";
import { tokenEndPosition } from "./token-end.js";

/** The file name a formatter shows for standard input. */
export const STDIN_NAME = "<stdin>";

interface Position {
  readonly line: number;
  readonly column: number;
}

export interface Annotation {
  readonly diagnostic: Diagnostic;
  /** Relative to the working folder, with `/` between folders; STDIN_NAME for standard input. */
  readonly file: string;
  readonly severity: Severity;
  /** `[consequence] message`, then each suggestion on a line of its own. */
  readonly message: string;
  readonly start: Position;
  readonly end: Position;
  /** The input is JSON Lines: the diagnostic's edits count in its line. */
  readonly jsonl: boolean;
}

export function annotations(files: readonly FileReport[], cwd = process.cwd()): Annotation[] {
  const out: Annotation[] = [];
  for (const f of files) {
    const file = f.file === "-" ? STDIN_NAME : relative(cwd, resolve(cwd, f.file)).split(sep).join("/");
    for (const d of f.diagnostics) {
      const start = { line: d.line ?? 1, column: d.column ?? 1 };
      // The token the diagnostic is at, when the text is known: an annotation that spans it, not a point.
      const end =
        (f.text !== undefined && d.line !== undefined && tokenEndPosition(f.text, d.line, start.column)) || start;
      const jsonl = f.jsonl === true;
      out.push({ diagnostic: d, file, severity: d.severity, message: withSuggestions(d), start, end, jsonl });
    }
  }
  return out;
}

function withSuggestions(d: Diagnostic): string {
  return [`[${d.consequence}] ${d.message}`, ...d.suggestions.map((s) => `Suggestion: ${s.message}`)].join("\n");
}
