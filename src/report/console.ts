import type { RunPlan } from "../runner/run.js";
import type { CaseResult, CaseStatus } from "../runner/types.js";
import type { Report } from "./report.js";
import { byArea } from "./report.js";
import { verdictLine } from "./readings.js";

const MARK: Record<CaseStatus, string> = {
  passed: "pass ",
  failed: "FAIL ",
  skipped: "skip ",
  "expected-failure": "xfail",
  "unexpected-pass": "XPASS",
  drift: "DRIFT",
};

/** One line per finished case, with the first failure or the skip reason. */
export function formatProgress(result: CaseResult, done: number, total: number): string {
  const width = String(total).length;
  const head = `[${String(done).padStart(width)}/${total}] ${MARK[result.status]} ${result.id} (${result.durationMs} ms${result.credits ? `, ${result.credits} Cr` : ""})`;
  const first = result.failures.find((f) => !(f as { drift?: boolean }).drift) ?? result.failures[0];
  const warnings = (result.warnings ?? []).map((w) => `        warning: ${w.step} · ${w.check}: ${w.message.split("\n")[0]!.slice(0, 200)}\n          ${verdictLine(w, true).slice(0, 240)}`);
  const withWarnings = (text: string) => [text, ...warnings].join("\n");
  if ((result.status === "failed" || result.status === "drift") && first) {
    const why = verdictLine(first, false);
    return withWarnings(`${head}\n        ${first.step} · ${first.check}: ${first.message.split("\n")[0]!.slice(0, 240)}${why ? `\n          ${why.slice(0, 240)}` : ""}`);
  }
  if (result.reason && result.status !== "passed") return withWarnings(`${head}\n        ${result.reason.slice(0, 240)}`);
  return withWarnings(warnings.length ? `${head} (${warnings.length} warning${warnings.length > 1 ? "s" : ""})` : head);
}

/** The dry-run plan: each case with its worst-case Credits. */
export function formatPlan(plan: RunPlan, balance?: number): string {
  const lines = ["Plan (worst-case Credits per case):"];
  const width = Math.max(...plan.cases.map((c) => c.id.length), 10);
  for (const c of plan.cases) lines.push(`  ${c.id.padEnd(width)}  ${String(c.worstCase).padStart(4)}  (${c.steps.length} requests)`);
  lines.push(`  ${"total".padEnd(width)}  ${String(plan.worstCase).padStart(4)}  of a ${plan.maxCredits}-Credit limit${balance !== undefined ? `; the key has ${balance} left` : ""}`);
  return `${lines.join("\n")}\n`;
}

/** Summary by area, totals, Credits, and where the reports are. */
export function formatSummary(report: Report, files: readonly string[]): string {
  const s = report.summary;
  const lines = ["", "Summary by area:"];
  const width = Math.max(...byArea(report.cases).map((g) => g.area.length), 6);
  for (const g of byArea(report.cases)) {
    const c = g.counts;
    const extra = [c.skipped ? `${c.skipped} skipped` : "", c["expected-failure"] ? `${c["expected-failure"]} expected failures` : "", c["unexpected-pass"] ? `${c["unexpected-pass"]} unexpected passes` : "", c.drift ? `${c.drift} drift` : ""].filter(Boolean);
    lines.push(`  ${g.area.padEnd(width)}  ${String(c.passed).padStart(3)} passed  ${String(c.failed).padStart(3)} failed${extra.length ? `  (${extra.join(", ")})` : ""}`);
  }
  lines.push(
    "",
    `${s.exitCode === 0 ? "PASS" : "FAIL"}: ${s.passed} passed, ${s.failed} failed, ${s.skipped} skipped, ${s.expectedFailures} expected failures, ${s.unexpectedPasses} unexpected passes, ${s.drift} drift, ${s.warnings} warnings (${s.total} cases, ${(report.run.durationMs / 1000).toFixed(1)} s)`,
    `Credits: ${s.creditsSpent} spent; worst case predicted ${s.creditsEstimated}; limit ${s.creditsLimit}${s.balanceAfter !== undefined ? `; ${s.balanceAfter} left on the key` : ""}`,
    `Clause coverage: ${report.coverage.must.cited} of ${report.coverage.must.total} must clauses cited; ${report.coverage.must.passed} passed, ${report.coverage.must.failed} failed`,
  );
  if (s.unexpectedPasses) lines.push("Unexpected passes: remove them from the expectations file.");
  if (s.warnings) lines.push(`Warnings rest on the project's readings of the specification, not on a must clause${report.run.strict ? "; --strict made them failures" : "; they do not fail the run (--strict makes them failures)"}: see Readings in summary.md.`);
  for (const w of report.warnings) lines.push(`warning: ${w}`);
  if (files.length) lines.push(`Reports: ${files.join(", ")}`);
  return `${lines.join("\n")}\n`;
}
