import type { VariantReport } from "./variants.js";
import type { Mutant } from "../reference/mutants/index.js";
import type { CaseDef } from "../runner/types.js";
import type { CaseVerdict, JobOutcome } from "./job.js";
import type { DATASET_PROFILES, ProfileName } from "./plan.js";

type MutantStatus = "killed" | "survived" | "error";

export interface MutantRow {
  readonly id: string;
  readonly clause: string;
  readonly area: string;
  readonly description: string;
  readonly profile: ProfileName;
  readonly status: MutantStatus;
  readonly casesRun: number;
  /** The cases that failed against the mutant and passed against the correct server, with the checks that failed. */
  readonly killedBy: readonly { readonly case: string; readonly checks: readonly string[] }[];
  readonly error?: string;
  readonly durationMs: number;
}

export interface CaseRow {
  readonly id: string;
  readonly area: string;
  /** Mutants the case was run against. */
  readonly ranAgainst: number;
  readonly kills: readonly string[];
}

interface CorrectRun {
  readonly profile: ProfileName;
  readonly casesRun: number;
  /** Cases that did not pass against the correct server: each is a defect of the suite or of the reference. */
  readonly failures: readonly {
    readonly case: string;
    readonly status: string;
    readonly checks: readonly string[];
    readonly message?: string;
  }[];
  /**
   * Warnings against the correct server (`<case>: <warning>`): a reading on which the reference and the suite
   * disagree. The reference makes every reading the way the suite does, so there is none
   * (src/selftest/selftest.test.ts).
   */
  readonly warnings: readonly string[];
  readonly error?: string;
  readonly durationMs: number;
}

interface SelftestSummary {
  readonly mutants: number;
  readonly killed: number;
  readonly survived: number;
  readonly errors: number;
  readonly cases: number;
  /** Cases that killed at least one mutant. */
  readonly killingCases: number;
  readonly correctFailures: number;
  /** 0 when every mutant is killed and every case passes against the correct server; 1 otherwise. */
  readonly exitCode: 0 | 1;
}

export interface SelftestReport {
  readonly tool: "tdss selftest";
  readonly startedAt: string;
  readonly durationMs: number;
  /** Worker threads used (0: one after another in the calling thread). */
  readonly workers: number;
  readonly selection: { readonly only?: string; readonly allCases: boolean; readonly bail?: boolean };
  readonly asOf: string;
  readonly profiles: Readonly<Partial<Record<ProfileName, (typeof DATASET_PROFILES)[ProfileName]>>>;
  readonly summary: SelftestSummary;
  /** The suite against every variant (src/selftest/variants.ts), when they ran. */
  readonly variants?: VariantReport;
  readonly correct: readonly CorrectRun[];
  readonly mutants: readonly MutantRow[];
  readonly cases: readonly CaseRow[];
}

export interface MatrixInput {
  readonly mutants: readonly Mutant[];
  readonly cases: readonly CaseDef[];
  readonly outcomes: readonly JobOutcome[];
}

function correctRun(outcome: JobOutcome): CorrectRun {
  return {
    profile: outcome.profile,
    casesRun: outcome.verdicts.length,
    failures: outcome.verdicts
      .filter((v) => v.status !== "passed")
      .map((v) => ({
        case: v.id,
        status: v.status,
        checks: v.failedChecks,
        ...(v.message ? { message: v.message } : {}),
      })),
    warnings: outcome.verdicts.flatMap((v) => (v.warnings ?? []).map((w) => `${v.id}: ${w}`)),
    ...(outcome.error ? { error: outcome.error } : {}),
    durationMs: outcome.durationMs,
  };
}

/**
 * The kill matrix. A mutant is killed by a case that failed against it and passed against the correct
 * server on the same dataset; a case not run against a mutant, or one the correct server fails, kills
 * nothing. A mutant no case kills survived; one whose server or run broke is an error.
 */
export function buildMatrix(input: MatrixInput): Pick<SelftestReport, "summary" | "correct" | "mutants" | "cases"> {
  const byKey = new Map(input.outcomes.map((o) => [o.key, o]));
  const passedOnCorrect = new Map<ProfileName, Set<string>>();
  const correct: CorrectRun[] = [];
  for (const o of input.outcomes) {
    if (o.mutant) continue;
    correct.push(correctRun(o));
    passedOnCorrect.set(o.profile, new Set(o.verdicts.filter((v) => v.status === "passed").map((v) => v.id)));
  }

  const kills = new Map<string, string[]>();
  const ranAgainst = new Map<string, number>();
  const mutants = input.mutants.map((m): MutantRow => {
    const outcome = byKey.get(m.id);
    const base = { id: m.id, clause: m.clause, area: m.area, description: m.description };
    if (!outcome)
      return { ...base, profile: "small", status: "error", casesRun: 0, killedBy: [], error: "not run", durationMs: 0 };
    const baseline = passedOnCorrect.get(outcome.profile) ?? new Set<string>();
    outcome.verdicts.forEach((v) => ranAgainst.set(v.id, (ranAgainst.get(v.id) ?? 0) + 1));
    const killedBy = outcome.verdicts
      .filter((v: CaseVerdict) => v.status === "failed" && baseline.has(v.id))
      .map((v) => ({ case: v.id, checks: v.failedChecks }));
    killedBy.forEach((k) => kills.set(k.case, [...(kills.get(k.case) ?? []), m.id]));
    const status: MutantStatus = outcome.error ? "error" : killedBy.length ? "killed" : "survived";
    return {
      ...base,
      profile: outcome.profile,
      status,
      casesRun: outcome.verdicts.length,
      killedBy,
      ...(outcome.error ? { error: outcome.error } : {}),
      durationMs: outcome.durationMs,
    };
  });

  const cases = input.cases.map((c): CaseRow => ({
    id: c.id,
    area: c.area,
    ranAgainst: ranAgainst.get(c.id) ?? 0,
    kills: kills.get(c.id) ?? [],
  }));
  const count = (s: MutantStatus) => mutants.filter((m) => m.status === s).length;
  const correctFailures = correct.reduce((n, r) => n + r.failures.length + (r.error ? 1 : 0), 0);
  const summary: SelftestSummary = {
    mutants: mutants.length,
    killed: count("killed"),
    survived: count("survived"),
    errors: count("error"),
    cases: cases.length,
    killingCases: cases.filter((c) => c.kills.length > 0).length,
    correctFailures,
    exitCode:
      count("killed") === mutants.length && correctFailures === 0 && correct.some((r) => r.profile === "small") ? 0 : 1,
  };
  return { summary, correct, mutants, cases };
}
