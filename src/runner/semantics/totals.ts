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

/**
 * Whether the totals of a whole set and of its disjoint parts (which cover it) agree with what can be proven of them;
 * undefined when they do, else why not. Totals in no form a count can be compared with are left to the people-query
 * cases (undefined).
 */
export function totalsDisagree(whole: Counted, parts: readonly Counted[]): string | undefined {
  for (const r of [whole, ...parts])
    if (!r.hasNext && r.total !== r.ids.length && (exact(r.total) || r.total === "100000+"))
      return (
        `${r.name}: total is ${JSON.stringify(r.total)} but its page, without a next, holds all ` +
        `${r.ids.length} matches`
      );
  const w = provenCount(whole);
  if (w !== undefined && w < CAP)
    for (const p of parts)
      if (p.total === "100000+")
        return `${p.name}: total is "100000+" but it is a part of ${whole.name}, which counts ${w}`;
  const counts = parts.map(provenCount);
  if (counts.some((c) => c === undefined)) return undefined;
  const sum = (counts as number[]).reduce((s, c) => s + c, 0);
  const terms = parts.map((p, i) => `${p.name} = ${counts[i]}`).join(", ");
  if (whole.total === "100000+" && sum < CAP)
    return `${whole.name}: total is "100000+" but its disjoint parts count ${terms} (sum ${sum}, below 100000)`;
  if (exact(whole.total) && whole.total !== (sum < CAP ? sum : NaN))
    return `${whole.name}: total is ${whole.total} but its disjoint parts count ${terms} (sum ${sum})`;
  return undefined;
}
