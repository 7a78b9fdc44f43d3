import { describe, expect, it } from "vitest";
import type { Exchange } from "./exchange.js";
import { envelope } from "./envelope.js";
import { refused } from "./refused.js";
import { context } from "./testing/context.js";

/** A tool call answered with a JSON-RPC error, as the mcp_call step records it. */
function jsonRpcError(code: number): Exchange {
  const base = context("queryPeople", [{}]).exchanges[0]!;
  const { status: _status, json: _json, headers: _headers, ...mcp } = base;
  return {
    ...mcp,
    rpcError: { code, message: "size must be 1..10000" },
    bodyText: JSON.stringify({ error: { code, message: "size must be 1..10000" } }),
    jsonError: `a JSON-RPC error ${code} (size must be 1..10000), not a tool result`,
  };
}

function judged(check: typeof refused | typeof envelope, exchange: Exchange) {
  const ctx = { ...context("queryPeople", []), exchanges: [exchange] };
  return [check.run(ctx, {})].flat();
}

describe("refused, over MCP", () => {
  it("takes a JSON-RPC error of any code as the refusal, and a success as none", () => {
    for (const code of [-32602, -32603, -32000])
      expect(judged(refused, jsonRpcError(code)).map((o) => o.status)).toEqual(["pass"]);
    const served = context("queryPeople", [{ code: 200, msg: "ok", data: { profile_ids: [] } }]).exchanges[0]!;
    expect(judged(refused, { ...served, status: undefined })[0]).toMatchObject({
      status: "fail",
      message: "the request was served, not refused",
    });
  });
});

describe("envelope, over MCP", () => {
  it("fails a call that must succeed when a JSON-RPC error answers it", () => {
    expect(judged(envelope, jsonRpcError(-32602))[0]).toMatchObject({
      status: "fail",
      message: "answered with a JSON-RPC error -32602 (size must be 1..10000), not a tool result",
    });
  });
});
