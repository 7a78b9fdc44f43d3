import type { CaseDef, CaseResult, NotRunCategory } from "./types.js";

/** Thrown inside a case to end it as not run; anything it found before stays in its result. */
export class NotRun extends Error {
  override readonly name = "NotRun";
  constructor(
    readonly category: NotRunCategory,
    detail: string,
  ) {
    super(detail);
  }
}

/**
 * Not-run categories that leave a run without a verdict it set out to give, the deployment's or the tester's
 * limits being the cause: any case of these makes the run INCOMPLETE (exit 2), except `balance` for cases
 * `--fit-balance` left out before the run (docs/verdicts.md, "Not run").
 */
export const UNJUDGED: ReadonlySet<NotRunCategory> = new Set([
  "unreachable",
  "no answer",
  "balance",
  "rate limit",
  "scope",
]);

/** The reason a report shows: `not run: <category>: <detail>`, one form for every reporter. */
export function notRunReason(category: NotRunCategory, detail: string): string {
  return `not run: ${category}: ${detail}`;
}

/** The result of a case that was not started at all. */
export function notRunResult(c: CaseDef, category: NotRunCategory, detail: string): CaseResult {
  const { id, area, title, clauses, tags } = c;
  const none = { durationMs: 0, requests: 0, credits: 0, failures: [], warnings: [] };
  return {
    id,
    area,
    title,
    clauses,
    tags,
    status: "skipped",
    ...none,
    notRun: category,
    reason: notRunReason(category, detail),
  };
}
