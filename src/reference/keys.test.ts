import { describe, expect, it } from "vitest";
import { KeyAccount, KeyRing, parseKeySpecs } from "./keys.js";
import { Refusal } from "./refusal.js";

describe("parseKeySpecs (--keys file)", () => {
  it("accepts a list or an object with a keys list", () => {
    expect(parseKeySpecs([{ key: "svc_abcdefgh" }], "f")).toEqual([{ key: "svc_abcdefgh" }]);
    expect(
      parseKeySpecs(
        {
          keys: [
            {
              key: "svc_abcdefgh",
              credits: 5,
              active: false,
              scopes: ["jobs:read"],
              rateLimit: { requests: 2, perSeconds: 1 },
            },
          ],
        },
        "f",
      ),
    ).toHaveLength(1);
  });

  it("names the entry and member of each mistake", () => {
    const cases: [unknown, RegExp][] = [
      [[], /expected a non-empty list/],
      [{ keys: "x" }, /expected a non-empty list/],
      [["svc_abcdefgh"], /f: keys\[0\]: must be an object/],
      [[{ key: "abcdefgh" }], /keys\[0\]\.key: must be .* beginning with svc_/],
      [[{ key: "svc_abcdefgh" }, { key: "svc_abcdefgh" }], /keys\[1\]\.key: the same key is listed twice/],
      [[{ key: "svc_abcdefgh", credits: -1 }], /keys\[0\]\.credits: must be a non-negative integer/],
      [[{ key: "svc_abcdefgh", active: "no" }], /keys\[0\]\.active/],
      [[{ key: "svc_abcdefgh", scopes: ["admin"] }], /unknown scope "admin"/],
      [[{ key: "svc_abcdefgh", rateLimit: { requests: 0, perSeconds: 1 } }], /keys\[0\]\.rateLimit/],
      [[{ key: "svc_abcdefgh", colour: "red" }], /unknown member "colour"/],
    ];
    for (const [value, message] of cases) expect(() => parseKeySpecs(value, "f")).toThrow(message);
  });
});

describe("KeyAccount", () => {
  it("keeps an exact ledger and refuses what the balance cannot cover, at no cost", () => {
    const account = new KeyAccount({ key: "svc_x", credits: 10 }, { requests: 5, perSeconds: 1 }, 0);
    expect(account.charge(4)).toBe(true);
    expect(account.charge(7)).toBe(false);
    expect(account.charge(6)).toBe(true);
    expect(account.charge(1)).toBe(false);
    expect([account.remaining, account.used]).toEqual([0, 10]);
    expect(account.charge(0)).toBe(true);
  });

  it("throttles with a token bucket that refills evenly over its window", () => {
    const account = new KeyAccount({ key: "svc_x" }, { requests: 2, perSeconds: 10 }, 0);
    expect(account.take(0)).toBeUndefined();
    expect(account.take(0)).toBeUndefined();
    expect(account.take(0)).toBe(5);
    expect(account.take(4_000)).toBe(1);
    expect(account.take(5_000)).toBeUndefined();
  });
});

describe("KeyRing", () => {
  const ring = new KeyRing([{ key: "svc_known_key" }]);
  it("identifies a Bearer key and refuses anything else with 401", () => {
    expect(ring.identify("Bearer svc_known_key").spec.key).toBe("svc_known_key");
    expect(ring.identify("bearer   svc_known_key ").spec.key).toBe("svc_known_key");
    for (const header of [undefined, "", "svc_known_key", "Bearer", "Basic svc_known_key", "Bearer svc_other"]) {
      let error: unknown;
      try {
        ring.identify(header);
      } catch (e) {
        error = e;
      }
      expect(error, String(header)).toBeInstanceOf(Refusal);
      expect((error as Refusal).status).toBe(401);
      expect((error as Refusal).message).not.toContain("svc_");
    }
  });
});
