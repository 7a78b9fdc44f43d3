import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { provenCount, totalsDisagree, type Counted } from "./totals.js";

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
    expect(totalsDisagree(answer("Q", 12, 25), [capped(answer("p", 9, 1)), answer("not p", 3, 1)])).toMatch(
      /p: total is "100000\+" but it is a part of Q, which counts 12/,
    );
    // The whole says 100000+ while its exact parts add up to 60000.
    expect(
      totalsDisagree(capped(answer("Q", 60_000, 1)), [answer("p", 40_000, 1), answer("not p", 20_000, 1)]),
    ).toMatch(/sum 60000, below 100000/);
    // A page without next that holds 3 IDs under a total of 100000+.
    expect(totalsDisagree(capped(answer("Q", 3, 25)), [])).toMatch(/holds all 3 matches/);
  });

  it("fail an exact whole that differs from the sum of its exact parts, or that should be 100000+", () => {
    expect(totalsDisagree(answer("Q", 50, 1), [answer("p", 20, 1), answer("not p", 31, 1)])).toMatch(/sum 51/);
    expect(
      totalsDisagree({ ...answer("Q", 120_000, 1), total: 99_999 }, [
        answer("p", 60_000, 1),
        answer("not p", 60_000, 1),
      ]),
    ).toMatch(/total is 99999 but its disjoint parts count/);
  });

  it("leave undecided what cannot be proven: parts at the cap under a whole at the cap", () => {
    expect(totalsDisagree(answer("Q", 150_000, 1), [answer("p", 120_000, 1), answer("not p", 30_000, 1)])).toBe(
      undefined,
    );
  });
});
