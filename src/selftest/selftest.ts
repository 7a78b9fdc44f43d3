import { availableParallelism } from "node:os";
import { join } from "node:path";
import { dayString, todayDay } from "../reference/days.js";
import { MUTANTS, type Mutant } from "../reference/mutants/index.js";
import { VARIANTS, type Variant } from "../reference/variants/index.js";
import { writeFileAtomic } from "../report/write.js";
import { loadSuites } from "../runner/suites.js";
import type { CaseDef } from "../runner/types.js";
import { formatMarkdown } from "./format.js";
import type { JobOutcome } from "./job.js";
import { buildMatrix, type MutantRow, type SelftestReport } from "./matrix.js";
import { DATASET_PROFILES, planJobs, selectMutants, type ProfileName } from "./plan.js";
import { runJobs, workersAvailable } from "./pool.js";
import {
  formatVariantsMarkdown,
  planVariantJobs,
  variantOfOutcome,
  variantReport,
  variantRow,
  type VariantRow,
} from "./variants.js";

export interface SelftestOptions {
  /** Mutants and variants whose id or area matches (glob, `*` wildcard, comma-separated); default all. */
  readonly only?: string;
  /** Run every case against every mutant instead of the cases of its area and clause. */
  readonly allCases?: boolean;
  /**
   * Stop each mutant's run at its first failing case: every kill is still proven, in less time, but the matrix names
   * only the cases that ran (at most the first few killing cases of each mutant).
   */
  readonly bail?: boolean;
  /** Worker threads; 0 runs everything in this thread. Default: the cores available, at most 4. */
  readonly workers?: number;
  /** The mutants to choose from (default: every registered mutant). */
  readonly mutants?: readonly Mutant[];
  /** The cases (default: every suite). */
  readonly cases?: readonly CaseDef[];
  /** Called as each mutant's run finishes, with its row of the matrix. */
  readonly onMutantDone?: (row: MutantRow, done: number, total: number) => void;
  /** Also run the suite against the variants (legal alternatives; default true): zero failures on each. */
  readonly variants?: boolean;
  /** Called as each variant's run finishes. */
  readonly onVariantDone?: (row: VariantRow) => void;
}

/** Thrown when --only matches no mutant and no variant. */
export class NoMutantError extends Error {
  override readonly name = "NoMutantError";
}

export function defaultWorkers(): number {
  return Math.max(1, Math.min(4, availableParallelism()));
}

/**
 * Suite strength: the suites against the correct reference server and against every mutant, each on its
 * own ephemeral loopback port, and the kill matrix of what caught what. Writes nothing; see
 * writeSelftestReport.
 */
export async function runSelftest(options: SelftestOptions = {}): Promise<SelftestReport> {
  const started = performance.now();
  const startedAt = new Date().toISOString();
  const mutants = selectMutants(options.mutants ?? MUTANTS, options.only);
  // --only selects variants by id or area as it selects mutants (docs/variants.md).
  const variantSelected = (v: Variant) => selectMutants([v], options.only).length > 0;
  if (mutants.length === 0 && (options.variants === false || !VARIANTS.some(variantSelected)))
    throw new NoMutantError(
      `no mutant or variant matches --only ${options.only ?? ""}; tdss serve --list-mutants and --list-variants ` +
        "list them",
    );
  const cases = options.cases ?? loadSuites();
  const asOf = dayString(todayDay(new Date()));
  const jobs = planJobs(mutants, cases, { allCases: options.allCases ?? false, bail: options.bail ?? false, asOf });
  // Variants are the other half of precision: the suite must pass every legal alternative (docs/variants.md). They
  // share the mutants' pool, so that the runs waiting on a variant's rate limit or latency overlap the mutants' work.
  const variants = options.variants === false ? [] : VARIANTS.filter(variantSelected);
  const variantJobs = planVariantJobs(variants, cases, asOf);
  const workers = workersAvailable() ? Math.max(0, options.workers ?? defaultWorkers()) : 0;

  // A mutant's row needs the correct server's verdicts on its dataset: rows wait for them.
  const outcomes: JobOutcome[] = [];
  let waiting: JobOutcome[] = [];
  let done = 0;
  const report = (o: JobOutcome) => {
    const row = buildMatrix({ mutants: mutants.filter((m) => m.id === o.mutant), cases, outcomes }).mutants[0]!;
    options.onMutantDone?.(row, ++done, mutants.length);
  };
  const finished = await runJobs([...jobs, ...variantJobs], workers, (o) => {
    const variant = variantOfOutcome(variants, o);
    if (variant) return options.onVariantDone?.(variantRow(variant, o));
    outcomes.push(o);
    if (o.mutant) waiting.push(o);
    const ready = waiting.filter((w) => outcomes.some((c) => !c.mutant && c.profile === w.profile));
    waiting = waiting.filter((w) => !ready.includes(w));
    ready.forEach(report);
  });
  const matrix = buildMatrix({ mutants, cases, outcomes: finished.slice(0, jobs.length) });
  const variantsRun = options.variants === false ? undefined : variantReport(variants, finished.slice(jobs.length));
  const summary =
    variantsRun && variantsRun.summary.failed + variantsRun.summary.errors > 0
      ? { ...matrix.summary, exitCode: 1 as const }
      : matrix.summary;
  const profiles: Partial<Record<ProfileName, (typeof DATASET_PROFILES)[ProfileName]>> = {};
  for (const job of jobs) profiles[job.profile] = DATASET_PROFILES[job.profile];
  return {
    tool: "tdss selftest",
    startedAt,
    durationMs: Math.round(performance.now() - started),
    workers,
    selection: {
      ...(options.only ? { only: options.only } : {}),
      allCases: options.allCases ?? false,
      ...(options.bail ? { bail: true } : {}),
    },
    asOf,
    profiles,
    ...matrix,
    summary,
    ...(variantsRun ? { variants: variantsRun } : {}),
  };
}

/** Writes report.json and matrix.md into `dir`, each atomically (every text is rendered before the first write). */
export function writeSelftestReport(report: SelftestReport, dir: string): string[] {
  const files = [
    { path: join(dir, "report.json"), text: `${JSON.stringify(report, null, 2)}\n` },
    {
      path: join(dir, "matrix.md"),
      text: formatMarkdown(report) + (report.variants ? formatVariantsMarkdown(report.variants) : ""),
    },
  ];
  for (const f of files) writeFileAtomic(f.path, f.text);
  return files.map((f) => f.path);
}
