import { describe, expect, it } from "vitest";
import { BALANCE_SHAPE, COUNT_SHAPE, keyStatus, stableKeyStatus } from "./key-status.js";
import { versionInfo } from "./version-info.js";
import { context, ok } from "./testing/context.js";

const status = {
  active: true,
  scopes: ["people"],
  rate_limit: { requests: 10, per_seconds: 1 },
  remaining_credits: 50,
};

describe("key-status (§4.5)", () => {
  it("finds the four members and records them as observed, the balance as its kind (it changes every run)", () => {
    const ctx = context("getKeyStatus", [ok(status)]);
    expect([keyStatus.run(ctx, {})].flat()[0]!.status).toBe("pass");
    expect(ctx.run.observed.get("key_status.key")).toEqual({
      active: true,
      scopes: ["people"],
      rate_limit: { requests: 10, per_seconds: 1 },
      remaining: BALANCE_SHAPE,
    });
  });

  it("keeps a key status body for observed with the balance and the other counts replaced by their kind", () => {
    const body = { data: { active: true, used: 7, usage: { remaining: 812 }, rate: { requests: 10, per: 1 } } };
    expect(stableKeyStatus(body, { remaining: "/data/usage/remaining", rateLimit: "/data/rate" })).toEqual({
      active: true,
      used: COUNT_SHAPE,
      usage: { remaining: BALANCE_SHAPE },
      rate: { requests: 10, per: 1 },
    });
    expect(body.data.usage.remaining).toBe(812);
  });

  it("names the member it cannot find and how to pin it", () => {
    const { scopes: _, ...withoutScopes } = status;
    const out = [keyStatus.run(context("getKeyStatus", [ok(withoutScopes)]), {})].flat();
    expect(out.map((o) => o.message)).toEqual([
      expect.stringMatching(/no scopes member the runner can find; pin it with implementation.key_status.scopes/),
    ]);
  });

  it("uses pinned pointers", () => {
    const ctx = context("getKeyStatus", [ok({ ...status, remaining_credits: undefined, wallet: { left: 3 } })], {
      pinned: { keyStatus: { remaining: "/data/wallet/left" } },
    });
    expect([keyStatus.run(ctx, {})].flat()[0]!.status).toBe("pass");
  });

  it("reads a null remaining quota beside a count of Credits used as a key without a quota: a reading", () => {
    const unmetered = { ...status, remaining_credits: null, used_credits: 229 };
    expect([keyStatus.run(context("getKeyStatus", [ok(unmetered)]), {})].flat()[0]).toMatchObject({
      status: "fail",
      clause: "s8-rate-limit-quota-not-shown",
      message: "remaining quota is null beside 229 Credits used: read as a key without a quota",
    });
    const { used_credits: _, ...nothingUsed } = unmetered;
    expect([keyStatus.run(context("getKeyStatus", [ok(nothingUsed)]), {})].flat()[0]).toMatchObject({
      message: "remaining quota is not a number",
    });
  });

  it("with exhausted, wants a success with nothing remaining", () => {
    expect(
      [
        keyStatus.run(context("getKeyStatus", [ok({ ...status, remaining_credits: 0 })]), { exhausted: true }),
      ].flat()[0]!.status,
    ).toBe("pass");
    expect([keyStatus.run(context("getKeyStatus", [ok(status)]), { exhausted: true })].flat()[0]!.message).toMatch(
      /not exhausted: 50 remaining/,
    );
  });

  it("with inactive, wants a success that reports the key not active, in whichever form it says so", () => {
    const run = (body: unknown) => [keyStatus.run(context("getKeyStatus", [body]), { inactive: true })].flat();
    const { active: _, ...rest } = status;
    for (const form of [{ active: false }, { status: "inactive" }, { status: "disabled" }])
      expect(
        run(ok({ ...rest, ...form })).map((o) => o.status),
        JSON.stringify(form),
      ).toEqual(["pass"]);
    for (const form of [{ active: true }, { status: "active" }, { status: "enabled" }])
      expect(run(ok({ ...rest, ...form })), JSON.stringify(form)).toEqual([
        expect.objectContaining({
          status: "fail",
          message: "key status reports the configured inactive key as active",
        }),
      ]);
    expect(run({ code: 403, msg: "the API key is inactive", data: null })).toEqual([
      expect.objectContaining({
        status: "fail",
        message: "key status refused the inactive key instead of reporting that it is not active",
      }),
    ]);
  });

  it("records the inactive key's answer nowhere, and holds the tester's own key to active", () => {
    const ctx = context("getKeyStatus", [ok({ ...status, active: false })]);
    expect([keyStatus.run(ctx, { inactive: true })].flat()[0]!.status).toBe("pass");
    expect(ctx.run.observed.get("key_status.key")).toBeUndefined();
    expect([keyStatus.run(context("getKeyStatus", [ok({ ...status, active: false })]), {})].flat()[0]!.message).toBe(
      "key status does not report the key as active",
    );
  });
});

describe("version-info (§4.5, §9)", () => {
  const body = ok({ version: "2.1.0", fingerprint: "sha256:abc" });
  it("finds version and fingerprint, and compares with an earlier call", () => {
    expect([versionInfo.run(context("getVersion", [body]), { previous: body })].flat()[0]!.status).toBe("pass");
    const changed = [
      versionInfo.run(context("getVersion", [body]), { previous: ok({ version: "2.1.0", fingerprint: "sha256:old" }) }),
    ].flat();
    expect(changed[0]!.message).toMatch(/changed between two calls/);
  });

  it("reports a fingerprint other than the pinned one as drift", () => {
    const out = [versionInfo.run(context("getVersion", [body], { fingerprint: "sha256:pinned" }), {})].flat();
    expect(out).toEqual([
      {
        status: "drift",
        message: expect.stringMatching(/differs from the pinned/),
        expected: "sha256:pinned",
        actual: "sha256:abc",
      },
    ]);
  });
});
