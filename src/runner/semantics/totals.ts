/**
 * What people totals (§4.3: "an exact integer below 100000 and the string `100000+` at or above 100000. It counts
 * matches, not returned IDs") must say of sets whose size the suite can prove: a first page without `next` holds the
 * whole set, so its IDs count it; disjoint parts whose totals are exact add up to their union; a part never counts
 * more than the whole.
 */

/** One people search of a partition: its total and its first page. */
export interface Counted {
  readonly name: string;
  readonly total: unknown;
  readonly ids: readonly string[];
  readonly hasNext: boolean;
}

/** The cap §4.3 puts on an exact total. */
const CAP = 100_000;

const exact = (t: unknown): t is number => typeof t === "number" && Number.isInteger(t) && t >= 0;

/** The size of a set the suite can stand behind: its IDs when one page holds it whole, else an exact total. */
export function provenCount(r: Counted): number | undefined {
  if (!r.hasNext) return r.ids.length;
  return exact(r.total) ? r.total : undefined;
}

/** How the totals of a whole set and of its parts disagree with what can be proven of them. */
export interface Disagreement {
  /** What disagrees, for the failure's message. */
  readonly why: string;
  /**
   * The search whose own page, without a next, contradicts its total: a fault of the total alone
   * (s4-3-total-counts-matches), whatever the query means.
   */
  readonly ownPage?: string;
  /**
   * The searches whose counts rest on their totals alone (a page with next): the disagreement lies in one of these
   * totals or in what the parts' queries mean (s4-2-not-negates, ...), and none other can be wrong. Empty when every
   * count is proven by a page held whole.
   */
  readonly onTotals: readonly string[];
}

/**
 * Whether the totals of a whole set and of its disjoint parts (which cover it) agree with what can be proven of them;
 * undefined when they do, else how not. Totals in no form a count can be compared with are left to the people-query
 * cases (undefined).
 */
export function totalsDisagree(whole: Counted, parts: readonly Counted[]): Disagreement | undefined {
  for (const r of [whole, ...parts])
    if (!r.hasNext && r.total !== r.ids.length && (exact(r.total) || r.total === "100000+"))
      return {
        why:
          `${r.name}: total is ${JSON.stringify(r.total)} but its page, without a next, holds all ` +
          `${r.ids.length} matches`,
        ownPage: r.name,
        onTotals: [],
      };
  const onTotals = (...rs: readonly Counted[]) => rs.filter((r) => r.hasNext).map((r) => r.name);
  const w = provenCount(whole);
  if (w !== undefined && w < CAP)
    for (const p of parts)
      if (p.total === "100000+")
        return {
          why: `${p.name}: total is "100000+" but it is a part of ${whole.name}, which counts ${w}`,
          onTotals: onTotals(whole, p),
        };
  const counts = parts.map(provenCount);
  if (counts.some((c) => c === undefined)) return undefined;
  const sum = (counts as number[]).reduce((s, c) => s + c, 0);
  const terms = parts.map((p, i) => `${p.name} = ${counts[i]}`).join(", ");
  if (whole.total === "100000+" && sum < CAP)
    return {
      why: `${whole.name}: total is "100000+" but its disjoint parts count ${terms} (sum ${sum}, below 100000)`,
      onTotals: onTotals(whole, ...parts),
    };
  if (exact(whole.total) && whole.total !== (sum < CAP ? sum : NaN))
    return {
      why: `${whole.name}: total is ${whole.total} but its disjoint parts count ${terms} (sum ${sum})`,
      onTotals: onTotals(whole, ...parts),
    };
  return undefined;
}

/** One search's answer at one page size. */
export interface Sized extends Counted {
  readonly size: number;
}

/** A total shown wrong by the same search asked with another page size: why, and what was expected of it. */
export interface TotalFault {
  readonly why: string;
  readonly expected: unknown;
  readonly actual: unknown;
}

/**
 * What the same search asked again with another page size proves of its first total: wrong when the second page,
 * without a next, holds all its matches and they are not that many, or when both totals are exact and differ (the
 * matches of one query do not depend on the page size); undefined when nothing is proven wrong.
 */
export function totalAcrossSizes(first: Sized, again: Sized): TotalFault | undefined {
  const asked = `${first.name}, asked again with a page of ${again.size},`;
  const was = `where its total on a page of ${first.size} was ${JSON.stringify(first.total)}`;
  if (!again.hasNext)
    return first.total === again.ids.length
      ? undefined
      : {
          why: `${asked} has no next and holds all ${again.ids.length} of its matches, ${was}`,
          expected: again.ids.length,
          actual: first.total,
        };
  if (!exact(first.total) || !exact(again.total) || first.total === again.total) return undefined;
  return {
    why: `${asked} has a total of ${again.total}, ${was}: the matches of one query do not depend on the page size`,
    expected: "one total whatever the page size",
    actual: { [`page of ${first.size}`]: first.total, [`page of ${again.size}`]: again.total },
  };
}
