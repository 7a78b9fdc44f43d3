import type { CaseFailure, CaseResult } from "../runner/types.js";
import type { RestingClause } from "../runner/verdict.js";

/** One warning of a run: an outcome that rests on the project's reading of the specification, not on a `must`. */
export interface ReadingEntry {
  readonly case: string;
  readonly step: string;
  readonly check: string;
  readonly clause: string;
  readonly kind: string;
  /** The clause's sentence of the specification. */
  readonly quote: string;
  /** The reading the project took (spec/clauses.yaml). */
  readonly reading: string;
  /** What the deployment did, in the check's words, with what the reading expected and what came back. */
  readonly observed: string;
  readonly expected?: unknown;
  readonly actual?: unknown;
}

/** Every warning of the run, case by case, for the report's Readings section. */
export function readingsOf(cases: readonly CaseResult[]): ReadingEntry[] {
  return cases.flatMap((c) =>
    (c.warnings ?? []).map((w) => ({
      case: c.id,
      step: w.step,
      check: w.check,
      clause: w.clause?.id ?? "(none)",
      kind: w.clause?.kind ?? "implementation-defined",
      quote: w.clause?.quote ?? "",
      reading: w.clause?.reading ?? "the project reads this clause as the check does",
      observed: w.message,
      ...(w.expected !== undefined ? { expected: w.expected } : {}),
      ...(w.actual !== undefined ? { actual: w.actual } : {}),
    })),
  );
}

/** `s4-2-size-range (must): “…”`: the clause a verdict rests on, quoted, for every reporter. */
function clauseLine(clause: RestingClause | undefined): string {
  if (!clause) return "";
  const quote = clause.quote.length > 300 ? `${clause.quote.slice(0, 300)}…` : clause.quote;
  return `${clause.id} (${clause.kind}): “${quote}”`;
}

/**
 * What followed from a failure or warning in its step (src/runner/types.ts `consequences`), one line each, worded so
 * that no reader counts it as a failure of its own.
 */
export function consequenceLines(entry: CaseFailure): string[] {
  return (entry.consequences ?? []).map(
    (c) =>
      `as a consequence (not a failure of its own), ${c.check}: ${c.message}` +
      (c.expected !== undefined && c.actual !== undefined
        ? ` (expected ${JSON.stringify(c.expected)}, got ${JSON.stringify(c.actual)})`
        : ""),
  );
}

/** How a failure or warning names its clause: "breaks <clause>" for a failure, "reading of <clause>" otherwise. */
export function verdictLine(entry: CaseFailure, warning: boolean): string {
  if (!entry.clause) return "";
  return `${warning || entry.reading ? "reading of" : "breaks"} ${clauseLine(entry.clause)}`;
}
