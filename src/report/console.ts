import type { RunPlan } from "../runner/run.js";
import type { CaseResult, CaseStatus } from "../runner/types.js";
import type { Report } from "./report.js";
import { byArea } from "./report.js";
import { choiceTable } from "./choices.js";
import { headlineVerdict, notRunLine } from "./headline.js";
import { consequenceLines, verdictLine } from "./readings.js";

const MARK: Record<CaseStatus, string> = {
  passed: "pass ",
  failed: "FAIL ",
  skipped: "skip ",
  "expected-failure": "xfail",
  "unexpected-pass": "XPASS",
  drift: "DRIFT",
};

/** Failed checks shown per case, and lines per check, before the rest is cut with "… N more". */
const CONSOLE_LIMITS = { failures: 10, linesPerFailure: 6, width: 110 } as const;

/** Text folded into lines of at most `width` characters, at spaces where there are some. */
export function fold(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let rest = paragraph;
    while (rest.length > width) {
      const space = rest.lastIndexOf(" ", width);
      const cut = space > width / 2 ? space : width;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut).replace(/^ /, "");
    }
    lines.push(rest);
  }
  return lines;
}

const INDENT = "        ";

/** Lines of one failed check, folded and cut to `max` lines with a mark saying how many were left out. */
function failureLines(head: string, message: string, max: number, width: number): string[] {
  const lines = fold(`${head}${message}`, width);
  if (lines.length <= max) return lines;
  return [...lines.slice(0, max - 1), `… ${lines.length - max + 1} more lines`];
}

/** One line per finished case; a failed case then lists every failed check (folded, cut with "… N more"). */
export function formatProgress(result: CaseResult, done: number, total: number, limits = CONSOLE_LIMITS): string {
  const width = String(total).length;
  const head =
    `[${String(done).padStart(width)}/${total}] ${MARK[result.status]} ${result.id} (${result.durationMs} ` +
    `ms${result.credits ? `, ${result.credits} Cr` : ""})`;
  const warnings = (result.warnings ?? []).flatMap((w) => [
    `warning: ${w.step} · ${w.check}: ${w.message.split("\n")[0]!.slice(0, 200)}`,
    `  ${verdictLine(w, true).slice(0, 240)}`,
    ...consequenceLines(w).map((c) => `  ${c.slice(0, 240)}`),
  ]);
  const withWarnings = (text: string) =>
    warnings.length ? `${text}\n${warnings.map((l) => INDENT + l).join("\n")}` : text;
  if ((result.status === "failed" || result.status === "drift") && result.failures.length) {
    const n = result.failures.length;
    const lines = [`${n} failed check${n === 1 ? "" : "s"}:`];
    const shown = result.failures.slice(0, limits.failures);
    shown.forEach((f, i) => {
      const label = n > 1 ? `${i + 1}) ` : "";
      const width = limits.width - label.length;
      const folded = failureLines(`${f.step} · ${f.check}: `, f.message, limits.linesPerFailure, width);
      const why = verdictLine(f, false);
      if (why) folded.push(`  ${why.slice(0, 240)}`);
      for (const c of consequenceLines(f)) folded.push(...fold(c, width - 2).map((l) => `  ${l}`));
      lines.push(label + folded[0]!, ...folded.slice(1).map((l) => `${" ".repeat(label.length)}${l}`));
    });
    if (n > shown.length)
      lines.push(`… ${n - shown.length} more failed checks (all are in report.json and summary.md)`);
    return withWarnings(`${head}\n${lines.map((l) => INDENT + l).join("\n")}`);
  }
  if (result.reason && result.status !== "passed") {
    return withWarnings(
      `${head}\n${fold(result.reason, limits.width)
        .map((l) => INDENT + l)
        .join("\n")}`,
    );
  }
  return withWarnings(
    warnings.length ? `${head} (${warnings.length / 2} warning${warnings.length > 2 ? "s" : ""})` : head,
  );
}

/** The dry-run plan: each case with its worst-case Credits, then those --fit-balance left out. */
export function formatPlan(plan: RunPlan, balance?: number, perSecond?: number): string {
  const lines = ["Plan (worst-case Credits per case):"];
  const leftOut = plan.leftOut?.cases ?? [];
  const width = Math.max(...plan.cases.map((c) => c.id.length), ...leftOut.map((c) => c.id.length), 10);
  // A step sends one request, or more (pages, oracles, narrowing) as the answers decide: a lower bound.
  for (const c of plan.cases)
    lines.push(
      `  ${c.id.padEnd(width)}  ${String(c.worstCase).padStart(4)}  ` +
        `(≥ ${c.steps.length} request${c.steps.length === 1 ? "" : "s"})`,
    );
  lines.push(
    `  ${"total".padEnd(width)}  ${String(plan.worstCase).padStart(4)}  of a ${plan.maxCredits}-Credit ` +
      `limit${balance !== undefined ? `; the key has ${balance} left` : ""}`,
  );
  if (perSecond !== undefined && perSecond > 0) {
    const requests = plan.cases.reduce((n, c) => n + c.steps.length, 0);
    lines.push(
      `Pace: ${perSecond} requests a second, a tenth below the key's rate limit: the ${requests} requests planned ` +
        `take at least ${duration(requests / perSecond)} (pages, oracles and MCP sessions send more)`,
    );
  }
  if (plan.leftOut) {
    lines.push(`Not run: ${plan.leftOut.category} (--fit-balance; they do not fit ${plan.leftOut.limit} Credits):`);
    for (const c of leftOut) lines.push(`  ${c.id.padEnd(width)}  ${String(c.worstCase).padStart(4)}`);
  }
  return `${lines.join("\n")}\n`;
}

