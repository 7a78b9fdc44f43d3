import { loadContract, type ClauseKind } from "../contract/index.js";
import { packageVersion } from "../lint/version.js";
import { suiteHash } from "../runner/suite-hash.js";
import type { RunOutcome } from "../runner/run.js";
import type { CaseDef, CaseResult, CaseStatus } from "../runner/types.js";
import type { NotRunCategory } from "../runner/types.js";
import { UNJUDGED } from "../runner/not-run.js";
import { headlineVerdict } from "./headline.js";
import { readingsOf, type ReadingEntry } from "./readings.js";

type ClauseStatus = "passed" | "failed" | "observed" | "not-run" | "not-covered";

interface ClauseCoverage {
  readonly id: string;
  readonly section: string;
  readonly kind: ClauseKind;
  readonly area: string;
  readonly status: ClauseStatus;
  readonly cases: readonly string[];
}

interface Summary {
  readonly total: number;
  readonly passed: number;
  readonly failed: number;
  readonly skipped: number;
  readonly expectedFailures: number;
  readonly unexpectedPasses: number;
  readonly drift: number;
  /** Warnings over every case: outcomes resting on the project's readings (docs/verdicts.md); never fail the run. */
  readonly warnings: number;
  readonly creditsSpent: number;
  readonly creditsEstimated: number;
  readonly creditsLimit: number;
  readonly balanceBefore?: number;
  readonly balanceAfter?: number;
  /** Cases not run (`skipped`), by why (src/runner/not-run.ts); a category no case has is left out. */
  readonly notRun: Partial<Record<NotRunCategory, number>>;
  /**
   * 0 when every case passed or failed as expected; 1 on any failure or drift; 2 when the run could not be completed
   * (it stopped early, or the tester's key was still rate limited on a case); 130 when interrupted.
   */
  readonly exitCode: 0 | 1 | 2 | 130;
  /**
   * The headline every report opens with: the verdict, and on how many of the selected cases it rests when some were
   * not run ("PASS on 58 of 103 cases; 45 not run (balance)", src/report/headline.ts). Older reports lack it.
   */
  readonly verdict?: string;
  /**
   * Why the run stopped early (the deployment stopped answering, or the tester's key could no longer pay), and the
   * cases it did not run for that.
   */
  readonly stopped?: RunOutcome["stopped"];
}

/**
 * What the run selected of its suites, and how: `tdss compare` compares only the cases both runs selected
 * (docs/reports.md, "Comparing two runs"). Reports written before `cases` and `of` were recorded give neither.
 */
export interface Selection {
  readonly only?: string;
  readonly tags?: readonly string[];
  /** A `--last-failed` rerun: the run whose failed cases it selected, and the report it read them from. */
  readonly lastFailed?: { readonly runId: string; readonly report: string };
  /** The ids of the selected cases, when they are not every case of the suites (any filter, a replay). */
  readonly cases?: readonly string[];
  /** How many cases the suites held. */
  readonly of?: number;
}

/** report.json: everything a run established, the source of every other reporter. */
export interface Report {
  readonly tool: {
    readonly name: "tdss";
    /** tdss's own version (package.json). */
    readonly version?: string;
    readonly contractFingerprint: string;
    /** Content hash of the suite files the run's cases came from (src/runner/suite-hash.ts). */
    readonly suiteHash?: string;
  };
  /** What the target said it is: the version and fingerprint of its GET /version, when a case asked. */
  readonly target?: { readonly baseUrl: string; readonly version: unknown };
  readonly run: {
    readonly id: string;
    readonly startedAt: string;
    readonly durationMs: number;
    readonly baseUrl: string;
    readonly dryRun: boolean;
    readonly selection: Selection;
    /** Readings were failures too (--strict). */
    readonly strict: boolean;
    /** The run was interrupted (SIGINT, SIGTERM): by what, and the selected cases it did not run. */
    readonly interrupted?: RunOutcome["interrupted"];
    /** Its longest chain of requests that wait for each other, in round trips (RunOutcome.longestChain). */
    readonly longestChain?: number;
  };
  readonly summary: Summary;
  readonly cases: readonly CaseResult[];
  readonly plan: RunOutcome["plan"];
  readonly observed: RunOutcome["observed"];
  /** Each warning with its clause, the reading the project took and what the deployment did. */
  readonly readings: readonly ReadingEntry[];
  readonly coverage: {
    readonly must: {
      readonly total: number;
      readonly cited: number;
      readonly passed: number;
      readonly failed: number;
      readonly notRun: number;
    };
    readonly clauses: readonly ClauseCoverage[];
  };
  readonly warnings: readonly string[];
}

const FAILING: ReadonlySet<CaseStatus> = new Set(["failed", "expected-failure", "drift"]);
const PASSING: ReadonlySet<CaseStatus> = new Set(["passed", "unexpected-pass"]);

