import { describe, expect, it } from "vitest";
import type { Exchange } from "./exchange.js";
import { Implementation } from "./implementation.js";
import { Observed } from "./observed.js";
import { keyStateOf } from "./key-state.js";

function status(data: unknown): Exchange {
  const request = { method: "GET", path: "/auth/key/status", url: "http://x/auth/key/status", headers: {} };
  const json = { code: 200, msg: "ok", data };
  return { request: { ...request, auth: "primary" }, status: 200, json, bodyText: JSON.stringify(json), durationMs: 1 };
}

const stateOf = (data: unknown) => keyStateOf(status(data), new Implementation({}, new Observed()));

describe("keyStateOf: what key status says of the tester's key", () => {
  it("an active key with its balance and its scopes, listed or written as one text", () => {
    const base = { active: true, remaining_credits: 40, rate_limit: { requests: 10, per_seconds: 1 } };
    expect(stateOf({ ...base, scopes: ["people:read", "jobs:read"] })).toEqual({
      kind: "active",
      remaining: 40,
      scopes: ["people:read", "jobs:read"],
    });
    expect(stateOf({ ...base, scopes: "people:read jobs:read" })).toMatchObject({
      scopes: ["people:read", "jobs:read"],
    });
    expect(stateOf({ ...base, scopes: "people:read, jobs:read" })).toMatchObject({
      scopes: ["people:read", "jobs:read"],
    });
  });

  it("no scopes where key status shows none, or shows them as something other than names", () => {
    expect(stateOf({ active: true, remaining_credits: 40 })).toEqual({ kind: "active", remaining: 40 });
    expect(stateOf({ active: true, remaining_credits: 40, scopes: [1, 2] })).toEqual({ kind: "active", remaining: 40 });
  });
});
