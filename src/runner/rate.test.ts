import { describe, expect, it } from "vitest";
import { requestsPerSecond } from "./rate.js";

describe("requestsPerSecond", () => {
  it("reads a count and a window, or a unit in a member name", () => {
    expect(requestsPerSecond({ requests: 120, per_seconds: 60 })).toBe(2);
    expect(requestsPerSecond({ limit: 10, window: 1 })).toBe(10);
    expect(requestsPerSecond({ per_minute: 30 })).toBe(0.5);
    expect(requestsPerSecond(600, "rate_limit_per_minute")).toBe(10);
    expect(requestsPerSecond(5, "rps")).toBe(5);
  });

  it("reads a window named in words beside the count", () => {
    expect(requestsPerSecond({ requests: 6000, unit: "minute" })).toBe(100);
    expect(requestsPerSecond({ limit: 100, window: "10s" })).toBe(10);
    expect(requestsPerSecond({ rate: 7200, per: "1 hour" })).toBe(2);
    expect(requestsPerSecond({ requests: 30, interval: "0.5 sec" })).toBe(60);
    expect(requestsPerSecond({ requests: 30, unit: "fortnight" })).toBeUndefined();
    expect(requestsPerSecond({ requests: 30, unit: "0 s" })).toBeUndefined();
  });

  it("gives up on forms it does not understand", () => {
    expect(requestsPerSecond(100, "rate_limit")).toBeUndefined();
    expect(requestsPerSecond({ tier: "gold" })).toBeUndefined();
    expect(requestsPerSecond("60/min")).toBeUndefined();
    expect(requestsPerSecond({ requests: 0, per_seconds: 60 })).toBeUndefined();
  });
});
