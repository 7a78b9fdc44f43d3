import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { deadlineError, isNoAnswer, markNoAnswer } from "./no-answer.js";

describe("isNoAnswer", () => {
  it("is true of a marked error, a timeout and the MCP client's own request timeout", () => {
    expect(isNoAnswer(markNoAnswer(new TypeError("fetch failed")))).toBe(true);
    expect(isNoAnswer(Object.assign(new Error("no answer within 300 ms"), { name: "TimeoutError" }))).toBe(true);
    expect(isNoAnswer(new McpError(ErrorCode.RequestTimeout, "Request timed out"))).toBe(true);
    expect(deadlineError("no MCP session", 300)).toMatchObject({ message: "no MCP session within 300 ms" });
    expect(isNoAnswer(deadlineError("no answer", 300))).toBe(true);
  });

  it("is false of an answer the server gave, and of what is not an error", () => {
    expect(isNoAnswer(new TypeError("fetch failed"))).toBe(false);
    expect(isNoAnswer(new McpError(ErrorCode.InvalidParams, "bad arguments"))).toBe(false);
    expect(isNoAnswer(new Error("HTTP 404"))).toBe(false);
    expect(isNoAnswer("no answer")).toBe(false);
    expect(isNoAnswer(undefined)).toBe(false);
  });
});
