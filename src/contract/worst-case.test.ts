import { describe, expect, it } from "vitest";
import { worstCase, worstCaseCredits } from "./worst-case.js";

describe("the worst-case pricer (§8), shared by the plan, the cost rule and the gateway", () => {
  it("prices a search at its size, the default when left out and the largest page when not valid", () => {
    expect(worstCaseCredits("queryPeople", { size: 30 })).toBe(2);
    expect(worstCaseCredits("queryJobs", {})).toBe(4);
    expect(worstCaseCredits("queryCompanies", { size: "25" })).toBe(400);
    expect(worstCaseCredits("queryPeople", { size: 2.5 })).toBe(400);
    expect(worstCaseCredits("queryPeople", { size: 20000 })).toBe(800);
  });

  it("says where a search's page comes from and how many IDs it priced", () => {
    expect(worstCase("queryPeople", { size: 0 })).toEqual({ credits: 400, ids: 10000, page: "largest" });
    expect(worstCase("queryJobs", {})).toEqual({ credits: 4, ids: 100, page: "default" });
    expect(worstCase("searchPeople", { size: 30 }, { idsBound: 20 })).toEqual({ credits: 6, ids: 20, page: "size" });
    expect(worstCase("getJobs", { job_ids: ["a", 1, null] })).toEqual({ credits: 1, ids: 3 });
  });

  it("adds the natural-language base, and never prices more IDs than a known bound", () => {
    expect(worstCaseCredits("searchPeople", { text: "engineers" })).toBe(9);
    expect(worstCaseCredits("searchPeople", { text: "engineers", size: 1 }, { idsBound: 0 })).toBe(5);
    expect(worstCaseCredits("queryPeople", { size: 1000 }, { idsBound: 60 })).toBe(3);
  });

  it("prices a detail call by the IDs that could resolve: every item unless the caller knows better", () => {
    expect(worstCaseCredits("getProfiles", { profile_ids: ["a", "b", "c", "d", "e", "f"] })).toBe(2);
    expect(worstCaseCredits("getJobs", { job_ids: "not a list" })).toBe(0);
    expect(worstCaseCredits("getCompanies", { company_ids: ["a", "b", "c"] }, { resolvable: () => 11 })).toBe(3);
  });

  it("prices GET /version at what the caller assumes (not shown in §8) and key status at nothing", () => {
    expect(worstCaseCredits("getVersion", undefined)).toBe(0);
    expect(worstCaseCredits("getVersion", undefined, { versionCost: 2 })).toBe(2);
    expect(worstCaseCredits("getKeyStatus", undefined)).toBe(0);
  });
});
