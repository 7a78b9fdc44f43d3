import type { CaseDef, CaseResult } from "./types.js";

/**
 * Why a case was not run (or not run to its end): never a verdict on the deployment (docs/verdicts.md, "Not run").
 *
 * - `unreachable`: the deployment stopped answering and the run stopped sending (docs/runner-robustness.md);
 * - `balance`: the tester's key cannot pay for the case (its balance ran out, it was refused, or `--fit-balance` left
 *   the case out);
 * - `rate limit`: the tester's key was still rate limited after the transport's retries;
 * - `budget`: the case no longer fits the run's `--max-credits`;
 * - `interrupted`: SIGINT or SIGTERM;
 * - `data`: the deployment's data does not hold what the case needs (a template, a bound, a set too large to page);
 * - `configuration`: the run lacks what the case needs (a second key).
 */
export type NotRunCategory =
  "unreachable" | "balance" | "rate limit" | "budget" | "interrupted" | "data" | "configuration";

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
