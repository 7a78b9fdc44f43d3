import type { QueryNode } from "./semantics/judge.js";

/** What one narrowing probe learnt: a search of the candidate query, a page of `size` IDs. */
export interface ProbeResult {
  readonly refused: boolean;
  readonly ids: readonly string[];
  readonly hasNext: boolean;
  readonly total: unknown;
}

export interface NarrowingOptions<P extends ProbeResult = ProbeResult> {
  /**
   * Per sampled record, the leaves built from its own values, most telling first. The query is an `any` over the
   * records of an `all` of each record's leaves kept so far; each round adds every record's next leaf.
   */
  readonly candidates: readonly (readonly QueryNode[])[];
  /** Conditions every query keeps (ANDed with the records' `any`). */
  readonly base?: readonly QueryNode[];
  /** The page size of each probe: the set is small enough when one page of it holds the whole set. */
  readonly size: number;
  /** Sends a probe. Refusals are free (§7), so a refused leaf is simply left out. */
  readonly search: (where: QueryNode, size: number) => Promise<P>;
  /**
   * Whether a probe shows a set small enough (default: no `next`, or a page short of `size`, so the page holds the
   * whole set, §4.3: "page until next is absent"). People may use their exact `total` instead (§4.3: exact below
   * 100000).
   */
  readonly smallEnough?: (probe: P) => boolean;
}

export interface Narrowed<P extends ProbeResult = ProbeResult> {
  /** The query whose set is small enough, or undefined when no query built from the records' values got there. */
  readonly where?: QueryNode;
  /** The last probe of that query. */
  readonly probe?: P;
  /** How many probes were sent. */
  readonly probes: number;
  /** Why no small set was reached (for the step's "not run" line). */
  readonly reason?: string;
}

/**
 * The most probes a narrowing sends when no record has more than `leaves` leaves: one a round, then, with several
 * records, one for each record alone.
 */
export function maxProbes(leaves: number, records: number): number {
  return leaves + (records > 1 ? records : 0);
}

function queryOf(base: readonly QueryNode[], kept: readonly (readonly QueryNode[])[]): QueryNode {
  const perRecord = kept
    .filter((leaves) => leaves.length > 0)
    .map((leaves) => (leaves.length === 1 ? leaves[0]! : { all: [...leaves] }));
  const records = perRecord.length === 1 ? perRecord[0]! : { any: perRecord };
  return base.length ? { all: [...base, records] } : records;
}

/**
 * Narrows a query to a set small enough to collect whole, with conditions taken from sampled records' own values,
 * so that a case finds the set it needs on any data (docs/design.md "Conditions of a real deployment"), instead of
 * paging a broad one. Round k queries `any` over the records of `all` of each record's first leaves kept so far;
 * a leaf the deployment refuses, or one that leaves nothing to page (the records' own value did not find them), is
 * left out. When every leaf is in and the set is still too large, each record alone is tried. Every probe is
 * one page of `size` IDs, so the narrowing costs at most `maxProbes(leaves per record, records)` such pages.
 */
export async function narrowSet<P extends ProbeResult>(options: NarrowingOptions<P>): Promise<Narrowed<P>> {
  const { candidates, size, search } = options;
  const base = options.base ?? [];
  // A page short of `size` ends the set as surely as a missing next (pages are full while more remain, §4.3): a
  // deployment that also sends next there is judged by the paging that follows, not left unnarrowed.
  const smallEnough = options.smallEnough ?? ((p: P) => !p.hasNext || p.ids.length < size);
  const kept: QueryNode[][] = candidates.map(() => []);
  const rounds = Math.max(0, ...candidates.map((c) => c.length));
  let probes = 0;
  let best: { where: QueryNode; probe: P } | undefined;
  for (let round = 0; round < rounds; round++) {
    const trial = kept.map((leaves, r) => {
      const leaf = candidates[r]![round];
      return leaf === undefined ? leaves : [...leaves, leaf];
    });
    if (trial.every((leaves, r) => leaves.length === kept[r]!.length)) continue;
    const where = queryOf(base, trial);
    const probe = await search(where, size);
    probes++;
    if (probe.refused || probe.ids.length === 0) continue;
    trial.forEach((leaves, r) => (kept[r] = leaves));
    best = { where, probe };
    if (smallEnough(probe)) return { where, probe, probes };
  }
  const alone = kept.filter((k) => k.length > 0);
  if (best && alone.length > 1)
    for (const leaves of alone) {
      const where = queryOf(base, [leaves]);
      const probe = await search(where, size);
      probes++;
      if (!probe.refused && probe.ids.length > 0 && smallEnough(probe)) return { where, probe, probes };
    }
  return {
    probes,
    reason: best
      ? `more than ${size} records share every value sampled from the records ` +
        `(${JSON.stringify(best.where).slice(0, 160)})`
      : "no query built from the sampled records' own values found them",
  };
}

/**
 * A record's own values as `eq` leaves, one per field that holds a single string, number or boolean (lists, objects,
 * nulls and empty strings give none), in the order the fields are given.
 */
export function ownValueLeaves(record: unknown, fields: readonly string[]): QueryNode[] {
  if (!record || typeof record !== "object" || Array.isArray(record)) return [];
  const r = record as Record<string, unknown>;
  return fields.flatMap((field) => {
    const value = r[field];
    const scalar =
      (typeof value === "string" && value !== "") ||
      (typeof value === "number" && Number.isFinite(value)) ||
      typeof value === "boolean";
    return scalar ? [{ field, eq: value }] : [];
  });
}
