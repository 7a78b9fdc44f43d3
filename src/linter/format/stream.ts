/**
 * Report formats that can be written while linting (json, stylish): a `--jsonl` query log of any
 * size is reported line by line, without holding every diagnostic until the end.
 */
import type { Diagnostic, Severity } from "../../lint/types.js";
import { fixOf } from "../fix.js";

export interface ReportStream {
  start(): string;
  file(name: string): string;
  diagnostic(d: Diagnostic): string;
  endFile(): string;
  end(): string;
}

/**
 * `--format json`: {"files": [{"file", "diagnostics": [...]}]}, one diagnostic a line (easy to grep, quick to write).
 */
export function jsonStream(): ReportStream {
  let files = 0;
  let count = 0;
  return {
    start: () => '{\n  "files": [',
    file(name) {
      count = 0;
      return `${files++ > 0 ? "," : ""}\n    {\n      "file": ${JSON.stringify(name)},\n      "diagnostics": [`;
    },
    diagnostic(d) {
      const shape = {
        ruleId: d.ruleId,
        messageId: d.messageId,
        data: d.data,
        severity: d.severity,
        consequence: d.consequence,
        path: d.path,
        line: d.line ?? null,
        column: d.column ?? null,
        message: d.message,
        clauses: d.clauses,
        suggestions: d.suggestions,
        ...(d.fix ? { fix: d.fix } : {}),
      };
      return `${count++ > 0 ? "," : ""}\n        ${JSON.stringify(shape)}`;
    },
    endFile: () => (count > 0 ? "\n      ]\n    }" : "]\n    }"),
    end: () => (files > 0 ? "\n  ]\n}\n" : "]\n}\n"),
  };
}

const COLOR: Readonly<Record<Severity, string>> = { error: "\x1b[31m", warning: "\x1b[33m", info: "\x1b[36m" };
const DIM = "\x1b[2m";
const RESET = "\x1b[0m";

/**
 * `--format stylish` (the default), after ESLint's: one line per diagnostic as
 * `file:line:col  severity  [consequence]  message  rule-id`, then `(fix)` when --fix fixes it or
 * `(fix-suggestions)` when only --fix-suggestions does, its suggestions indented below, and a summary that counts
 * problems (a cost line is not one) and says how many each option can fix.
 */
export function stylishStream(color = false): ReportStream {
  const paint = (code: string, s: string) => (color ? `${code}${s}${RESET}` : s);
  const counts: Record<Severity, number> = { error: 0, warning: 0, info: 0 };
  let files = 0;
  let current = "";
  let printed = false;
  let fixable = 0;
  let suggestable = 0;
  return {
    start: () => "",
    file(name) {
      files++;
      current = name;
      return "";
    },
    diagnostic(d) {
      // The cost line is information about the request, not a problem with it: shown, never counted.
      if (d.consequence !== "cost") counts[d.severity]++;
      printed = true;
      const severity = paint(COLOR[d.severity], d.severity.padEnd(7));
      const consequence = `[${d.consequence}]`.padEnd(13);
      const mark = d.fix ? "fix" : fixOf(d, { suggestions: true }) ? "fix-suggestions" : undefined;
      if (mark === "fix") fixable++;
      else if (mark) suggestable++;
      let out =
        `${current}:${d.line ?? 1}:${d.column ?? 1}  ${severity}  ${consequence}  ` +
        `${oneLine(d.message)}  ${paint(DIM, d.ruleId)}${mark ? `  ${paint(DIM, `(${mark})`)}` : ""}\n`;
      for (const s of d.suggestions) out += `    ${paint(DIM, "suggestion:")} ${oneLine(s.message)}\n`;
      return out;
    },
    endFile: () => "",
    end() {
      const total = counts.error + counts.warning + counts.info;
      const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
      const summary =
        total === 0
          ? `${plural(files, "file")} checked, no problems.`
          : `${plural(total, "problem")} ` +
            `(${plural(counts.error, "error")}, ${plural(counts.warning, "warning")}, ${counts.info} info) ` +
            `in ${plural(files, "file")}.`;
      const fixes = [
        ...(fixable > 0 ? [`${fixable} with --fix`] : []),
        ...(suggestable > 0 ? [`${suggestable}${fixable > 0 ? " more" : ""} with --fix-suggestions (${CHANGES})`] : []),
      ];
      const hint = fixes.length > 0 ? `Potentially fixable: ${fixes.join(", ")}.\n` : "";
      return `${printed ? "\n" : ""}${counts.error > 0 ? paint(COLOR.error, summary) : summary}\n${hint}`;
    },
  };
}

const CHANGES = "which changes what the query matches";

function oneLine(s: string): string {
  return s.includes("\n") ? s.replace(/\s*\n\s*/g, " ") : s;
}

/** A whole report through a stream. */
export function renderStream(
  stream: ReportStream,
  files: readonly { file: string; diagnostics: readonly Diagnostic[] }[],
): string {
  let out = stream.start();
  for (const f of files) {
    out += stream.file(f.file);
    for (const d of f.diagnostics) out += stream.diagnostic(d);
    out += stream.endFile();
  }
  return out + stream.end();
}
