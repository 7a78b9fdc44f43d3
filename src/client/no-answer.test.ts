import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { deadlineError, isNoAnswer, markNoAnswer, within } from "./no-answer.js";

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

describe("within", () => {
  it("gives the work's outcome when it comes in time, its value or its error", async () => {
    await expect(within(Promise.resolve(7), 1000, "no answer")).resolves.toBe(7);
    await expect(within(Promise.reject(new Error("HTTP 500")), 1000, "no answer")).rejects.toThrow("HTTP 500");
  });

  it("past the deadline gives the work up and raises a no-answer timeout naming what did not come", async () => {
    let gaveUp = false;
    let fail: (error: Error) => void = () => undefined;
    const never = new Promise<never>((_, reject) => (fail = reject));
    const error = await within(never, 20, "no MCP session", () => (gaveUp = true)).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: "TimeoutError", message: "no MCP session within 20 ms" });
    expect(isNoAnswer(error)).toBe(true);
    expect(gaveUp).toBe(true);
    fail(new Error("a late failure nobody awaits"));
  });
});
