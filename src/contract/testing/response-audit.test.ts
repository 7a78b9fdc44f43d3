import { describe, expect, it } from "vitest";
import { auditExchanges, formatProblem, type WireExchange } from "./response-audit.js";

const JSON_TYPE = { "content-type": "application/json; charset=utf-8" };
const bytes = (value: unknown) => new TextEncoder().encode(typeof value === "string" ? value : JSON.stringify(value));

function exchange(
  method: string,
  url: string,
  status: number,
  body: unknown,
  request?: unknown,
  headers: Record<string, string> = JSON_TYPE,
): WireExchange {
  return {
    method,
    url,
    requestBody: request === undefined ? new Uint8Array() : bytes(request),
    status,
    responseHeaders: headers,
    responseBody: bytes(body),
  };
}

const job = {
  id: "j1",
  title: "Engineer",
  description: null,
  url: null,
  external_url: null,
  posted: "Today",
  application_active: 1,
  applicants_count: "3",
  created_at: "2024-01-02",
  updated_at: null,
  seniority: null,
  employment_type: null,
  functions: [],
  industries: [],
  required_months_of_experience: null,
  company_name: null,
  company: null,
  city: null,
  state: null,
  country: null,
  country_iso_2: null,
  location: null,
  regions: [],
};
const detail = (results: unknown[]) => ({
  code: 200,
  msg: "ok",
  data: { total: results.length, found: results.length, not_found: [], results },
});
const problems = (list: WireExchange[], options = {}) => auditExchanges(list, options).problems.map(formatProblem);

describe("auditExchanges", () => {
  it("takes a default job record and a _source-narrowed one, each with the request that asked for it", () => {
    expect(
      problems([exchange("POST", "/entity/v1/jobs/detail-by-id", 200, detail([job]), { job_ids: ["j1"] })]),
    ).toEqual([]);
    expect(
      problems([
        exchange("POST", "/entity/v1/jobs/detail-by-id", 200, detail([{ title: "Engineer" }]), {
          job_ids: ["j1"],
          _source: ["title"],
        }),
      ]),
    ).toEqual([]);
  });

  it("names route, status, pointer and schema path of a narrowed record answered to a request without _source", () => {
    const found = problems([
      exchange("POST", "/entity/v1/jobs/detail-by-id", 200, detail([{ title: "Engineer" }]), { job_ids: ["j1"] }),
    ]);
    expect(found).toContain(
      "POST /entity/v1/jobs/detail-by-id → 200 at /data/results/0: must have required property 'id' " +
        "[#/components/schemas/JobRecord/required]",
    );
  });

  it("reports a member of the wrong type with its pointer, whatever the selection", () => {
    const found = problems([
      exchange("POST", "/entity/v1/jobs/detail-by-id", 200, detail([{ created_at: "yesterday" }]), {
        job_ids: ["j1"],
        _source: ["created_at"],
      }),
    ]);
    expect(
      found.some(
        (p) => p.includes("at /data/results/0/created_at") && p.includes("#/components/schemas/NullableDay/pattern"),
      ),
    ).toBe(true);
  });

  it("fails a status the operation does not name, unless default is allowed to cover it", () => {
    const e = exchange("POST", "/v1/jobs/query", 500, { code: 500, msg: "boom", data: null }, {});
    expect(problems([e])).toEqual([
      expect.stringContaining("POST /v1/jobs/query → 500 at (body): status 500 is not described"),
    ]);
    expect(problems([e], { defaultCovers: true })).toEqual([]);
  });

  it("fails a success that is not the envelope, or not JSON", () => {
    expect(problems([exchange("GET", "/version", 200, { version: "1" })]).join("\n")).toContain(
      "must have required property 'code'",
    );
    expect(problems([exchange("GET", "/version", 200, "<html>", undefined, { "content-type": "text/html" })])).toEqual([
      expect.stringContaining("Content-Type text/html"),
    ]);
    expect(problems([exchange("GET", "/version", 200, "{", undefined)])).toEqual([
      expect.stringContaining("the body is not JSON"),
    ]);
  });

  it("takes 404 for a path that is not a route and 405 for a route's path under another method, nothing else", () => {
    const failure = (code: number) => ({ code, msg: "no", data: null });
    expect(
      problems([exchange("GET", "/nowhere", 404, failure(404)), exchange("GET", "/v1/jobs/query", 405, failure(405))]),
    ).toEqual([]);
    expect(problems([exchange("GET", "/nowhere", 200, failure(200))])).toEqual([
      expect.stringContaining("a path that is not a route answers 404"),
    ]);
  });

  it("validates the envelope a tools/call result carries on /mcp, under the tool's route", () => {
    const call = {
      jsonrpc: "2.0",
      id: 4,
      method: "tools/call",
      params: { name: "svc_get_jobs", arguments: { job_ids: ["j1"] } },
    };
    const result = (envelope: unknown, isError = false) => ({
      jsonrpc: "2.0",
      id: 4,
      result: {
        content: [{ type: "text", text: JSON.stringify(envelope) }],
        structuredContent: envelope,
        ...(isError ? { isError } : {}),
      },
    });
    const ok = auditExchanges([exchange("POST", "/mcp", 200, result(detail([job])), call)]);
    expect(ok.problems).toEqual([]);
    expect([...ok.covered.get("MCP /mcp tools/call svc_get_jobs")!]).toEqual([200]);
    expect(problems([exchange("POST", "/mcp", 200, result(detail([{ title: "x" }])), call)])).toContain(
      "MCP /mcp tools/call svc_get_jobs → 200 at /data/results/0: must have required property 'id' " +
        "[#/components/schemas/JobRecord/required]",
    );
    expect(
      problems([exchange("POST", "/mcp", 200, result({ code: 418, msg: "teapot", data: null }, true), call)])[0],
    ).toContain("status 418 is not described");
  });

  it("pairs an SSE stream's answers with the POST /messages of its session", () => {
    const call = { jsonrpc: "2.0", id: 9, method: "tools/call", params: { name: "svc_get_version", arguments: {} } };
    const answer = {
      jsonrpc: "2.0",
      id: 9,
      result: { content: [{ type: "text", text: JSON.stringify({ code: 200, msg: "nope", data: {} }) }] },
    };
    const stream =
      `event: endpoint\ndata: /messages?sessionId=s1\n\n` + `event: message\ndata: ${JSON.stringify(answer)}\n\n`;
    const found = problems([
      exchange("POST", "/messages?sessionId=s1", 202, "Accepted", call, { "content-type": "text/plain" }),
      exchange("GET", "/sse", 200, stream, undefined, { "content-type": "text/event-stream" }),
    ]);
    expect(found).toEqual([
      expect.stringContaining("MCP /sse tools/call svc_get_version → 200 at /msg: must be equal to constant"),
    ]);
  });
});
