import { describe, expect, it } from "vitest";
import { classifyAnswer, isRefusal, isSuccess } from "./answer.js";
import type { Exchange } from "./exchange.js";

const request = {
  method: "POST",
  path: "/v1/people/query",
  url: "http://127.0.0.1/v1/people/query",
  headers: {},
  auth: "primary" as const,
};

function answer(status: number | undefined, body?: string, headers: Record<string, string> = {}): Exchange {
  let json: unknown;
  let jsonError: string | undefined;
  if (body !== undefined) {
    try {
      json = JSON.parse(body);
    } catch (error) {
      jsonError = `body is not JSON: ${(error as Error).message}`;
    }
  }
  return {
    request,
    ...(status !== undefined ? { status } : {}),
    headers,
    ...(body !== undefined ? { bodyText: body } : {}),
    ...(json !== undefined ? { json } : {}),
    ...(jsonError ? { jsonError } : {}),
    durationMs: 1,
  };
}

const kind = (e: Exchange, about?: "balance" | "rate") => classifyAnswer(e, about ? { about } : {}).kind;

describe("reading an answer", () => {
  it("a success is 2xx (or no HTTP layer) with {code: 200, msg: ok, data}", () => {
    expect(kind(answer(200, '{"code":200,"msg":"ok","data":null}'))).toBe("success");
    expect(kind(answer(undefined, '{"code":200,"msg":"ok","data":{}}'))).toBe("success");
    expect(isSuccess(answer(200, '{"code":200,"msg":"OK","data":{}}'))).toBe(false);
    expect(isSuccess(answer(200, '{"code":200,"msg":"ok"}'))).toBe(false);
  });

  it("a refusal is a 4xx other than 408 and 429, whatever its body", () => {
    for (const status of [400, 401, 402, 403, 404, 405, 409, 413, 415, 422, 451]) {
      for (const body of ['{"code":400,"msg":"bad","data":null}', "<h1>Bad Request</h1>", "", '{"error":"x"}'])
        expect(kind(answer(status, body)), `${status} ${body}`).toBe("refusal");
    }
    expect(kind(answer(400))).toBe("refusal");
  });

  it("a refusal is also an envelope whose code is a number other than 200, with a 2xx or no HTTP layer", () => {
    for (const code of [400, 401, 404, 40001, 1001, 0, -1, 201])
      expect(kind(answer(200, JSON.stringify({ code, msg: "no", data: null }))), String(code)).toBe("refusal");
    expect(kind(answer(undefined, '{"code":400,"msg":"unknown field"}'))).toBe("refusal");
  });

  it("a 5xx, 3xx, 1xx, 408, 429 or transport failure is neither", () => {
    for (const status of [500, 502, 503, 504, 599, 301, 302, 303, 307, 308, 304, 408, 429, 101, 600, 99]) {
      expect(kind(answer(status, `{"code":${status},"msg":"no","data":null}`)), String(status)).toBe("neither");
    }
    expect(kind({ ...answer(undefined), error: "connection reset" })).toBe("neither");
    expect(classifyAnswer(answer(503, "<h1>down</h1>"))).toEqual({
      kind: "neither",
      reason: expect.stringMatching(/^HTTP 503: the server failed the request \(RFC 9110 §15\.6\)/),
    });
    expect(classifyAnswer(answer(307, "", { location: "http://elsewhere/" }))).toEqual({
      kind: "neither",
      reason: expect.stringContaining("a redirect to http://elsewhere/ (not followed)"),
    });
  });

  it("a 2xx body that is not the envelope is neither", () => {
    for (const body of [
      "<!doctype html><p>hi</p>",
      "[1,2,3]",
      "null",
      '"ok"',
      "42",
      "true",
      '{"code": 200, "msg": "ok", "data": {',
      '{"msg":"failed"}',
      '{"code":"400","msg":"no"}',
      '{"code":null}',
      '{"code":[400]}',
      "",
    ]) {
      expect(kind(answer(200, body)), body).toBe("neither");
    }
    expect(classifyAnswer(answer(200, "[1,2,3]"))).toEqual({
      kind: "neither",
      reason: "HTTP 200: the body is an array, not the envelope {code, msg, data}",
    });
  });

  it("an envelope code of 5xx, 408 or 429 is neither, like the status", () => {
    for (const code of [500, 503, 408, 429])
      expect(kind(answer(200, JSON.stringify({ code, msg: "x", data: null }))), String(code)).toBe("neither");
    expect(kind(answer(undefined, '{"code":500,"msg":"internal"}'))).toBe("neither");
  });

  it("a refusal about the key's balance or rate may be a 429 too, never a 5xx", () => {
    for (const about of ["balance", "rate"] as const) {
      expect(isRefusal(answer(429, '{"code":429,"msg":"quota"}', { "retry-after": "60" }), { about })).toBe(true);
      expect(isRefusal(answer(200, '{"code":429,"msg":"quota"}'), { about })).toBe(true);
      expect(isRefusal(answer(402, ""), { about })).toBe(true);
      expect(isRefusal(answer(403, ""), { about })).toBe(true);
      expect(isRefusal(answer(500, '{"code":500}'), { about })).toBe(false);
      expect(isRefusal(answer(408, ""), { about })).toBe(false);
    }
    expect(isRefusal(answer(429, ""))).toBe(false);
  });

  describe("over MCP, where a refused call may come back in either form MCP allows", () => {
    const rpc = (code: number): Exchange => ({
      ...answer(undefined),
      rpcError: { code, message: "invalid params" },
      jsonError: `a JSON-RPC error ${code}`,
    });
    const toolResult = (body: string | undefined, isError: boolean): Exchange => ({
      ...answer(undefined, body),
      ...(isError ? { toolError: true } : {}),
    });

    it("a JSON-RPC error response of any code is a refusal, never a success", () => {
      for (const code of [-32602, -32603, -32600, -32000, 0, 1, 400]) {
        expect(classifyAnswer(rpc(code)), String(code)).toEqual({
          kind: "refusal",
          summary: `a JSON-RPC error ${code}`,
        });
        expect(isSuccess(rpc(code))).toBe(false);
        expect(isRefusal(rpc(code), { about: "balance" })).toBe(true);
      }
    });

    it("a tool result marked isError is a refusal with the envelope, with a plain message or with nothing", () => {
      expect(kind(toolResult('{"code":400,"msg":"unknown field","data":null}', true))).toBe("refusal");
      expect(kind(toolResult("size must be 1..10000", true))).toBe("refusal");
      expect(kind(toolResult(undefined, true))).toBe("refusal");
      expect(kind(toolResult('{"code":500,"msg":"internal","data":null}', true))).toBe("neither");
    });

    it("a tool call with no answer (a timeout, a closed connection) is neither, failing a refusal case", () => {
      const timedOut: Exchange = { ...answer(undefined), error: "MCP error -32001: Request timed out" };
      expect(classifyAnswer(timedOut)).toEqual({
        kind: "neither",
        reason: "no answer: MCP error -32001: Request timed out",
      });
    });
  });
});
