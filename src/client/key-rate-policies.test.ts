import { describe, expect, it } from "vitest";
import { KeyRatePolicies } from "./key-rate-policies.js";
import { Patience } from "./rate-policy.js";

describe("KeyRatePolicies", () => {
  it("keeps one policy per key, told apart by the Authorization header in any letter case", () => {
    const rates = new KeyRatePolicies();
    const primary = rates.for("Bearer a");
    expect(rates.forHeaders({ Authorization: "Bearer a" })).toBe(primary);
    expect(rates.forHeaders({ authorization: "Bearer a" })).toBe(primary);
    expect(rates.for("Bearer b")).not.toBe(primary);
    expect(rates.forHeaders(undefined)).toBe(rates.for(undefined));
    expect(rates.for(undefined)).not.toBe(primary);
  });

  it("paces every key, held before and after, at the reported rate", () => {
    const rates = new KeyRatePolicies();
    const before = rates.for("Bearer a");
    rates.setRate(10);
    expect(before.intervalMs()).toBe(100);
    expect(rates.for("Bearer b").intervalMs()).toBe(100);
    rates.setRate(undefined);
    expect(before.intervalMs()).toBe(0);
  });

  it("holds only the key a 429 was answered to", async () => {
    const rates = new KeyRatePolicies();
    const limited = rates.for("Bearer exhausted");
    const sentAt = await limited.turn(new Patience(60_000));
    limited.refused("30", 0, new Patience(60_000), sentAt!);
    expect(await limited.turn(new Patience(1_000))).toBeUndefined();
    expect(await rates.for("Bearer primary").turn(new Patience(1_000))).toBeDefined();
  });
});
