import type { FileReport } from "./report.js";

/** `--format json`: exactly one JSON document, {"files": [{"file", "diagnostics": [...]}]}. */
export function formatJson(files: readonly FileReport[]): string {
  const out = {
    files: files.map((f) => ({
      file: f.file,
      diagnostics: f.diagnostics.map((d) => ({
        ruleId: d.ruleId,
        severity: d.severity,
        consequence: d.consequence,
        path: d.path,
        line: d.line ?? null,
        column: d.column ?? null,
        message: d.message,
        clauses: d.clauses,
        suggestions: d.suggestions,
        ...(d.fix ? { fix: d.fix } : {}),
      })),
    })),
  };
  return JSON.stringify(out, null, 2) + "\n";
}
