import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { provenCount, totalAcrossSizes, totalsDisagree, type Counted } from "./totals.js";

const ids = (n: number) => Array.from({ length: n }, (_, i) => `id${i}`);
/** A set of `n` matches, searched with a page of `size`, as a correct deployment answers it. */
function answer(name: string, n: number, size: number): Counted {
  return { name, total: n < 100_000 ? n : "100000+", ids: ids(Math.min(n, size)), hasNext: n > size };
}

describe("people totals against counts the suite proves", () => {
  it("agree on any correct answer: a whole split into disjoint parts, on both sides of the 100000+ cap", () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat({ max: 80_000 }), { minLength: 1, maxLength: 3 }),
        fc.constantFrom(1, 25),
        (counts, size) => {
          const sum = counts.reduce((s, c) => s + c, 0);
          const parts = counts.map((c, i) => answer(`part ${i}`, c, 1));
          expect(totalsDisagree(answer("Q", sum, size), parts)).toBeUndefined();
        },
      ),
    );
  });

  it("prove a count by a page without next, else by an exact total", () => {
    expect(provenCount(answer("Q", 7, 25))).toBe(7);
    expect(provenCount(answer("Q", 70, 25))).toBe(70);
    expect(provenCount(answer("Q", 170_000, 25))).toBeUndefined();
  });

  it('fail "100000+" for a set whose page holds it whole, or whose disjoint parts count fewer', () => {
    const capped = (r: Counted): Counted => ({ ...r, total: "100000+" });
    // A part that says 100000+ while the whole, held on one page, counts 12.
    expect(totalsDisagree(answer("Q", 12, 25), [capped(answer("p", 9, 1)), answer("not p", 3, 1)])?.why).toMatch(
      /p: total is "100000\+" but it is a part of Q, which counts 12/,
    );
    // The whole says 100000+ while its exact parts add up to 60000.
    expect(
      totalsDisagree(capped(answer("Q", 60_000, 1)), [answer("p", 40_000, 1), answer("not p", 20_000, 1)])?.why,
    ).toMatch(/sum 60000, below 100000/);
    // A page without next that holds 3 IDs under a total of 100000+.
    expect(totalsDisagree(capped(answer("Q", 3, 25)), [])?.why).toMatch(/holds all 3 matches/);
  });

  it("fail an exact whole that differs from the sum of its exact parts, or that should be 100000+", () => {
    expect(totalsDisagree(answer("Q", 50, 1), [answer("p", 20, 1), answer("not p", 31, 1)])?.why).toMatch(/sum 51/);
    expect(
      totalsDisagree({ ...answer("Q", 120_000, 1), total: 99_999 }, [
        answer("p", 60_000, 1),
        answer("not p", 60_000, 1),
      ])?.why,
    ).toMatch(/total is 99999 but its disjoint parts count/);
  });

  it("leave undecided what cannot be proven: parts at the cap under a whole at the cap", () => {
    expect(totalsDisagree(answer("Q", 150_000, 1), [answer("p", 120_000, 1), answer("not p", 30_000, 1)])).toBe(
      undefined,
    );
  });

  it("tell a total its own page contradicts from a disagreement in the totals with a next or in the queries", () => {
    // A page without next holding 3 IDs under a total of 4: the total alone is wrong.
    expect(totalsDisagree({ ...answer("Q", 3, 25), total: 4 }, [])).toMatchObject({ ownPage: "Q", onTotals: [] });
    // Parts of 1 ID a page, whose totals count the page: only those with a next can be the wrong ones.
    const page = (r: Counted): Counted => ({ ...r, total: r.ids.length });
    expect(
      totalsDisagree(answer("Q", 13, 25), [page(answer("p", 9, 1)), page(answer("not p", 4, 1)), answer("none", 0, 1)]),
    ).toEqual({
      why: "Q: total is 13 but its disjoint parts count p = 1, not p = 1, none = 0 (sum 2)",
      onTotals: ["p", "not p"],
    });
    // Every count proven by a page held whole: the disagreement lies in the queries alone.
    expect(totalsDisagree(answer("Q", 13, 25), [answer("p", 9, 25), answer("not p", 3, 25)])?.onTotals).toEqual([]);
  });

  it("prove a total wrong by the same search with another page size, and leave alone totals that agree", () => {
    const sized = (r: Counted, size: number) => ({ ...r, size });
    // A correct deployment: the same set of 40 at pages of 1 and 25, or of 13 held whole by a page of 25.
    expect(totalAcrossSizes(sized(answer("p", 40, 1), 1), sized(answer("p", 40, 25), 25))).toBeUndefined();
    expect(totalAcrossSizes(sized(answer("p", 13, 1), 1), sized(answer("p", 13, 25), 25))).toBeUndefined();
    // Totals that count the page: 1 on a page of 1, while a page of 25 holds all 13 matches, or counts 25 of 40.
    const page = (r: Counted): Counted => ({ ...r, total: r.ids.length });
    expect(totalAcrossSizes(sized(page(answer("p", 13, 1)), 1), sized(page(answer("p", 13, 25)), 25))).toMatchObject({
      expected: 13,
      actual: 1,
    });
    expect(totalAcrossSizes(sized(page(answer("Q", 40, 25)), 25), sized(page(answer("Q", 40, 1)), 1))).toEqual({
      why:
        "Q, asked again with a page of 1, has a total of 1, where its total on a page of 25 was 25: the matches of " +
        "one query do not depend on the page size",
      expected: "one total whatever the page size",
      actual: { "page of 25": 25, "page of 1": 1 },
    });
  });
});
