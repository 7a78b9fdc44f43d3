import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ARITY_POSITIONS,
  compositeAt,
  MAGNITUDE_CONTRADICTIONS,
  formOf,
  numericBounds,
  numericContradictions,
  shapeAt,
  type BoundForm,
} from "./shapes.js";

const A = { field: "city", eq: "Lyon" };
const filler = (i: number) => ({ field: "city", eq: `nobody-${i}` });

describe("composite shapes", () => {
  it("span every arity from 1 to 4 with the condition at every child position", () => {
    expect(ARITY_POSITIONS).toHaveLength(10);
    const seen = new Set<string>();
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: 1000 }), (k) => {
        const { arity, position } = shapeAt(k);
        expect(position).toBeLessThan(arity);
        seen.add(`${arity}:${position}`);
      }),
      { numRuns: 300 },
    );
    expect(seen.size).toBe(10);
    // Any ten successive draws reach every shape.
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), (start) => {
        const shapes = new Set(Array.from({ length: 10 }, (_, i) => JSON.stringify(shapeAt(start + i))));
        expect(shapes.size).toBe(10);
      }),
    );
  });

  it("put the condition at its position and distinct fillers elsewhere", () => {
    fc.assert(
      fc.property(fc.constantFrom(...ARITY_POSITIONS), fc.constantFrom("all" as const, "any" as const), (s, kind) => {
        const node = compositeAt(kind, s.arity, s.position, A, filler);
        const children = node[kind] as unknown[];
        expect(children).toHaveLength(s.arity);
        expect(children[s.position]).toEqual(A);
        expect(children.filter((c) => c === A)).toHaveLength(1);
        expect(new Set(children.map((c) => JSON.stringify(c))).size).toBe(s.arity);
        expect(formOf(node)).toBe(kind);
      }),
    );
  });

  it("names every node form a not is put over", () => {
    expect([A, { any: [A] }, { all: [A] }, { not: A }, { has_language: A }].map(formOf)).toEqual([
      "leaf",
      "any",
      "all",
      "not",
      "scope",
    ]);
  });
});

describe("numeric bounds across magnitudes", () => {
  const holds = (v: number, op: "gte" | "lte", bound: number) => (op === "gte" ? v >= bound : v <= bound);
  const asText = (v: number, op: "gte" | "lte", bound: number) =>
    op === "gte" ? String(v) >= String(bound) : String(v) <= String(bound);

  it("are all satisfied by the value, and reach every form: equal, fewer and more digits, between two values", () => {
    const forms = new Set<BoundForm>();
    fc.assert(
      fc.property(fc.nat({ max: 10 ** 9 }), fc.array(fc.nat({ max: 10 ** 9 }), { maxLength: 3 }), (v, others) => {
        const bounds = numericBounds(v, others);
        for (const b of bounds) {
          expect(holds(v, b.op, b.bound), `${v} ${b.op} ${b.bound}`).toBe(true);
          forms.add(b.form);
        }
        expect(bounds.some((b) => b.form === "more-digits" && String(b.bound).length > String(v).length)).toBe(true);
        if (v >= 10)
          expect(bounds.some((b) => b.form === "fewer-digits" && String(b.bound).length < String(v).length)).toBe(true);
        if (others.some((w) => Math.abs(w - v) > 1)) expect(bounds.some((b) => b.form === "between")).toBe(true);
      }),
      { numRuns: 500 },
    );
    expect([...forms].sort()).toEqual(["between", "equal", "fewer-digits", "more-digits"]);
  });

  it("hold a bound that orders otherwise as decimal strings, for every integer from 2", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 10 ** 12 }), (v) => {
        expect(numericBounds(v).some((b) => asText(v, b.op, b.bound) !== holds(v, b.op, b.bound))).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it("pair bounds no value meets together, one of which a comparison of decimal strings meets", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 12 }), fc.nat({ max: 10 ** 13 }), (v, x) => {
        for (const c of numericContradictions(v)) expect(x >= c.gte && x <= c.lte).toBe(false);
      }),
    );
    // A value of v's own magnitude meets a pair when compared as text: v itself for the more-digits one (d > 1 or
    // v > 1), and for the fewer-digits one.
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 10 ** 12 }), (v) => {
        expect(
          numericContradictions(v).some((c) => asText(v, "gte", c.gte) && asText(v, "lte", c.lte)),
          String(v),
        ).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it("pair bounds no number meets on any data, which every value from 2 to 99998 meets as text", () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true }), (x) => {
        for (const c of MAGNITUDE_CONTRADICTIONS) expect(x >= c.gte && x <= c.lte).toBe(false);
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 99_998 }), (x) => {
        expect(MAGNITUDE_CONTRADICTIONS.some((c) => asText(x, "gte", c.gte) && asText(x, "lte", c.lte))).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});
