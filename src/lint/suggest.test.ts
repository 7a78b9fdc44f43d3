import { describe, expect, it } from "vitest";
import { loadContract } from "../contract/index.js";
import { suggestionList } from "./suggest.js";

/** The textbook full-table optimal string alignment distance, to check the rolling-row one against. */
function referenceDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

function referenceList(input: string, options: readonly string[]): string[] {
  const threshold = Math.floor(input.length * 0.4) + 1;
  const scored = options
    .map((o) => [o, o === input ? 0 : o.toLowerCase() === input.toLowerCase() ? 1 : referenceDistance(input.toLowerCase(), o.toLowerCase())] as const)
    .filter(([, d]) => d <= threshold);
  return scored.sort((x, y) => x[1] - y[1] || x[0].localeCompare(y[0])).map(([o]) => o);
}

describe("suggestionList", () => {
  const fields = [...loadContract().datasets.people.fields.keys()];

  it("suggests the closest names first, a case change costing one edit", () => {
    expect(suggestionList("skill", fields)[0]).toBe("skills");
    expect(suggestionList("Title", fields)[0]).toBe("title");
    expect(suggestionList("compnay_name", fields)[0]).toBe("company_name");
    expect(suggestionList("zzzzzz", fields)).toEqual([]);
  });

  it("agrees with the full-table distance on many near misses", () => {
    let seed = 20251121;
    const random = (): number => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 4294967296);
    const letters = "abcdefghijklmnopqrstuvwxyz_";
    for (let k = 0; k < 400; k++) {
      let input = fields[Math.floor(random() * fields.length)]!;
      for (let e = Math.floor(random() * 4); e > 0; e--) {
        const i = Math.floor(random() * (input.length + 1));
        const r = random();
        const ch = letters[Math.floor(random() * letters.length)]!;
        if (r < 0.3) input = input.slice(0, i) + ch + input.slice(i);
        else if (r < 0.6) input = input.slice(0, i) + input.slice(i + 1);
        else if (r < 0.8) input = input.slice(0, i) + input.slice(i + 1, i + 2) + input.slice(i, i + 1) + input.slice(i + 2);
        else input = input.toUpperCase();
      }
      expect(suggestionList(input, fields)).toEqual(referenceList(input, fields));
    }
  });
});
