import { describe, expect, it } from "vitest";
import type { CheckContext } from "./check.js";
import { checkSameAnswer, checkSameAnswerReissued, mcpParity, mcpToolResult } from "./mcp-parity.js";
import { Observed } from "./observed.js";
import { loadContract } from "../contract/index.js";
import type { Exchange } from "./exchange.js";

describe("checkSameAnswer (s4-6-tool-per-route-same-rules)", () => {
  it("compares IDs as a set and records member by member", () => {
    expect(checkSameAnswer("ids", ["a", "b"], ["b", "a"]).status).toBe("pass");
    expect(checkSameAnswer("ids", ["a", "b"], ["a", "c"]).message).toBe(
      "the tool returned other IDs than REST (1 only via REST, 1 only via the tool, 2 vs 2 in all)",
    );
    expect(checkSameAnswer("ids", ["a", "a"], ["a"]).status).toBe("fail");
    expect(checkSameAnswer("records", [{ id: "a", x: 1 }], [{ id: "a", x: 1 }]).status).toBe("pass");
    expect(checkSameAnswer("records", [{ id: "a", x: 1 }], [{ id: "a", x: 2 }]).message).toBe(
      "the tool's records differ from REST's at /0/x of the 1 without a match",
    );
    expect(checkSameAnswer("records", [{ id: "a" }], undefined).message).toBe("the tool answer has no records list");
  });

  it("matches records in any order, each once (s4-4-results-order-not-shown)", () => {
    const a = { id: "a", x: 1 };
    const b = { id: "b", x: 2 };
    expect(checkSameAnswer("records", [a, b], [b, a]).status).toBe("pass");
    expect(checkSameAnswer("records", [a, a], [a, b]).message).toBe(
      "the tool's records differ from REST's at /0/id of the 1 without a match",
    );
    expect(checkSameAnswer("records", [a, b], [a]).message).toBe(
      "the tool's records differ from REST's (2 vs 1 records)",
    );
    expect(checkSameAnswer("records", [a, b], [{ ...b, x: 3 }, a]).message).toBe(
      "the tool's records differ from REST's at /0/x of the 1 without a match",
    );
  });
});

