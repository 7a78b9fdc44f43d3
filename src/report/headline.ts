import type { NotRunCategory } from "../runner/types.js";

/** What a headline is decided by: a report's run and summary (src/report/report.ts), or the parts of them it needs. */
interface Judged {
  readonly run: { readonly dryRun: boolean; readonly interrupted?: { readonly by: string } };
  readonly summary: {
    readonly exitCode: number;
    readonly total: number;
    readonly notRun?: Partial<Record<NotRunCategory, number>>;
  };
}

/**
 * The verdict's word: PASS, FAIL, INCOMPLETE (the run could not be completed: exit 2), INTERRUPTED by SIGINT (…), or
 * DRY RUN; decided by the run's exit status (src/report/report.ts).
 */
export function verdictWord(report: Judged): string {
  if (report.run.dryRun) return "DRY RUN";
  if (report.run.interrupted) return `INTERRUPTED by ${report.run.interrupted.by}`;
  const code = report.summary.exitCode;
  return code === 0 ? "PASS" : code === 2 ? "INCOMPLETE" : "FAIL";
}

/** Selected cases not run, by why, in the order the run counted them; older reports without the counts give none. */
function notRunCounts(report: Judged): [string, number][] {
  return Object.entries(report.summary.notRun ?? {}).filter((e): e is [string, number] => (e[1] ?? 0) > 0);
}

/**
 * The headline every report opens with (console, summary.md, report.html, report.json `summary.verdict`). A run in
 * which selected cases were not run says on how many its verdict rests, whatever kept the others out (the tester's
 * balance or budget, --fit-balance, a rate limit, the data): "PASS on 58 of 103 cases; 45 not run (balance)". A
 * plain PASS means every selected case ran (docs/verdicts.md, "What the headline says").
 */
export function headlineVerdict(report: Judged): string {
  const word = verdictWord(report);
  const counts = notRunCounts(report);
  const notRun = counts.reduce((n, [, k]) => n + k, 0);
  if (report.run.dryRun || !notRun) return word;
  const total = report.summary.total;
  const why = counts.length === 1 ? counts[0]![0] : counts.map(([category, k]) => `${category} ${k}`).join(", ");
  const share = `${total - notRun} of ${total} cases`;
  const rest = `${notRun} not run (${why})`;
  return word === "PASS" || word === "FAIL" ? `${word} on ${share}; ${rest}` : `${word}: ${share} run; ${rest}`;
}

/** "12 not run (balance 10, data 2)", or "" when every case ran; older reports without the counts give "". */
export function notRunLine(report: Judged): string {
  const counts = notRunCounts(report);
  const total = counts.reduce((n, [, k]) => n + k, 0);
  if (!total) return "";
  return `${total} not run (${counts.map(([category, k]) => `${category} ${k}`).join(", ")})`;
}
