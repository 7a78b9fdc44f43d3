import { describe, expect, it } from "vitest";
import { parseQueryDate, resolveQueryDate } from "./dates.js";

describe("Query Spec dates (§4.2 rule 3)", () => {
  it("accepts real calendar days and refuses impossible ones", () => {
    expect(parseQueryDate("2024-02-29")).toMatchObject({ kind: "absolute", year: 2024, month: 2, day: 29 });
    expect(parseQueryDate("2025-02-29")).toBeNull();
    expect(parseQueryDate("2025-02-30")).toBeNull();
    expect(parseQueryDate("2025-13-01")).toBeNull();
    expect(parseQueryDate("2025-1-01")).toBeNull();
    expect(parseQueryDate(20250101)).toBeNull();
  });
  it("parses relative offsets and marks units beyond d and m as not shown", () => {
    expect(parseQueryDate("now-30d")).toEqual({ kind: "relative", amount: 30, unit: "d", knownUnit: true });
    expect(parseQueryDate("now-6m")).toEqual({ kind: "relative", amount: 6, unit: "m", knownUnit: true });
    expect(parseQueryDate("now-1y")).toEqual({ kind: "relative", amount: 1, unit: "y", knownUnit: false });
    expect(parseQueryDate("now+3d")).toBeNull();
    expect(parseQueryDate("now")).toBeNull();
  });
  it("resolves offsets against a given day", () => {
    const now = new Date("2026-03-31T12:00:00Z");
    expect(resolveQueryDate(parseQueryDate("now-30d")!, now)).toBe("2026-03-01");
    expect(resolveQueryDate(parseQueryDate("now-1m")!, now)).toBe("2026-02-28");
    expect(resolveQueryDate(parseQueryDate("now-13m")!, new Date("2024-03-31T00:00:00Z"))).toBe("2023-02-28");
    expect(resolveQueryDate(parseQueryDate("now-1m")!, new Date("2024-03-31T00:00:00Z"))).toBe("2024-02-29");
    expect(resolveQueryDate(parseQueryDate("now-2m")!, new Date("2026-01-15T00:00:00Z"))).toBe("2025-11-15");
    expect(resolveQueryDate(parseQueryDate("2020-01-05")!, now)).toBe("2020-01-05");
  });
});
