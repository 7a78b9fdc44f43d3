import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Credentials } from "./credentials.js";
import { bodyWithMark, EvidenceLog, recordBody, recordExchange, utf8Prefix } from "./evidence.js";
import type { Exchange } from "../checks/exchange.js";

const credentials = new Credentials("svc_primarysecret123", "svc_secondsecret456");

const exchange = (overrides: Partial<Exchange> = {}): Exchange => ({
  request: {
    method: "POST",
    path: "/x",
    url: "http://127.0.0.1:1/x",
    headers: { authorization: "Bearer svc_primarysecret123", "content-type": "application/json" },
    body: '{"text":"svc_secondsecret456"}',
    auth: "primary",
  },
  status: 401,
  headers: { "x-echo": "Bearer svc_primarysecret123", "content-type": "application/json" },
  bodyText: '{"code":401,"msg":"bad key svc_primarysecret123"}',
  durationMs: 5,
  ...overrides,
});

describe("evidence", () => {
  it("cuts a body at a character boundary, never above the limit, and marks the cut", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 80 }), fc.integer({ min: 0, max: 120 }), (text, max) => {
        const prefix = utf8Prefix(text, max);
        expect(text.startsWith(prefix)).toBe(true);
        expect(Buffer.byteLength(prefix)).toBeLessThanOrEqual(Math.max(max, 0));
        expect(Buffer.byteLength(text) - Buffer.byteLength(prefix)).toBeGreaterThanOrEqual(0);
        const body = recordBody(text, max);
        expect(body.bytes).toBe(Buffer.byteLength(text));
        expect(body.truncated !== undefined).toBe(Buffer.byteLength(text) > max);
      }),
      { seed: 15, numRuns: 400 },
    );
    const body = recordBody("é".repeat(10), 5);
    expect(body).toEqual({ text: "éé", bytes: 20, truncated: { shownBytes: 4 } });
    expect(bodyWithMark(body)).toBe("éé\n… [truncated: 4 of 20 bytes kept]");
  });

  it("keeps request and response with every key replaced, in headers, URL and bodies", () => {
    const recorded = recordExchange(exchange(), credentials);
    const text = JSON.stringify(recorded);
    expect(text).not.toContain("primarysecret");
    expect(text).not.toContain("secondsecret");
    expect(recorded.request.headers.authorization).toBe("Bearer $TDSS_API_KEY");
    expect(recorded.request.body?.text).toBe('{"text":"$TDSS_SECOND_API_KEY"}');
    expect(recorded.response).toEqual({
      status: 401,
      headers: { "x-echo": "Bearer $TDSS_API_KEY", "content-type": "application/json" },
      body: { text: '{"code":401,"msg":"bad key $TDSS_API_KEY"}', bytes: 42 },
    });
    expect(recorded.curl).toContain('-H "authorization: Bearer $TDSS_API_KEY"');
  });

  it("redacts before it cuts, so no prefix of a key survives a cut", () => {
    const body = `${"x".repeat(10)}svc_primarysecret123`;
    const recorded = recordExchange(exchange({ bodyText: body }), credentials, 16);
    expect(recorded.response?.body).toEqual({ text: "xxxxxxxxxx$TDSS_", bytes: 23, truncated: { shownBytes: 16 } });
  });

  it("records a transport failure without a response, and a JSON-only exchange by its JSON", () => {
    const failed = recordExchange(
      { request: exchange().request, error: "connection reset", durationMs: 1 },
      credentials,
    );
    expect(failed.response).toBeUndefined();
    expect(failed.error).toBe("connection reset");
    const mcp = recordExchange(
      { request: exchange().request, json: { result: { ok: true } }, durationMs: 1 },
      credentials,
    );
    expect(mcp.response?.body?.text).toBe('{"result":{"ok":true}}');
  });

  it("keeps each exchange once in a case's log", () => {
    const log = new EvidenceLog(credentials);
    const a = exchange();
    const b = exchange({ status: 500 });
    expect([log.add(a), log.add(b), log.add(a)]).toEqual([0, 1, 0]);
    expect(log.exchanges).toHaveLength(2);
  });
});
