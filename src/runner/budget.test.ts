import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Budget, countResolvable, worstCaseCredits } from "./budget.js";
import { Unknown } from "./template.js";
import { lint } from "../linter/index.js";
import { anyBody } from "../validity/arbitrary.js";

const ctx = { bogus: new Set(["bogus-1", "bogus-2"]), versionCost: 1 };

describe("worst-case Credits of one request (§8)", () => {
  it("prices a search by its page cap", () => {
    expect(worstCaseCredits("queryPeople", { size: 30 }, "primary", ctx)).toBe(2);
    expect(worstCaseCredits("queryJobs", {}, "primary", ctx)).toBe(4); // size omitted: 100
    expect(worstCaseCredits("queryPeople", { size: 0 }, "primary", ctx)).toBe(400); // an invalid size may be ignored
    expect(worstCaseCredits("queryPeople", { size: 10001 }, "primary", ctx)).toBe(401);
    expect(worstCaseCredits("queryPeople", { size: 10000 }, "primary", { ...ctx, idsBound: 0 })).toBe(0);
    expect(worstCaseCredits("searchPeople", { text: "x", size: 30 }, "primary", ctx)).toBe(7);
  });

  it("prices a detail call by the IDs that could resolve", () => {
    expect(worstCaseCredits("getProfiles", { profile_ids: ["a", "b", "bogus-1", "bogus-2"] }, "primary", ctx)).toBe(1);
    expect(worstCaseCredits("getJobs", { job_ids: ["bogus-1"] }, "primary", ctx)).toBe(0);
    expect(worstCaseCredits("getCompanies", { company_ids: new Unknown("list", 11) }, "primary", ctx)).toBe(3);
    expect(countResolvable([new Unknown("list", 4), "x", "bogus-2", new Unknown("value", 1)], ctx.bogus)).toBe(6);
  });

  it("charges nothing to the run for requests without one of its keys; reserves for /version", () => {
    expect(worstCaseCredits("queryPeople", { size: 100 }, "none", ctx)).toBe(0);
    expect(worstCaseCredits("queryPeople", { size: 100 }, "unknown", ctx)).toBe(0);
    expect(worstCaseCredits("queryPeople", { size: 100 }, "malformed", ctx)).toBe(4);
    expect(worstCaseCredits("getVersion", undefined, "primary", ctx)).toBe(1);
    expect(worstCaseCredits("getKeyStatus", undefined, "primary", ctx)).toBe(0);
  });
});

describe("the plan and the cost rule price alike (src/contract/worst-case.ts)", () => {
  it("gives every body the cost rule prices the Credits the plan reserves for it", () => {
    let priced = 0;
    fc.assert(
      fc.property(anyBody, ([route, body]) => {
        const cost = lint(JSON.stringify(body), { route }).find((d) => d.ruleId === "cost");
        if (!cost) return;
        priced++;
        const plan = worstCaseCredits(route, body, "primary", { bogus: new Set(), versionCost: 0 });
        expect(Number.parseInt(String(cost.data.credits), 10)).toBe(plan);
      }),
      { numRuns: 2000, seed: 1 },
    );
    expect(priced).toBeGreaterThan(1000);
  });
});

describe("Budget", () => {
  it("reserves worst cases, refuses what does not fit, and books actual costs", () => {
    const b = new Budget(10);
    expect(b.reserve(6)).toBe(true);
    expect(b.reserve(5)).toBe(false);
    expect(b.remaining).toBe(4);
    b.settle(6, 2);
    expect(b.spent).toBe(2);
    expect(b.remaining).toBe(8);
    expect(b.reserve(8)).toBe(true);
  });

  it("catches up with a balance that shows more spent than was booked", () => {
    const b = new Budget(10);
    b.settle(0, 2);
    b.sync(7);
    expect(b.spent).toBe(7);
    b.sync(5);
    expect(b.spent).toBe(7);
    expect(b.reserve(4)).toBe(false);
  });

  it("counts what its steps were booked at once another client was seen spending on the key", () => {
    const b = new Budget(10);
    b.settle(0, 2);
    b.sync(9);
    expect(b.followsBalance).toBe(true);
    b.ignoreBalance();
    expect(b.followsBalance).toBe(false);
    expect(b.spent).toBe(2);
    b.sync(10);
    expect(b.spent).toBe(2);
    b.settle(3, 3);
    expect(b.spent).toBe(5);
    expect(b.reserve(5)).toBe(true);
  });
});
