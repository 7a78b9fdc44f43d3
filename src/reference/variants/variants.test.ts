import { describe, expect, it } from "vitest";
import { loadContract } from "../../contract/index.js";
import { PENDING_VARIANTS, VARIANTS, WITHOUT_VARIANT, findVariant } from "./index.js";

const clauses = [...loadContract().clauses.values()];
const readings = clauses.filter((c) => c.kind === "implementation-defined" || c.kind === "ambiguous");

describe("variants of the reference server", () => {
  it("are at least 25, with unique ids and a description", () => {
    expect(VARIANTS.length).toBeGreaterThanOrEqual(25);
    expect(new Set(VARIANTS.map((v) => v.id)).size).toBe(VARIANTS.length);
    for (const v of VARIANTS) expect(v.description.length, v.id).toBeGreaterThan(20);
  });

  it("keep a variant either held by selftest or pending, never both", () => {
    const both = PENDING_VARIANTS.filter((p) => VARIANTS.some((v) => v.id === p.id)).map((p) => p.id);
    expect(both).toEqual([]);
  });

  it("hold the measured Credits to a balance that settles late (src/runner/settle.ts)", () => {
    expect(VARIANTS.map((v) => v.id)).toContain("credits-balance-settles-late");
    expect(PENDING_VARIANTS.map((v) => v.id)).not.toContain("credits-balance-settles-late");
    expect(findVariant("credits-balance-settles-late")?.faults.stages?.map((s) => s.stage)).toEqual(["key"]);
  });

  it(
    "each name an implementation-defined or ambiguous " + "clause (a variant never makes a must choice differently)",
    () => {
      const bad = VARIANTS.filter((v) => !readings.some((c) => c.id === v.clause)).map((v) => `${v.id}: ${v.clause}`);
      expect(bad).toEqual([]);
    },
  );

  it("cover every implementation-defined and ambiguous clause, or a line says why none exists", () => {
    const uncovered = readings
      .filter((c) => !VARIANTS.some((v) => v.clause === c.id) && !WITHOUT_VARIANT[c.id]?.trim())
      .map((c) => c.id);
    expect(uncovered).toEqual([]);
  });

  it("list no clause as without a variant that has one, or that is not a reading", () => {
    const stale = Object.keys(WITHOUT_VARIANT).filter(
      (id) => VARIANTS.some((v) => v.clause === id) || !readings.some((c) => c.id === id),
    );
    expect(stale).toEqual([]);
  });
});
