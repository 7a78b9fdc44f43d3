import { describe, expect, it } from "vitest";
import { detectIds, detectKeyStatus, detectRecords, detectVersion } from "./detect.js";
import { reportsActive } from "./key-state.js";

describe("auto-detection of members the spec does not name", () => {
  it("finds the remaining quota, active flag, scopes and rate limit of key status", () => {
    expect(
      detectKeyStatus({
        active: true,
        scopes: ["people"],
        rate_limit: { requests: 10, per_seconds: 60 },
        remaining_credits: 5,
        used_credits: 3,
      }),
    ).toEqual({
      remaining: "/data/remaining_credits",
      used: "/data/used_credits",
      active: "/data/active",
      scopes: "/data/scopes",
      rateLimit: "/data/rate_limit",
    });
    expect(
      detectKeyStatus({
        status: "active",
        quota: { limit: 1000, remaining: 10 },
        permissions: [],
        rateLimitPerMinute: 60,
      }),
    ).toEqual({
      remaining: "/data/quota/remaining",
      active: "/data/status",
      scopes: "/data/permissions",
      rateLimit: "/data/rateLimitPerMinute",
    });
    expect(detectKeyStatus({ scope: "people:read jobs:read" }).scopes).toBe("/data/scope");
    expect(detectKeyStatus({ scope_note: "read only", scopes: ["people:read"] }).scopes).toBe("/data/scopes");
    expect(detectKeyStatus({ balance: 7, credit_limit: 100 }).remaining).toBe("/data/balance");
    expect(detectKeyStatus({ limit: 10 })).toEqual({});
  });

  it("finds an active flag written 1 or 0, and no other number, as the active member", () => {
    // A store without a boolean type (variant auth-key-status-active-as-integer); reportsActive reads 1 as active.
    expect(detectKeyStatus({ active: 1, remaining_credits: 5 }).active).toBe("/data/active");
    expect(detectKeyStatus({ is_enabled: 0 }).active).toBe("/data/is_enabled");
    expect(detectKeyStatus({ active_sessions: 1 }).active).toBeUndefined();
    expect([1, 0, true, false, "ACTIVE", "revoked"].map(reportsActive)).toEqual([
      true,
      false,
      true,
      false,
      true,
      false,
    ]);
  });

  it("finds a remaining member that shows no quota, after one that shows a number, and the Credits used", () => {
    expect(detectKeyStatus({ remaining_credits: null, used_credits: 12 })).toEqual({
      remaining: "/data/remaining_credits",
      used: "/data/used_credits",
    });
    expect(detectKeyStatus({ quota: { remaining: "unlimited", spent: 4 } })).toEqual({
      remaining: "/data/quota/remaining",
      used: "/data/quota/spent",
    });
    expect(detectKeyStatus({ remaining_note: null, balance: 9 }).remaining).toBe("/data/balance");
    expect(detectKeyStatus({ note: null, used_limit: 5 })).toEqual({});
  });

  it("finds the Credits in a group of limits, and never a rate limit's remaining requests", () => {
    expect(
      detectKeyStatus({
        status: "active",
        scope: "people:read jobs:read",
        limits: { rate: { requests: 100, per_seconds: 1 }, credits: { remaining: 40, used: 2 } },
      }),
    ).toEqual({
      remaining: "/data/limits/credits/remaining",
      used: "/data/limits/credits/used",
      active: "/data/status",
      scopes: "/data/scope",
      rateLimit: "/data/limits/rate",
    });
    expect(detectKeyStatus({ rate_limit: { remaining: 99, used: 1 }, credits: { remaining: 7 } })).toMatchObject({
      remaining: "/data/credits/remaining",
    });
    expect(detectKeyStatus({ rate_limit: { remaining: 99, used: 1 } })).toEqual({ rateLimit: "/data/rate_limit" });
    expect(detectKeyStatus({ limit: { remaining: 3 } }).remaining).toBeUndefined();
  });

  it("finds the version and the fingerprint", () => {
    expect(detectVersion({ version: "1.2.3", contract_fingerprint: "sha256:x" })).toEqual({
      version: "/data/version",
      fingerprint: "/data/contract_fingerprint",
    });
    expect(detectVersion({ build: { release: "2025.1", hash: "abc" } })).toEqual({
      version: "/data/build/release",
      fingerprint: "/data/build/hash",
    });
  });

  it("finds the IDs of a search and the records of a detail response", () => {
    expect(detectIds({ total: 3, job_ids: ["a"], next: "n" })).toBe("/data/job_ids");
    expect(detectIds({ hits: ["a", "b"], facets: [] })).toBe("/data/hits");
    expect(detectIds(["a", "b"])).toBe("/data");
    expect(detectIds({ interpretation: { where: {} }, people: ["x"] }, ["profile_ids"])).toBe("/data/people");
    expect(detectRecords({ not_found: ["x"], results: [{ id: "a" }] })).toBe("/data/results");
    expect(detectRecords({ items: [] })).toBe("/data/items");
    expect(detectRecords({ jobs: [{ id: 1 }], not_found: [] })).toBe("/data/jobs");
  });
});
