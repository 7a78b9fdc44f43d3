/**
 * "Did you mean" candidates, as graphql-js's suggestionList does it: the optimal string alignment
 * distance between the lower-cased words (a case change alone costs one edit), within a threshold
 * of 40% of the input's length, closest first.
 */
export function suggestionList(input: string, options: readonly string[]): string[] {
  // No name in the contract is this long; a hostile input must not cost a quadratic table.
  if (input.length > MAX_INPUT) return options.filter((o) => o.toLowerCase() === input.toLowerCase());
  const scored: [string, number][] = [];
  const threshold = Math.floor(input.length * 0.4) + 1;
  const lower = input.toLowerCase();
  for (const option of options) {
    const distance = option === input ? 0 : option.toLowerCase() === lower ? 1 : osaDistance(lower, option.toLowerCase(), threshold);
    if (distance !== undefined && distance <= threshold) scored.push([option, distance]);
  }
  return scored.sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0])).map(([o]) => o);
}

const MAX_INPUT = 100;

function osaDistance(a: string, b: string, threshold: number): number | undefined {
  if (Math.abs(a.length - b.length) > threshold) return undefined;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) rows.push([i]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    let best = Infinity;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = d;
      if (d < best) best = d;
    }
    if (best > threshold) return undefined;
  }
  return rows[a.length]![b.length];
}
