import { bodyOperation } from "../contract/index.js";
import { VARIANTS, type Variant } from "../reference/variants/index.js";
import type { CaseDef } from "../runner/types.js";
import type { JobOutcome } from "./job.js";
import { correctKey, jobWeight, type Job } from "./plan.js";
import { runJobs } from "./pool.js";

/** What the suite did against one variant: it must pass it with zero failures; warnings are allowed and listed. */
export interface VariantRow {
  readonly id: string;
  readonly clause: string;
  readonly description: string;
  /** `passed`: no case failed; `failed`: a case failed (a false failure of the suite); `error`: no run. */
  readonly status: "passed" | "failed" | "error";
  readonly failures: readonly { readonly case: string; readonly message: string }[];
  readonly warnings: readonly { readonly case: string; readonly message: string }[];
  readonly error?: string;
  readonly durationMs: number;
}

export interface VariantReport {
  readonly variants: readonly VariantRow[];
  readonly summary: {
    readonly variants: number;
    readonly passed: number;
    readonly failed: number;
    readonly errors: number;
    readonly warnings: number;
  };
}

const variantKey = (id: string) => `variant:${id}`;

/**
 * How much a variant's run waits on its server rather than works: a rate limit most, then latency, a slow or
 * briefly unavailable server. Such a run holds its thread long and uses little of it, so it starts early, on a
 * thread of its own (Job.waits), while the other threads work through the rest.
 */
function waits(v: Variant): number {
  const s = v.server;
  if (!s) return 0;
  const limited = s.rateLimit !== undefined || s.gateway !== undefined;
  const slow = [s.latencyMs, s.latencyJitterMs, s.openDelayMs, s.unavailableEvery].some((n) => n !== undefined);
  return (limited ? 2 : 0) + (slow ? 1 : 0);
}

/**
 * A server per variant on the small dataset (or the variant's own sizes), each running every case (a variant may show
 * anywhere), the largest data first, then the runs that wait longest (`waits`).
 */
export function planVariantJobs(variants: readonly Variant[], cases: readonly CaseDef[], asOf: string): Job[] {
  const caseIds = cases.map((c) => c.id);
  return variants
    .map((v) => ({
      waits: waits(v),
      job: {
        key: variantKey(v.id),
        variant: v.id,
        profile: "small",
        ...(v.dataset ? { dataset: v.dataset } : {}),
        caseIds,
        asOf,
        ...(waits(v) > 0 ? { waits: true } : {}),
      } satisfies Job,
    }))
    .sort((a, b) => jobWeight(b.job) - jobWeight(a.job) || b.waits - a.waits)
    .map(({ job }) => job);
}

/**
 * A case a variant's run did not run: a legal variant leaves every case judged, so a case not run for the data's
 * size, the key's rate or balance, the budget or an unreachable server is a gap of the suite, as a failure is. One
 * exception is known and left: the search-semantics oracles may spend their own Credit allowance before every oracle
 * ran where a variant refuses a form they build conditions with (query-exists-false-refused); docs/variants.md. And a
 * case not run for the key's scope, on a variant that keeps a route from the key, is no gap (`outOfScope`).
 */
function notRun(verdict: JobOutcome["verdicts"][number], variant: Variant): boolean {
  return (
    verdict.status === "skipped" &&
    !/allowance of \d+ Credits is spent before every search check ran/.test(verdict.message ?? "") &&
    !outOfScope(verdict.message ?? "", variant)
  );
}

/**
 * A case not run because the tester's key lacks the scope of a route the variant keeps from it (`keyOutOfScope`):
 * the run's right answer there, as the key is the tester's limit (docs/verdicts.md, "A key without a scope").
 */
function outOfScope(message: string, variant: Variant): boolean {
  if (!message.startsWith("not run: scope: ")) return false;
  return (variant.keyOutOfScope ?? []).some((route) => {
    const op = bodyOperation(route);
    return op !== undefined && message.includes(`lacks the scope of ${op.method} ${op.path} `);
  });
}

