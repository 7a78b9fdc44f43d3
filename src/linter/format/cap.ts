/**
 * The report's bound: at most `max` diagnostics of one rule per input are listed, and the rest are
 * counted in one more diagnostic of that rule, so a report's size is bounded whatever the input
 * repeats (spec/catalog/limits.yaml, project.maxReportedPerRule; docs/lint.md "Limits"). The
 * library's lint() returns every diagnostic; only the command's report is capped.
 */
import type { Diagnostic } from "../../lint/types.js";

export function capPerRule(diagnostics: readonly Diagnostic[], max: number): readonly Diagnostic[] {
  if (diagnostics.length <= max) return diagnostics;
  const counts = new Map<string, number>();
  const out: Diagnostic[] = [];
  const firstDropped = new Map<string, Diagnostic>();
  for (const d of diagnostics) {
    const n = (counts.get(d.ruleId) ?? 0) + 1;
    counts.set(d.ruleId, n);
    if (n <= max) out.push(d);
    else if (n === max + 1) firstDropped.set(d.ruleId, d);
  }
  for (const [ruleId, d] of firstDropped) {
    const more = counts.get(ruleId)! - max;
    out.push({
      ruleId,
      messageId: "capped",
      data: { more, max },
      severity: d.severity,
      consequence: d.consequence,
      path: d.path,
      ...(d.line !== undefined ? { line: d.line, column: d.column } : {}),
      message:
        `${more} more ${ruleId} diagnostic${more === 1 ? "" : "s"} in this input, from here on, are not listed ` +
        `(a report lists ${max} per rule and input).`,
      clauses: d.clauses,
      suggestions: [],
    });
  }
  return out;
}
