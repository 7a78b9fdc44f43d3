import { describe, expect, it } from "vitest";
import { checkProtocolRevision, checkUnauthorized } from "./mcp-transport.js";

const url = "http://127.0.0.1:1/messages?sessionId=secret-session";

describe("checkProtocolRevision (s4-6-streamable-http-transport, s4-6-sse-legacy-transport)", () => {
  it("passes the expected revision and fails another one, an HTTP refusal or a JSON-RPC error", () => {
    expect(
      checkProtocolRevision({ url, status: 202, response: { result: { protocolVersion: "2024-11-05" } } }, "2024-11-05")
        .status,
    ).toBe("pass");
    const other = checkProtocolRevision(
      { url, status: 202, response: { result: { protocolVersion: "2025-03-26" } } },
      "2024-11-05",
    );
    expect(other).toMatchObject({ status: "fail", expected: "2024-11-05", actual: "2025-03-26" });
    expect(other.message).not.toContain("secret-session");
    expect(checkProtocolRevision({ url, status: 404 }, "2024-11-05").message).toMatch(/got HTTP 404$/);
    expect(
      checkProtocolRevision({ url, status: 200, response: { error: { code: -32602, message: "bad" } } }, "2025-03-26")
        .message,
    ).toMatch(/JSON-RPC error -32602: bad/);
    expect(checkProtocolRevision({ url, error: "connection refused" }, "2025-03-26").message).toMatch(
      /connection refused/,
    );
  });
});

describe("checkUnauthorized (s5-same-key-rest-mcp)", () => {
  it("passes 401 with a challenge and no result", () => {
    expect(checkUnauthorized({ url, status: 401, wwwAuthenticate: "Bearer" }).status).toBe("pass");
  });

  it("fails a success, an answer that is not a refusal, and no answer (s5-same-key-rest-mcp)", () => {
    expect(checkUnauthorized({ url, status: 200, response: { result: {} } })).toMatchObject({
      status: "fail",
      message: expect.stringMatching(/HTTP 200; a JSON-RPC success came back$/),
    });
    for (const status of [500, 302, 408, 429])
      expect(checkUnauthorized({ url, status }).message).toMatch(/which is not a refusal/);
    expect(checkUnauthorized({ url, error: "reset" }).message).toMatch(/no HTTP answer \(reset\)/);
    expect(checkUnauthorized({ url, status: 500 }).clause).toBeUndefined();
  });

  it("warns (a reading) on another refusal: 403, 401 without a challenge, a JSON-RPC error", () => {
    const reading = { status: "fail", clause: "s5-request-without-valid-key" };
    expect(checkUnauthorized({ url, status: 403 })).toMatchObject({
      ...reading,
      message: expect.stringMatching(/HTTP 403 instead of 401/),
    });
    expect(checkUnauthorized({ url, status: 401 })).toMatchObject({
      ...reading,
      message: expect.stringMatching(/without a WWW-Authenticate/),
    });
    expect(
      checkUnauthorized({ url, status: 200, response: { error: { code: -32001, message: "unauthorized" } } }),
    ).toMatchObject({ ...reading, message: expect.stringMatching(/HTTP 200 with JSON-RPC error -32001/) });
  });
});