describe("checkSameAnswerReissued: REST answered the same request twice (s2-1-id-stability-not-shown)", () => {
  it("compares IDs by count where REST answered the same set with other strings", () => {
    const ok = checkSameAnswerReissued("ids", ["a", "b"], ["c", "d"], ["e", "f"]);
    expect(ok.outcome.status).toBe("pass");
    expect(ok.reissued).toBe("the same search answered twice by REST with 2 other ID strings");
    expect(checkSameAnswerReissued("ids", ["a", "b"], ["c", "d"], ["e"]).outcome.message).toMatch(
      /^the tool returned 1 IDs, REST 2 for the same set \(compared by count/,
    );
  });

  it("judges ID strings as checkSameAnswer does where REST answered the same strings twice", () => {
    const same = checkSameAnswerReissued("ids", ["a", "b"], ["a", "b"], ["a", "c"]);
    expect(same.outcome.message).toBe(checkSameAnswer("ids", ["a", "b"], ["a", "c"]).message);
    expect(same.reissued).toBeUndefined();
    expect(checkSameAnswerReissued("ids", ["a", "b"], ["b", "c"], ["d", "e"]).outcome.status).toBe("fail");
  });

  it("sets aside the ID members REST answered afresh in every record, and nothing else", () => {
    const rest1 = [{ profile_id: "p1", full_name: "Ada" }];
    const rest2 = [{ profile_id: "p2", full_name: "Ada" }];
    const ok = checkSameAnswerReissued("records", rest1, rest2, [{ profile_id: "p3", full_name: "Ada" }]);
    expect(ok.outcome.status).toBe("pass");
    expect(ok.reissued).toMatch(/^\/profile_id answered by REST with other strings/);
    const wrong = checkSameAnswerReissued("records", rest1, rest2, [{ profile_id: "p3", full_name: "Grace" }]);
    expect(wrong.outcome.status).toBe("fail");
    expect(wrong.reissued).toBeUndefined();
    expect(
      checkSameAnswerReissued("records", rest1, rest1, [{ profile_id: "p3", full_name: "Ada" }]).outcome.status,
    ).toBe("fail");
  });
});

describe("mcp-parity judged against REST asked before and after the tool (s1-snapshot-data-lag)", () => {
  const judge = (firstLook: unknown, rest: unknown[], tool: unknown[]) => {
    const observed = new Observed();
    const ctx = { exchanges: [], vars: {}, firstLook, run: { observed }, view: () => ({}) } as unknown as CheckContext;
    const outcome = mcpParity.run(ctx, { what: "records", rest, tool });
    return { outcome: [outcome].flat()[0]!, observed: observed.toJSON() };
  };
  const a = { id: "a", x: 1 };
  const b = { id: "b", x: 2 };

  it("fails a tool that differs from REST where REST answered alike twice: the data stayed still", () => {
    const { outcome, observed } = judge({ rest: [a, b] }, [a, b], [a, { ...b, x: 3 }]);
    expect(outcome.status).toBe("fail");
    expect(Object.keys(observed)).toEqual([]);
  });

  it("observes, never fails, a tool's answer where REST's two answers differ, explained by one change or not", () => {
    const once = judge({ rest: [a, b] }, [a, { ...b, x: 3 }], [a, { ...b, x: 4 }]);
    expect(once.outcome.status).toBe("pass");
    const twice = judge({ rest: [a, b] }, [a, { ...b, x: 3 }], [{ ...b, x: 3 }]);
    expect(twice.outcome).toMatchObject({
      status: "pass",
      message: expect.stringMatching(/^not judged: the tool left/),
    });
    expect(JSON.stringify(twice.observed)).toContain("changed more than once");
  });
});

describe("mcp-tool-result", () => {
  const envelope = { code: 200, msg: "ok", data: { ids: ["a"] } };
  const refusal = { code: 400, msg: "size must be 1..10000", data: null };
  const exchange = (result: unknown): Exchange => ({
    request: { method: "POST", path: "/mcp", url: "http://h/mcp", headers: {}, auth: "primary" },
    bodyText: JSON.stringify(result),
    durationMs: 1,
  });
  const judge = (result: unknown) =>
    mcpToolResult.run({ exchanges: [exchange(result)] } as unknown as CheckContext, {}) as {
      status: string;
      message?: string;
    };
  const text = (v: unknown) => [{ type: "text", text: JSON.stringify(v) }];

  const judgeExchange = (e: Exchange) =>
    mcpToolResult.run({ exchanges: [e] } as unknown as CheckContext, {}) as {
      status: string;
      message?: string;
      clause?: string;
    };

  it("passes a success and a refusal that say what they are", () => {
    expect(judge({ content: text(envelope), structuredContent: envelope }).status).toBe("pass");
    expect(judge({ content: text(refusal), structuredContent: refusal, isError: true }).status).toBe("pass");
    expect(judge({ content: text(envelope) }).status).toBe("pass");
  });

  it("passes every refusal form MCP allows: a JSON-RPC error, an isError result, an HTTP 4xx of the transport", () => {
    const rpcError = { code: -32602, message: "size must be 1..10000" };
    expect(judgeExchange({ ...exchange({ error: rpcError }), rpcError }).status).toBe("pass");
    expect(judgeExchange({ ...exchange({ error: rpcError }), rpcError, status: 400 }).status).toBe("pass");
    const framework = { ...exchange(undefined), bodyText: '{"detail":"size"}', status: 422 };
    expect(judgeExchange(framework).status).toBe("pass");
    expect(judgeExchange({ ...framework, status: 500 }).status).toBe("fail");
    expect(judge({ content: [{ type: "text", text: "size must be 1..10000" }], isError: true }).status).toBe("pass");
    expect(judge({ content: [], isError: true }).status).toBe("pass");
  });

  it("reads the envelope from the first text content that is JSON, after a line for the reader", () => {
    const lead = { type: "text", text: "Served; the envelope follows." };
    expect(judge({ content: [lead, ...text(envelope)], _meta: { x: 1 } }).status).toBe("pass");
    expect(judge({ content: [lead, ...text(envelope)], isError: true }).message).toBe(
      "isError is set on a success envelope",
    );
  });

  it("warns (a reading, not a must) when a refusal envelope comes back without isError", () => {
    const outcome = judge({ content: text(refusal), structuredContent: refusal });
    expect(outcome).toMatchObject({
      status: "fail",
      message: "a refusal envelope came back without isError",
      clause: "s4-6-tool-refusal-form",
    });
    expect(loadContract().clauses.get("s4-6-tool-refusal-form")?.kind).toBe("implementation-defined");
  });

  it("fails a success without JSON text and isError on a success; disagreeing structuredContent warns", () => {
    expect(judge({ content: text(envelope), isError: true }).message).toBe("isError is set on a success envelope");
    expect(
      judgeExchange(exchange({ content: text(envelope), structuredContent: { ...envelope, data: { ids: ["b"] } } })),
    ).toMatchObject({
      message: "the text content and structuredContent differ at /data/ids/0",
      clause: "s4-6-mcp-protocol-latitude",
    });
    expect(loadContract().clauses.get("s4-6-mcp-protocol-latitude")?.kind).toBe("implementation-defined");
    // An SDK's wrapping of a tool that returns a string is the same answer.
    const wrapped = { result: JSON.stringify(envelope) };
    expect(judge({ content: text(envelope), structuredContent: wrapped }).status).toBe("pass");
    expect(judge({ content: text(envelope), structuredContent: { result: "{}" } }).status).toBe("fail");
    expect(judge({ content: [{ type: "text", text: "3 profiles" }], structuredContent: envelope }).message).toBe(
      "the tool result has no text content (nor JSON resource) carrying JSON",
    );
    expect(judgeExchange({ ...exchange(undefined), bodyText: "not json" }).message).toBe("no tool result to judge");
  });
});
