import { describe, expect, it } from "vitest";
import { loadContract } from "../contract/index.js";
import { MISSPELLINGS, type Misspelling } from "./testing/misspellings.js";
import { distanceWithin, suggestionList } from "./suggest.js";

/** The textbook full-table optimal string alignment distance, to check the rolling-row one against. */
function referenceDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

/**
 * The policy of suggestionList written plainly: the closest names within a quarter of the length, or the one word
 * extension.
 */
function referenceList(input: string, options: readonly string[]): string[] {
  const threshold = Math.max(1, Math.floor(input.length / 4));
  const scored = options
    .map(
      (o) =>
        [
          o,
          o === input
            ? 0
            : o.toLowerCase() === input.toLowerCase()
              ? 1
              : referenceDistance(input.toLowerCase(), o.toLowerCase()),
        ] as const,
    )
    .filter(([, d]) => d <= threshold);
  const best = Math.min(...scored.map(([, d]) => d));
  const closest = scored
    .filter(([, d]) => d === best)
    .map(([o]) => o)
    .sort((a, b) => a.localeCompare(b));
  const lower = input.toLowerCase();
  const words = options.filter((o) => {
    const [short, long] = lower.length < o.length ? [lower, o.toLowerCase()] : [o.toLowerCase(), lower];
    return short.length >= 4 && short !== long && (long.startsWith(short) || long.endsWith(`_${short}`));
  });
  return words.length === 1 && (closest.length === 0 || best >= 2) ? words : closest;
}

describe("suggestionList", () => {
  const fields = [...loadContract().datasets.people.fields.keys()];

  it("suggests only the closest names, a case change costing one edit", () => {
    expect(suggestionList("skill", fields)).toEqual(["skills"]);
    expect(suggestionList("Title", fields)).toEqual(["title"]);
    expect(suggestionList("compnay_name", fields)).toEqual(["company_name"]);
    expect(suggestionList("citty", fields)).toEqual(["city"]);
    expect(suggestionList("titel", fields)).toEqual(["title"]);
    expect(suggestionList("zzzzzz", fields)).toEqual([]);
  });

  it("suggests a name the input is a whole part of, when only one is", () => {
    expect(suggestionList("ended", fields)).toEqual(["ended_at"]);
    expect(suggestionList("job_title", fields)).toEqual(["title"]);
    expect(suggestionList("institution", fields)).toEqual([]); // institution_name or institution_ranking
  });

  it("is precise and finds what was meant on realistic misspellings (src/lint/testing/misspellings.ts)", () => {
    const c = loadContract();
    const lists: Record<Misspelling["among"], readonly string[]> = {
      people: fields,
      jobs: [...c.datasets.jobs.fields.keys()],
      companies: [...c.datasets.companies.fields.keys()],
      management_level: c.datasets.people.fields.get("management_level")!.values!,
      language_proficiency: c.datasets.people.fields.get("language_proficiency")!.values!,
      active_department: c.datasets.people.fields.get("active_department")!.values!,
      industry: c.datasets.people.fields.get("industry")!.values!,
    };
    let given = 0;
    let right = 0;
    let meant = 0;
    let found = 0;
    for (const m of MISSPELLINGS) {
      const list = suggestionList(m.input, lists[m.among]).slice(0, 3);
      given += list.length;
      right += list.filter((s) => s === m.expected).length;
      if (m.expected !== null) {
        meant++;
        if (list.includes(m.expected)) found++;
      }
    }
    const precision = right / given;
    const recall = found / meant;
    console.log(
      `suggestions on ${MISSPELLINGS.length} misspellings: precision ${precision.toFixed(3)}, ` +
        `recall ${recall.toFixed(3)}`,
    );
    expect(MISSPELLINGS.length).toBeGreaterThanOrEqual(100);
    expect(precision).toBeGreaterThanOrEqual(0.95);
    expect(recall).toBeGreaterThanOrEqual(0.95);
  });

  it("measures the distance between any two strings within a threshold, as the full table does", () => {
    const words = ["engineering", "ngineerin", "manager", "manger", "mangaer", "analyst", "anlayst", "a", "", "data"];
    for (const a of words)
      for (const b of words)
        for (const threshold of [0, 1, 2]) {
          const d = referenceDistance(a, b);
          expect(distanceWithin(a, b, threshold), `${a} ${b} ${threshold}`).toBe(d <= threshold ? d : undefined);
        }
  });

  it("agrees with the full-table distance on many near misses", () => {
    let seed = 20251121;
    const random = (): number => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 4294967296;
    const letters = "abcdefghijklmnopqrstuvwxyz_";
    for (let k = 0; k < 400; k++) {
      let input = fields[Math.floor(random() * fields.length)]!;
      for (let e = Math.floor(random() * 4); e > 0; e--) {
        const i = Math.floor(random() * (input.length + 1));
        const r = random();
        const ch = letters[Math.floor(random() * letters.length)]!;
        if (r < 0.3) input = input.slice(0, i) + ch + input.slice(i);
        else if (r < 0.6) input = input.slice(0, i) + input.slice(i + 1);
        else if (r < 0.8)
          input = input.slice(0, i) + input.slice(i + 1, i + 2) + input.slice(i, i + 1) + input.slice(i + 2);
        else input = input.toUpperCase();
      }
      expect(suggestionList(input, fields), input).toEqual(referenceList(input, fields));
    }
  });
});
