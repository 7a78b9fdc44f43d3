import { loadContract, type Clause } from "../contract/index.js";

/**
 * What a check outcome that is not a pass means for its case (docs/verdicts.md): a failure only where it rests
 * on a `must` clause of spec/clauses.yaml; a warning where it rests on the project's reading of an `ambiguous`
 * or `implementation-defined` clause (or on a `lint` clause alone, which states a rule of queries, not of
 * servers). Under `strict`, a warning is a failure too, labelled as a reading.
 */
type VerdictKind = "failure" | "warning";

/** The clause an outcome rests on, as reports quote it. */
export interface RestingClause {
  readonly id: string;
  readonly kind: Clause["kind"];
  /** The clause's verbatim passages of the specification, an ellipsis between those that stand apart. */
  readonly quote: string;
  /** The project's reading, for an ambiguous or implementation-defined clause. */
  readonly reading?: string;
}

export interface Verdict {
  readonly kind: VerdictKind;
  readonly clause: RestingClause;
}

const READING_KINDS: ReadonlySet<string> = new Set(["ambiguous", "implementation-defined"]);

function resting(c: Clause): RestingClause {
  return { id: c.id, kind: c.kind, quote: c.quote, ...(c.reading ? { reading: c.reading } : {}) };
}

/** Clause ids from a `clause` member: one id or a list (templates already resolved); anything else is none. */
export function clauseIds(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === "string");
  return [];
}

/**
 * The clause a non-passing outcome rests on, and so its verdict. `named` is the most specific list that was
 * given (the outcome's own, else the check call's, else the step's, else the check's default); `caseClauses`
 * are the case's citations, used when nothing was named.
 *
 * - A named list holding a reading clause rests on that reading: a reading anywhere in the chain of reasons
 *   makes the outcome a reading (a rule may cite a `must` clause for context and still rest on a reading).
 * - Otherwise the first `must` clause named (or, when nothing was named, the first `must` clause among those the
 *   failure shows `broken`, src/checks/failed-clauses.ts, else the case's first `must` clause).
 * - Otherwise (only `lint` clauses, or a case citing no `must` clause) a warning on the first clause there is.
 */
export function verdictOf(
  named: readonly string[] | undefined,
  caseClauses: readonly string[],
  broken: readonly string[] = [],
): Verdict {
  const clauses = loadContract().clauses;
  const known = (ids: readonly string[]) =>
    ids.map((id) => clauses.get(id)).filter((c): c is Clause => c !== undefined);
  const given = named && named.length ? known(named) : [];
  if (given.length) {
    const reading = given.find((c) => READING_KINDS.has(c.kind));
    if (reading) return { kind: "warning", clause: resting(reading) };
    const must = given.find((c) => c.kind === "must");
    if (must) return { kind: "failure", clause: resting(must) };
    return { kind: "warning", clause: resting(given[0]!) };
  }
  const cited = known(caseClauses);
  const must = known(broken).find((c) => c.kind === "must") ?? cited.find((c) => c.kind === "must");
  if (must) return { kind: "failure", clause: resting(must) };
  const first = cited.find((c) => READING_KINDS.has(c.kind)) ?? cited[0];
  if (first) return { kind: "warning", clause: resting(first) };
  return {
    kind: "warning",
    clause: { id: "(none)", kind: "implementation-defined", quote: "the case cites no clause" },
  };
}