/** Clause by clause: which cases cite it, and what they found (lint clauses belong to the linter and are left out). */
function clauseCoverage(
  allCases: readonly CaseDef[],
  results: readonly CaseResult[],
  observed: RunOutcome["observed"],
): ClauseCoverage[] {
  const byClause = new Map<string, string[]>();
  for (const c of allCases) for (const id of c.clauses) byClause.set(id, [...(byClause.get(id) ?? []), c.id]);
  const resultOf = new Map(results.map((r) => [r.id, r]));
  const observedClauses = new Set(Object.values(observed).flatMap((o) => o.clauses));
  // Only the clauses a failed check rests on are failed (src/checks/failed-clauses.ts); a failure that
  // names none (a report written before failures named their clauses) stands for every clause of its case.
  const failedClauses = new Set(
    results.filter((r) => FAILING.has(r.status)).flatMap((r) => r.failures.flatMap((f) => f.clauses ?? r.clauses)),
  );
  return [...loadContract().clauses.values()]
    .filter((c) => c.kind !== "lint")
    .map((clause) => {
      const cases = byClause.get(clause.id) ?? [];
      const statuses = cases.map((id) => resultOf.get(id)?.status).filter((s): s is CaseStatus => s !== undefined);
      let status: ClauseStatus;
      if (failedClauses.has(clause.id)) status = "failed";
      else if (statuses.some((s) => PASSING.has(s)))
        status = clause.kind === "implementation-defined" ? "observed" : "passed";
      else if (clause.kind === "implementation-defined" && observedClauses.has(clause.id)) status = "observed";
      else status = cases.length ? "not-run" : "not-covered";
      return { id: clause.id, section: clause.section, kind: clause.kind, area: clause.area, status, cases };
    });
}

function summarize(outcome: RunOutcome): Summary {
  const count = (s: CaseStatus) => outcome.results.filter((r) => r.status === s).length;
  const failed = count("failed");
  const drift = count("drift");
  const notRun: Partial<Record<NotRunCategory, number>> = {};
  for (const r of outcome.results) if (r.notRun) notRun[r.notRun] = (notRun[r.notRun] ?? 0) + 1;
  // Cases --fit-balance left out are not run for the balance, and leave the run complete: only a balance that ran out
  // during the run (`stopped`) makes it incomplete.
  const incomplete =
    outcome.stopped !== undefined ||
    outcome.results.some((r) => r.notRun !== undefined && r.notRun !== "balance" && UNJUDGED.has(r.notRun));
  return {
    total: outcome.results.length,
    passed: count("passed"),
    failed,
    skipped: count("skipped"),
    expectedFailures: count("expected-failure"),
    unexpectedPasses: count("unexpected-pass"),
    drift,
    warnings: outcome.results.reduce((n, r) => n + (r.warnings?.length ?? 0), 0),
    creditsSpent: outcome.credits.spent,
    creditsEstimated: outcome.credits.estimated,
    creditsLimit: outcome.credits.limit,
    ...(outcome.credits.balanceBefore !== undefined ? { balanceBefore: outcome.credits.balanceBefore } : {}),
    ...(outcome.credits.balanceAfter !== undefined ? { balanceAfter: outcome.credits.balanceAfter } : {}),
    notRun,
    ...(outcome.stopped ? { stopped: outcome.stopped } : {}),
    exitCode: outcome.interrupted ? 130 : incomplete ? 2 : failed + drift > 0 ? 1 : 0,
  };
}

export function buildReport(
  outcome: RunOutcome,
  allCases: readonly CaseDef[],
  selection: Omit<Selection, "cases" | "of"> & { readonly cases?: readonly string[] } = {},
  strict = false,
): Report {
  // Every selected case has a result (those not run too), so a selection given without its cases is the results'.
  const selected = selection.cases ?? outcome.results.map((r) => r.id);
  const clauses = clauseCoverage(allCases, outcome.results, outcome.observed);
  const must = clauses.filter((c) => c.kind === "must");
  const version = outcome.observed.version?.value;
  const run = {
    id: outcome.runId,
    startedAt: outcome.startedAt,
    durationMs: outcome.durationMs,
    baseUrl: outcome.baseUrl,
    dryRun: outcome.dryRun,
    selection: {
      ...(selection.only ? { only: selection.only } : {}),
      ...(selection.tags?.length ? { tags: selection.tags } : {}),
      ...(selection.lastFailed ? { lastFailed: selection.lastFailed } : {}),
      ...(selected.length < allCases.length ? { cases: selected } : {}),
      ...(allCases.length ? { of: allCases.length } : {}),
    },
    strict,
    ...(outcome.interrupted ? { interrupted: outcome.interrupted } : {}),
    ...(outcome.longestChain !== undefined ? { longestChain: outcome.longestChain } : {}),
  };
  const counts = summarize(outcome);
  return {
    tool: {
      name: "tdss",
      version: packageVersion(),
      contractFingerprint: loadContract().fingerprint,
      ...(allCases.length ? { suiteHash: suiteHash(allCases.map((c) => c.file)) } : {}),
    },
    target: {
      baseUrl: outcome.baseUrl,
      version:
        version ??
        "not asked: no selected case called GET /version (§8 does not show its cost, so the run asks only in " +
          "its own cases)",
    },
    run,
    summary: { ...counts, verdict: headlineVerdict({ run, summary: counts }) },
    cases: outcome.results,
    plan: outcome.plan,
    observed: outcome.observed,
    readings: readingsOf(outcome.results),
    coverage: {
      must: {
        total: must.length,
        cited: must.filter((c) => c.cases.length > 0).length,
        passed: must.filter((c) => c.status === "passed").length,
        failed: must.filter((c) => c.status === "failed").length,
        notRun: must.filter((c) => c.status === "not-run").length,
      },
      clauses,
    },
    warnings: outcome.warnings,
  };
}

/** Cases grouped by area, in first-seen order, with counts per status. */
export function byArea(
  cases: readonly CaseResult[],
): { area: string; counts: Record<CaseStatus, number>; cases: CaseResult[] }[] {
  const groups = new Map<string, CaseResult[]>();
  for (const c of cases) groups.set(c.area, [...(groups.get(c.area) ?? []), c]);
  return [...groups].map(([area, list]) => {
    const counts = {
      passed: 0,
      failed: 0,
      skipped: 0,
      "expected-failure": 0,
      "unexpected-pass": 0,
      drift: 0,
    } as Record<CaseStatus, number>;
    for (const c of list) counts[c.status]++;
    return { area, counts, cases: list };
  });
}
