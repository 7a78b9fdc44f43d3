import { describe, expect, it } from "vitest";
import { envelope } from "./envelope.js";
import { idsOnly } from "./ids-only.js";
import { context, ok } from "./testing/context.js";

const judge = (body: unknown, status = 200) => {
  const ctx = context("queryPeople", [body]);
  const exchanges = ctx.exchanges.map((e) => ({ ...e, status }));
  return [envelope.run({ ...ctx, exchanges }, {})].flat()[0]!;
};

describe("envelope (§1, §4)", () => {
  it("passes the success envelope", () => {
    expect(judge(ok({ profile_ids: [] })).status).toBe("pass");
  });

  it("names the envelope clauses for a 2xx answer outside the envelope, and shows a string code as one", () => {
    expect(judge({ code: "200", msg: "ok", data: {} })).toMatchObject({
      status: "fail",
      message: 'not a success envelope: code is "200"',
      clause: ["s4-envelope-code-200-msg-ok", "s1-envelope-every-success"],
      exchange: 0,
    });
    expect(judge({ code: 200, msg: "OK", data: {} }).message).toBe('not a success envelope: msg is "OK"');
    expect(judge({ code: 200, msg: "ok" })).toMatchObject({ clause: ["s1-envelope-every-success"] });
  });

  it("names none for a refusal where a success was expected: what broke is the case's own assertion", () => {
    const refused = judge({ code: 400, msg: "unknown field", data: null }, 400);
    expect(refused).toMatchObject({ status: "fail", message: expect.stringMatching(/HTTP status 400/) });
    expect(refused.clause).toBeUndefined();
  });

  it("makes the checks of a success name the envelope clauses when a 2xx answer is outside the envelope", () => {
    const ids = (body: unknown, status = 200) => {
      const ctx = context("queryPeople", [body]);
      return [idsOnly.run({ ...ctx, exchanges: ctx.exchanges.map((e) => ({ ...e, status })) }, {})].flat()[0]!;
    };
    expect(ids({ code: "200", msg: "ok", data: { profile_ids: [] } })).toMatchObject({
      status: "fail",
      clause: ["s4-envelope-code-200-msg-ok", "s1-envelope-every-success"],
    });
    expect(ids({ code: 400, msg: "refused", data: null }, 400).clause).toBeUndefined();
  });
});