/** A variant's row from its run: a failed case, or one not run, is a false failure of the suite. */
export function variantRow(variant: Variant, outcome: JobOutcome | undefined): VariantRow {
  const base = {
    id: variant.id,
    clause: variant.clause,
    description: variant.description,
    durationMs: outcome?.durationMs ?? 0,
  };
  if (!outcome || outcome.error)
    return { ...base, status: "error", failures: [], warnings: [], error: outcome?.error ?? "not run" };
  const failures = outcome.verdicts
    .filter((v) => v.status === "failed" || v.status === "drift" || notRun(v, variant))
    .map((v) => ({ case: v.id, message: v.message ?? v.status }));
  const warnings = outcome.verdicts.flatMap((v) => (v.warnings ?? []).map((message) => ({ case: v.id, message })));
  return { ...base, status: failures.length ? "failed" : "passed", failures, warnings };
}

/** The variant whose run an outcome is, among `variants`. */
export function variantOfOutcome(variants: readonly Variant[], outcome: JobOutcome): Variant | undefined {
  return variants.find((v) => variantKey(v.id) === outcome.key);
}

/** The variants' rows and summary from their runs' outcomes (a variant without one is an error). */
export function variantReport(variants: readonly Variant[], outcomes: readonly JobOutcome[]): VariantReport {
  const rows = variants.map((v) =>
    variantRow(
      v,
      outcomes.find((o) => o.key === variantKey(v.id)),
    ),
  );
  return {
    variants: rows,
    summary: {
      variants: rows.length,
      passed: rows.filter((r) => r.status === "passed").length,
      failed: rows.filter((r) => r.status === "failed").length,
      errors: rows.filter((r) => r.status === "error").length,
      warnings: rows.reduce((n, r) => n + r.warnings.length, 0),
    },
  };
}

/** Runs the suite against every variant (docs/variants.md); zero failures on each is the requirement. */
export async function runVariants(options: {
  cases: readonly CaseDef[];
  asOf: string;
  workers: number;
  /** The variants to run; every one by default. */
  variants?: readonly Variant[];
  onDone?: (row: VariantRow) => void;
}): Promise<VariantReport> {
  const variants = options.variants ?? VARIANTS;
  const jobs = planVariantJobs(variants, options.cases, options.asOf);
  const outcomes = await runJobs(jobs, options.workers, (o) => {
    const variant = variantOfOutcome(variants, o);
    if (variant) options.onDone?.(variantRow(variant, o));
  });
  return variantReport(variants, outcomes);
}

/** One line per variant for the console; failures and warnings listed below it. */
export function formatVariantLine(row: VariantRow): string {
  const head =
    ` ${row.status === "passed" ? "pass " : row.status === "failed" ? "FAIL " : "ERROR"} variant ${row.id} ` +
    `(${row.clause})${row.warnings.length ? `, ${row.warnings.length} warning(s)` : ""}`;
  const lines = [
    head,
    ...row.failures.map((f) => `        FAIL ${f.case}: ${f.message.slice(0, 240)}`),
    ...(row.error ? [`        ${row.error}`] : []),
  ];
  lines.push(...row.warnings.map((w) => `        warning ${w.case}: ${w.message.slice(0, 200)}`));
  return lines.join("\n");
}

export { correctKey };

/** The Markdown section of matrix.md: every variant, its clause, and the failures (must be none) and warnings. */
export function formatVariantsMarkdown(report: VariantReport): string {
  const s = report.summary;
  const cell = (t: string) => t.replace(/\|/g, "\\|").replace(/\n/g, " ").slice(0, 300);
  return [
    "",
    "## Variants (legal alternatives: zero failures required)",
    "",
    `${s.variants} variants: ${s.passed} passed, ${s.failed} failed, ${s.errors} errors; ${s.warnings} warnings.`,
    "",
    "| variant | clause | status | failures | warnings |",
    "| --- | --- | --- | --- | --- |",
    ...report.variants.map(
      (r) =>
        `| \`${r.id}\` | \`${r.clause}\` | ${r.status === "passed" ? "passed" : `**${r.status}**`} ` +
        `| ${r.error ? cell(r.error) : r.failures.map((f) => `\`${f.case}\`: ${cell(f.message)}`).join("<br>")} ` +
        `| ${r.warnings.map((w) => `\`${w.case}\`: ${cell(w.message)}`).join("<br>")} |`,
    ),
    "",
  ].join("\n");
}
