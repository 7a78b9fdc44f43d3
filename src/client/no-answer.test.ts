import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it, vi } from "vitest";
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
    const error = await within(never, 20, "no MCP session", { giveUp: () => (gaveUp = true) }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: "TimeoutError", message: "no MCP session within 20 ms" });
    expect(isNoAnswer(error)).toBe(true);
    expect(gaveUp).toBe(true);
    fail(new Error("a late failure nobody awaits"));
  });
});

describe("within, the tester's own waits not counted", () => {
  it("moves the deadline back by the time the work waited for its turns", async () => {
    vi.useFakeTimers();
    try {
      let waited = 0;
      let done: (value: string) => void = () => undefined;
      const work = new Promise<string>((resolve) => (done = resolve));
      const outcome = within(work, 1_000, "no answer", { waited: () => waited });
      let settled: unknown = "pending";
      outcome.then(
        (value) => (settled = value),
        (error: unknown) => (settled = error),
      );
      waited = 700; // the work spent 700 ms of its first second waiting for the key's turns
      await vi.advanceTimersByTimeAsync(1_500);
      expect(settled).toBe("pending");
      done("answered");
      await vi.advanceTimersByTimeAsync(0);
      expect(settled).toBe("answered");
      // Without more waiting, the deadline comes 1,000 ms of answering time after the start.
      const late = within(new Promise<never>(() => undefined), 1_000, "no answer", { waited: () => 300 });
      const caught = late.catch((error: unknown) => error);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(await caught).toMatchObject({ name: "TimeoutError", message: "no answer within 1000 ms" });
    } finally {
      vi.useRealTimers();
    }
  });
});
