import type { Severity } from "../types.js";
import type { FileReport } from "./report.js";

const COLOR: Readonly<Record<Severity, string>> = { error: "\x1b[31m", warning: "\x1b[33m", info: "\x1b[36m" };
const DIM = "\x1b[2m";
const RESET = "\x1b[0m";

/**
 * `--format stylish` (the default), after ESLint's: one line per diagnostic as
 * `file:line:col  severity  [consequence]  message  rule-id`, its suggestions indented below, and
 * a summary.
 */
export function formatStylish(files: readonly FileReport[], color = false): string {
  const paint = (code: string, s: string) => (color ? `${code}${s}${RESET}` : s);
  const counts: Record<Severity, number> = { error: 0, warning: 0, info: 0 };
  let out = "";
  for (const f of files) {
    for (const d of f.diagnostics) {
      counts[d.severity]++;
      const where = `${f.file}:${d.line ?? 1}:${d.column ?? 1}`;
      out += `${where}  ${paint(COLOR[d.severity], d.severity.padEnd(7))}  ${`[${d.consequence}]`.padEnd(13)}  ${oneLine(d.message)}  ${paint(DIM, d.ruleId)}\n`;
      for (const s of d.suggestions) out += `    ${paint(DIM, "suggestion:")} ${oneLine(s.message)}\n`;
    }
  }
  const total = counts.error + counts.warning + counts.info;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  const summary =
    total === 0
      ? `${plural(files.length, "file")} checked, no problems.`
      : `${plural(total, "problem")} (${plural(counts.error, "error")}, ${plural(counts.warning, "warning")}, ${counts.info} info) in ${plural(files.length, "file")}.`;
  return `${out}${out ? "\n" : ""}${counts.error > 0 ? paint(COLOR.error, summary) : summary}\n`;
}

function oneLine(s: string): string {
  return s.replace(/\s*\n\s*/g, " ");
}
