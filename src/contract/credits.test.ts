import { describe, expect, it } from "vitest";
import { creditCost } from "./credits.js";

describe("creditCost (§8)", () => {
  it.each([
    [0, 0],
    [1, 1],
    [25, 1],
    [26, 2],
    [10000, 400],
  ])("a Query Spec search returning %i IDs costs %i", (ids, cost) => {
    for (const op of ["queryPeople", "queryJobs", "queryCompanies"] as const) expect(creditCost(op, ids)).toBe(cost);
  });

  it.each([
    [0, 5],
    [1, 6],
    [25, 6],
    [26, 7],
  ])("a natural-language search returning %i IDs costs %i (the 5 base is kept)", (ids, cost) => {
    expect(creditCost("searchPeople", ids)).toBe(cost);
  });

  it.each([
    [0, 0],
    [1, 1],
    [5, 1],
    [6, 2],
    [100, 20],
  ])("a detail request finding %i records costs %i", (found, cost) => {
    for (const op of ["getProfiles", "getJobs", "getCompanies"] as const) expect(creditCost(op, found)).toBe(cost);
  });

  it("key status is free and the cost of /version is not shown", () => {
    expect(creditCost("getKeyStatus", 0)).toBe(0);
    expect(creditCost("getVersion", 0)).toBeNull();
  });

  it("accepts a formula name as well as an operationId", () => {
    expect(creditCost("search", 26)).toBe(2);
    expect(creditCost("natural-language-search", 0)).toBe(5);
  });

  it("refuses a negative or fractional count and an unknown operation", () => {
    expect(() => creditCost("queryPeople", -1)).toThrow(RangeError);
    expect(() => creditCost("queryPeople", 1.5)).toThrow(RangeError);
    expect(() => creditCost("unlockContacts" as never, 1)).toThrow(/unknown operation/);
  });
});