/** `90` → "1 min 30 s"; under a second, "under a second". */
function duration(seconds: number): string {
  if (seconds < 1) return "under a second";
  const whole = Math.round(seconds);
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  return minutes ? `${minutes} min${rest ? ` ${rest} s` : ""}` : `${rest} s`;
}

/** Lines of the deployment's choices the console shows at most, before counting the rest. */
const CHOICE_LINES = 4;

/**
 * The deployment's choices, a few lines after the counts: each whose value is short (src/report/choices.ts),
 * packed as "label: value · …" within the console's width; the others are counted, for summary.md's table.
 */
function choiceLines(report: Report, files: readonly string[]): string[] {
  const { choices } = choiceTable(report.observed);
  if (!choices.length) return [];
  const table = files.some((f) => /summary\.md$/.test(f)) ? "summary.md" : "report.json, observed";
  const lines: string[] = [];
  let shown = 0;
  for (const c of choices) {
    if (c.brief === undefined) continue;
    const item = `${c.label}: ${c.brief}`;
    const last = lines.at(-1);
    if (last !== undefined && last.length + 3 + item.length <= CONSOLE_LIMITS.width - 2)
      lines[lines.length - 1] = `${last} · ${item}`;
    else if (lines.length < CHOICE_LINES) lines.push(item);
    else continue;
    shown++;
  }
  const rest = choices.length - shown;
  const where = `the table, with what the specification says: ${table}`;
  return [
    `The deployment's choices where the specification leaves it open (${choices.length}, never a failure):`,
    ...lines.map((l) => `  ${l}`),
    rest ? `  … and ${rest} more; ${where}` : `  (${where})`,
  ];
}

/** Summary by area, totals, Credits, and where the reports are. */
export function formatSummary(report: Report, files: readonly string[]): string {
  const s = report.summary;
  const lines = ["", "Summary by area:"];
  const width = Math.max(...byArea(report.cases).map((g) => g.area.length), 6);
  for (const g of byArea(report.cases)) {
    const c = g.counts;
    const extra = [
      c.skipped ? `${c.skipped} skipped` : "",
      c["expected-failure"] ? `${c["expected-failure"]} expected failures` : "",
      c["unexpected-pass"] ? `${c["unexpected-pass"]} unexpected passes` : "",
      c.drift ? `${c.drift} drift` : "",
    ].filter(Boolean);
    lines.push(
      `  ${g.area.padEnd(width)}  ${String(c.passed).padStart(3)} passed  ${String(c.failed).padStart(3)} ` +
        `failed${extra.length ? `  (${extra.join(", ")})` : ""}`,
    );
  }
  // Warnings (a run cut short, a key that could not pay) are read before the verdict, not after it.
  if (report.warnings.length) lines.push("", ...report.warnings.map((w) => `warning: ${w}`));
  // A headline that says how many cases were not run (src/report/headline.ts) is not followed by the same counts again.
  const headline = headlineVerdict(report);
  const partial = notRunLine(report) !== "";
  lines.push(
    "",
    `${headline}: ${s.passed} passed, ${s.failed} failed, ${partial ? "" : `${s.skipped} skipped, `}` +
      `${s.expectedFailures} expected failures, ${s.unexpectedPasses} unexpected passes, ${s.drift} ` +
      `drift, ${s.warnings} warnings ` +
      `(${partial ? "" : `${s.total} cases, `}${(report.run.durationMs / 1000).toFixed(1)} s)`,
    `Credits: ${s.creditsSpent} spent; worst case predicted ${s.creditsEstimated}; ` +
      `limit ${s.creditsLimit}${s.balanceAfter !== undefined ? `; ${s.balanceAfter} left on the key` : ""}`,
    // Clauses no case judged (not selected, left out for the budget, cited only beside a failure) are counted: a PASS
    // on a partial run must not read as every clause passed.
    `Clause coverage: ${report.coverage.must.cited} of ${report.coverage.must.total} must clauses ` +
      `cited; ${report.coverage.must.passed} passed, ${report.coverage.must.failed} failed` +
      (report.coverage.must.notRun ? `, ${report.coverage.must.notRun} not run` : ""),
  );
  lines.push(...choiceLines(report, files));
  if (report.run.interrupted) {
    const n = report.run.interrupted.notRun.length;
    const were = `${n} selected case${n === 1 ? " was" : "s were"} not run`;
    lines.push(`Interrupted: ${were}; ${s.creditsSpent} Credits were spent before the interrupt.`);
  }
  if (s.unexpectedPasses) lines.push("Unexpected passes: remove them from the expectations file.");
  if (s.warnings)
    lines.push(
      `Warnings rest on the project's readings of the specification, not on a must clause; ` +
        (report.run.strict
          ? "--strict made them failures"
          : "they do not fail the run (--strict makes them failures)") +
        ": " +
        `see Readings in summary.md.`,
    );
  if (files.length) lines.push(`Reports: ${files.join(", ")}`);
  return `${lines.join("\n")}\n`;
}
