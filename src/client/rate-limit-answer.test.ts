import { describe, expect, it } from "vitest";
import { bodySaysRateLimited, envelopeSaysRateLimited, rpcErrorSaysRateLimited } from "./rate-limit-answer.js";

describe("a rate-limit refusal told by its body", () => {
  it("is a failure envelope of code 429, or one whose message says rate limit", () => {
    expect(envelopeSaysRateLimited({ code: 429, msg: "slow down" })).toBe(true);
    expect(envelopeSaysRateLimited({ code: "429", msg: "x" })).toBe(true);
    expect(envelopeSaysRateLimited({ code: 1015, msg: "Rate limit exceeded" })).toBe(true);
    expect(envelopeSaysRateLimited({ code: 40029, message: "Too Many Requests" })).toBe(true);
    expect(envelopeSaysRateLimited({ code: 400, msg: "size: expected at most 10000" })).toBe(false);
  });

  it("is never a success, whatever its data holds", () => {
    expect(envelopeSaysRateLimited({ code: 200, msg: "rate limit", data: {} })).toBe(false);
    expect(envelopeSaysRateLimited({ code: "200", msg: "too many requests" })).toBe(false);
    expect(envelopeSaysRateLimited(undefined)).toBe(false);
    expect(envelopeSaysRateLimited([{ code: 429 }])).toBe(false);
  });

  it("is a JSON-RPC error of code 429, or whose message or data says rate limit", () => {
    expect(rpcErrorSaysRateLimited({ code: -32000, message: "Rate limit exceeded: retry after 1 s" })).toBe(true);
    expect(rpcErrorSaysRateLimited({ code: 429, message: "slow down" })).toBe(true);
    expect(rpcErrorSaysRateLimited({ code: -32000, message: "busy", data: { reason: "rate_limit" } })).toBe(true);
    expect(rpcErrorSaysRateLimited({ code: -32602, message: "Invalid params: size" })).toBe(false);
  });

  it("is read from a short body only, envelope or JSON-RPC", () => {
    expect(bodySaysRateLimited('{"code":1015,"msg":"Rate limit exceeded"}')).toBe(true);
    expect(bodySaysRateLimited('{"jsonrpc":"2.0","id":1,"error":{"code":-32000,"message":"Too many requests"}}')).toBe(
      true,
    );
    expect(bodySaysRateLimited('{"code":400,"msg":"bad"}')).toBe(false);
    expect(bodySaysRateLimited("<html>rate limit</html>")).toBe(false);
    expect(bodySaysRateLimited(undefined)).toBe(false);
    const long = JSON.stringify({ code: 429, msg: "rate limit", data: "x".repeat(5000) });
    expect(bodySaysRateLimited(long)).toBe(false);
  });
});
