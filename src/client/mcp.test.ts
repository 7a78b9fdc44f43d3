import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clause } from "../contract/index.js";
import type { Service } from "../reference/service.js";
import { createMcpHandler } from "../reference/mcp/index.js";
import { startReferenceServer } from "../reference/server.js";
import {
  MCP_TRANSPORT_SPEC,
  MCP_TRANSPORTS,
  isRateLimitError,
  mcpUrl,
  openMcpSession,
  originBoundFetch,
  probeSseInitialize,
  probeSseStream,
  probeStreamableInitialize,
  textJson,
  type McpClientOptions,
} from "./mcp.js";
import { isNoAnswer } from "./no-answer.js";
import { Patience, RatePolicy } from "./rate-policy.js";
import { startIdleClosingServer, type IdleClosingServer } from "./testing/idle-closing-server.js";
import { TransportHealth } from "./transport-health.js";

/** Accepts the key svc_good and answers every route with its own name; enough to drive the client. */
const echoService: Service = {
  async call(operationId, body, authorization) {
    if (authorization !== "Bearer svc_good")
      return { status: 401, envelope: { code: 401, msg: "bad key", data: null } };
    if (operationId === "queryJobs" && (body as { size?: unknown }).size === 0)
      return { status: 400, envelope: { code: 400, msg: "size must be 1..10000", data: null } };
    return { status: 200, envelope: { code: 200, msg: "ok", data: { operationId, body: body ?? null } } };
  },
};

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

async function listen(handler: Handler): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A successful initialize result of a handmade server. */
const INITIALIZED = {
  result: {
    protocolVersion: "2025-03-26",
    capabilities: { tools: {} },
    serverInfo: { name: "handmade", version: "1" },
  },
};

/** What a handmade server answers to one JSON-RPC request: its HTTP status, and JSON-RPC members or a raw body. */
interface HandmadeAnswer {
  readonly status?: number;
  readonly body: Readonly<Record<string, unknown>> | string;
}

/**
 * A stateless Streamable HTTP server written out by hand, to answer what the reference never does: `answer` gives each
 * request's answer (members beside `jsonrpc` and `id`, or a raw body); notifications get 202, other methods 405.
 */
function handmadeMcp(answer: (message: { id: number; method: string }, req: IncomingMessage) => HandmadeAnswer) {
  return listen((req, res) => {
    if (req.method !== "POST") return void res.writeHead(405).end();
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      const message = JSON.parse(body) as { id?: number; method: string };
      if (message.id === undefined) return void res.writeHead(202).end();
      const given = answer(message as { id: number; method: string }, req);
      res.writeHead(given.status ?? 200, { "Content-Type": "application/json" });
      res.end(
        typeof given.body === "string" ? given.body : JSON.stringify({ jsonrpc: "2.0", id: message.id, ...given.body }),
      );
    });
  });
}

/** Writes `chunk` `times` over, as fast as the reader takes it, then ends the answer. */
function writeRepeated(res: ServerResponse, chunk: Buffer, times: number): void {
  let sent = 0;
  const write = () => {
    while (sent < times && res.write(chunk)) sent++;
    if (sent < times && !res.destroyed) res.once("drain", write);
    else res.end();
  };
  res.on("error", () => undefined);
  write();
}

describe("MCP client against the reference MCP surface", () => {
  let target: { url: string; close(): Promise<void> };
  let options: McpClientOptions;
  const handler = createMcpHandler(echoService);
  beforeAll(async () => {
    target = await listen((req, res) => void handler.handle(req, res).then((done) => done || res.writeHead(404).end()));
    options = { baseUrl: target.url, authorization: "Bearer svc_good", timeoutMs: 3000 };
  });
  afterAll(async () => {
    await handler.close();
    await target.close();
  });

  it("states the addresses and revisions of §4.6 as the clauses quote them", () => {
    expect(clause("s4-6-streamable-http-transport").text[0]).toBe(
      `Streamable HTTP | {base_url}${MCP_TRANSPORT_SPEC["streamable-http"].path} ` +
        `| ${MCP_TRANSPORT_SPEC["streamable-http"].revision}`,
    );
    expect(clause("s4-6-sse-legacy-transport").text[0]).toBe(
      `SSE (legacy) | {base_url}${MCP_TRANSPORT_SPEC.sse.path} | ${MCP_TRANSPORT_SPEC.sse.revision}`,
    );
  });

  it("keeps the base URL's own path in front of the transport path", () => {
    expect(mcpUrl("https://api.example.org/tdss/", "sse").href).toBe("https://api.example.org/tdss/sse");
  });

  for (const kind of MCP_TRANSPORTS) {
    it(`opens a ${kind} session asking for the revision of §4.6, lists tools and calls one`, async () => {
      const session = await openMcpSession(options, kind, MCP_TRANSPORT_SPEC[kind].revision);
      try {
        expect(session.protocolVersion).toBe(MCP_TRANSPORT_SPEC[kind].revision);
        expect(session.serverInfo?.name).toBe("tdss-reference");
        expect((await session.listTools()).map((t) => t.name)).toContain("svc_query_jobs");
        const ok = await session.callTool("svc_query_jobs", { size: 2 });
        expect(ok).toMatchObject({
          isError: false,
          envelope: { code: 200, data: { operationId: "queryJobs", body: { size: 2 } } },
        });
        const refused = await session.callTool("svc_query_jobs", { size: 0 });
        expect(refused).toMatchObject({ isError: true, envelope: { msg: "size must be 1..10000" } });
        const unknown = await session.callTool("svc_nothing", {});
        expect(unknown.isError).toBe(true);
        expect(unknown.rpcError).toMatchObject({ code: -32602, message: expect.stringMatching(/Unknown tool/) });
      } finally {
        await session.close();
      }
    });

    it(`reports an HTTP 401 as a ${kind} connection failure naming the status`, async () => {
      await expect(openMcpSession({ ...options, authorization: "Bearer svc_wrong" }, kind)).rejects.toMatchObject({
        name: "McpClientError",
        httpStatus: 401,
      });
    });
  }

  it("probes /mcp initialize for an exact revision, with and without the key", async () => {
    const asked = await probeStreamableInitialize(options, "2025-03-26");
    expect(asked).toMatchObject({ status: 200, response: { result: { protocolVersion: "2025-03-26" } } });
    const newer = await probeStreamableInitialize(options, "2025-11-25");
    expect(newer.response?.result?.protocolVersion).toBe("2025-03-26");
    const anonymous = await probeStreamableInitialize(options, "2025-03-26", null);
    expect(anonymous.status).toBe(401);
    expect(anonymous.wwwAuthenticate).toMatch(/^Bearer/);
    expect(anonymous.response).toBeUndefined();
    expect((await probeStreamableInitialize(options, "2025-03-26", "Bearer svc_wrong")).status).toBe(401);
  });

  it("probes the SSE stream and its message endpoint, with and without the key", async () => {
    expect(await probeSseStream(options, undefined)).toMatchObject({ status: 200 });
    expect(await probeSseStream(options, null)).toMatchObject({
      status: 401,
      wwwAuthenticate: expect.stringMatching(/^Bearer/),
    });
    expect(await probeSseStream(options, "Bearer svc_wrong")).toMatchObject({ status: 401 });
    const asked = await probeSseInitialize(options, "2024-11-05");
    expect(asked).toMatchObject({ status: 202, response: { result: { protocolVersion: "2024-11-05" } } });
    expect(asked.url).toMatch(/\/messages\?sessionId=/);
    expect((await probeSseInitialize(options, "2025-03-26")).response?.result?.protocolVersion).toBe("2024-11-05");
    const anonymous = await probeSseInitialize(options, "2024-11-05", null);
    expect(anonymous).toMatchObject({ status: 401 });
    expect(anonymous.response).toBeUndefined();
  });

  it("takes a ping of the server's own with the probe's id for no answer, on a stream as others write it", async () => {
    // The variant mcp-sse-stream-other-server: a ping numbered 1 right after the endpoint event, before initialize is
    // answered; the probe numbers its initialize 1 too (JSON-RPC ids are each party's own).
    const sseStreamForm = {
      messagesPath: "/messages/",
      sessionParam: "session_id",
      absoluteEndpoint: true,
      keepAliveMs: 1000,
    };
    const other = createMcpHandler(echoService, { faults: { sseStreamForm } });
    const served = await listen(
      (req, res) => void other.handle(req, res).then((done) => done || res.writeHead(404).end()),
    );
    try {
      const probe = await probeSseInitialize({ ...options, baseUrl: served.url }, "2024-11-05");
      expect(probe).toMatchObject({ status: 202, response: { result: { protocolVersion: "2024-11-05" } } });
      expect(probe.url).toBe(`${served.url}/messages/?session_id=${probe.url.split("=")[1]}`);
    } finally {
      await other.close();
      await served.close();
    }
  });

  it("reports an unreachable target as a probe error, not a throw", async () => {
    const probe = await probeStreamableInitialize(
      { baseUrl: "http://127.0.0.1:9", authorization: "Bearer svc_good", timeoutMs: 2000 },
      "2025-03-26",
    );
    expect(probe.status).toBeUndefined();
    expect(probe.error).toBeTruthy();
  });
});

describe("a deployment that closes idle connections, unannounced (RFC 9112 §9.3)", () => {
  let target: IdleClosingServer;
  const handler = createMcpHandler(echoService);
  beforeAll(async () => {
    target = await startIdleClosingServer((req, res) => {
      void handler.handle(req, res).then((done) => done || res.writeHead(404).end());
    });
  });
  afterAll(async () => {
    await handler.close();
    await target.close();
  });
  // One connection in the run's health: a single failure counted would stop the run.
  const optionsFor = (health: TransportHealth): McpClientOptions => ({
    baseUrl: target.url,
    authorization: "Bearer svc_good",
    timeoutMs: 3000,
    health: health,
  });
  const closedSince = (from: number) => target.seen.slice(from).filter((r) => r.closed);

  for (const kind of MCP_TRANSPORTS) {
    it(`opens a ${kind} session and lists its tools, its unpriced requests that met the close sent again`, async () => {
      const health = new TransportHealth(1);
      const from = target.seen.length;
      const session = await openMcpSession(optionsFor(health), kind, MCP_TRANSPORT_SPEC[kind].revision);
      for (let i = 0; i < 3; i++) expect(await session.listTools()).toHaveLength(9);
      await session.close();
      // The pool hands a request a connection that has answered often enough for the close to meet some.
      expect(closedSince(from).length).toBeGreaterThan(0);
      expect(closedSince(from).every((r) => r.rpc !== "tools/call")).toBe(true);
      expect(health.stopped).toBeUndefined();
    });
  }

  it("never sends a tools/call that met the close again: no answer, and no sign of a deployment gone", async () => {
    const health = new TransportHealth(1);
    const post = originBoundFetch(target.url, 3000, { health });
    const call = (id: number) =>
      post(`${target.url}/mcp`, {
        method: "POST",
        headers: {
          Authorization: "Bearer svc_good",
          "Content-Type": "application/json",
          Accept: "application/json, text/event-stream",
        },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id,
          method: "tools/call",
          params: { name: "svc_get_version", arguments: {} },
        }),
      }).then(
        (response) => response.text().then(() => "answered"),
        (error: unknown) => (isNoAnswer(error) ? "no answer" : `other: ${String(error)}`),
      );
    const from = target.seen.length;
    const outcomes: string[] = [];
    // Calls in turn until one is sent on a connection that has answered (the pool may open another at first).
    while (outcomes.length < 10 && !outcomes.includes("no answer")) outcomes.push(await call(outcomes.length + 1));
    expect(outcomes).toContain("no answer");
    expect(outcomes.filter((o) => o !== "answered" && o !== "no answer")).toEqual([]);
    // Each call reached the server once: the one the close met was not sent again.
    expect(target.seen.length - from).toBe(outcomes.length);
    expect(closedSince(from).map((r) => r.rpc)).toEqual(["tools/call"]);
    expect(health.stopped).toBeUndefined();
  });

  it("probes /mcp initialize again on a new connection when the close met it", async () => {
    const health = new TransportHealth(1);
    const from = target.seen.length;
    for (let i = 0; i < 4; i++)
      expect(await probeStreamableInitialize(optionsFor(health), "2025-03-26")).toMatchObject({
        status: 200,
        response: { result: { protocolVersion: "2025-03-26" } },
      });
    expect(closedSince(from).length).toBeGreaterThan(0);
    expect(health.stopped).toBeUndefined();
  });
});

describe("the key never leaves the base URL's origin", () => {
  it("refuses a request to another origin before sending it", async () => {
    const fetchImpl = originBoundFetch("http://127.0.0.1:1234", 1000);
    await expect(
      fetchImpl("http://example.org/mcp", { headers: { Authorization: "Bearer svc_secret" } }),
    ).rejects.toThrow(/refused to send a request to http:\/\/example.org/);
  });

  it("does not follow a redirect, nor post to a message endpoint on another origin", async () => {
    const seen: { url: string | undefined; authorization: string | undefined }[] = [];
    const elsewhere = await listen((req, res) => {
      seen.push({ url: req.url, authorization: req.headers.authorization });
      res.writeHead(200).end();
    });
    const hostile = await listen((req, res) => {
      if (req.url === "/mcp") res.writeHead(307, { Location: `${elsewhere.url}/mcp` }).end();
      else {
        res.writeHead(200, { "Content-Type": "text/event-stream" });
        res.write(`event: endpoint\ndata: ${elsewhere.url}/messages?sessionId=x\n\n`);
      }
    });
    try {
      const options = { baseUrl: hostile.url, authorization: "Bearer svc_secret", timeoutMs: 2000 };
      expect((await probeStreamableInitialize(options, "2025-03-26")).status).toBe(307);
      expect((await probeSseInitialize(options, "2024-11-05")).error).toMatch(/another origin/);
      await expect(openMcpSession(options, "streamable-http")).rejects.toThrow(/HTTP 307|Redirect/);
      await expect(openMcpSession(options, "sse")).rejects.toThrow(/origin/);
      expect(seen).toEqual([]);
    } finally {
      await hostile.close();
      await elsewhere.close();
    }
  });
});

describe("a silent or broken server", () => {
  it("gives up on a session after the deadline instead of hanging", async () => {
    const silent = await listen((req, res) => {
      if (req.url === "/sse") res.writeHead(200, { "Content-Type": "text/event-stream" }).write(": waiting\n\n");
      // /mcp: never answered
    });
    try {
      const options = { baseUrl: silent.url, authorization: "Bearer svc_good", timeoutMs: 300 };
      for (const kind of MCP_TRANSPORTS)
        await expect(openMcpSession(options, kind)).rejects.toThrow(/no answer in time/);
      const probe = await probeSseInitialize(options, "2024-11-05");
      expect(probe.error).toMatch(/no endpoint event|without announcing/);
      expect((await probeStreamableInitialize(options, "2025-03-26")).error).toMatch(/no answer within 300 ms/);
    } finally {
      await silent.close();
    }
  });

  it("cuts a body that drips or grows past the limit, at the deadline or the size cap", async () => {
    const server = await listen((req, res) => {
      res.writeHead(200, { "Content-Type": "application/json" });
      if (req.url === "/mcp" && req.headers["x-case"] === "huge") {
        writeRepeated(res, Buffer.alloc(1024 * 1024, 0x20), 40);
        return;
      }
      const timer = setInterval(() => res.write(" "), 50);
      res.on("close", () => clearInterval(timer));
    });
    try {
      const options = { baseUrl: server.url, authorization: "Bearer svc_good", timeoutMs: 600 };
      const started = performance.now();
      expect((await probeStreamableInitialize(options, "2025-03-26")).error).toMatch(/no answer within 600 ms/);
      expect(performance.now() - started).toBeLessThan(5000);
      const fetchImpl = originBoundFetch(server.url, 20_000);
      const huge = await fetchImpl(`${server.url}/mcp`, { method: "POST", headers: { "x-case": "huge" }, body: "{}" });
      await expect(huge.text()).rejects.toThrow(/larger than 16 MiB/);
    } finally {
      await server.close();
    }
  });

  it("hands on a body cut mid-way, or an event stream past the cap, as an error of its reader", async () => {
    const server = await listen((req, res) => {
      if (req.headers["x-case"] === "cut") {
        res.writeHead(200, { "Content-Type": "application/json", "Content-Length": "100" });
        res.write('{"jsonrpc":"2.0",');
        setTimeout(() => res.destroy(), 20);
        return;
      }
      res.writeHead(200, { "Content-Type": "text/event-stream" });
      writeRepeated(res, Buffer.from(`data: ${"x".repeat(1024 * 1024)}\n\n`), 20);
    });
    try {
      const fetchImpl = originBoundFetch(server.url, 5_000);
      const cut = await fetchImpl(`${server.url}/mcp`, { method: "POST", headers: { "x-case": "cut" }, body: "{}" });
      expect(cut.status).toBe(200);
      await expect(cut.text()).rejects.toThrow();
      const stream = await fetchImpl(`${server.url}/mcp`, { method: "POST", body: "{}" });
      expect(stream.headers.get("content-type")).toBe("text/event-stream");
      await expect(stream.text()).rejects.toThrow(/larger than 16 MiB/);
    } finally {
      await server.close();
    }
  });

  it("reads an answer the server compressed unasked (RFC 9110 §12.5.3) as the answer it is", async () => {
    const answer = '{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"invalid params"}}';
    const server = await listen((_req, res) =>
      res
        .writeHead(200, { "Content-Type": "application/json", "Content-Encoding": "gzip" })
        .end(gzipSync(Buffer.from(answer))),
    );
    try {
      const fetchImpl = originBoundFetch(server.url, 5_000);
      const response = await fetchImpl(`${server.url}/mcp`, { method: "POST", body: "{}" });
      expect(await response.text()).toBe(answer);
    } finally {
      await server.close();
    }
  });

  it("reports a body that is not JSON-RPC", async () => {
    const broken = await listen((_req, res) =>
      res.writeHead(200, { "Content-Type": "application/json" }).end("<html>"),
    );
    try {
      const probe = await probeStreamableInitialize(
        { baseUrl: broken.url, authorization: "Bearer svc_good", timeoutMs: 1000 },
        "2025-03-26",
      );
      expect(probe).toMatchObject({ status: 200, error: "no JSON-RPC response to initialize" });
      await expect(openMcpSession({ baseUrl: broken.url, timeoutMs: 1000 }, "streamable-http")).rejects.toThrow(
        /cannot open an MCP session/,
      );
    } finally {
      await broken.close();
    }
  });
});

describe("a tool call's answer: the server's JSON-RPC error or no answer", () => {
  /** A stateless /mcp whose tools answer as their names say. */
  function toolsServer(): Handler {
    return (req, res) => {
      const server = new Server({ name: "forms", version: "1" }, { capabilities: { tools: {} } });
      server.setRequestHandler(ListToolsRequestSchema, () => ({
        tools: [{ name: "typed", inputSchema: { type: "object" }, outputSchema: { type: "object", required: ["n"] } }],
      }));
      server.setRequestHandler(CallToolRequestSchema, async (request) => {
        const name = request.params.name;
        if (name === "invalid") throw new McpError(ErrorCode.InvalidParams, "size must be 1..10000");
        if (name === "generic") throw new McpError(-32000, "refused");
        if (name === "server-timeout") throw new McpError(ErrorCode.RequestTimeout, "upstream timed out");
        if (name === "slow") await new Promise((resolve) => setTimeout(resolve, 2000));
        if (name === "typed") return { content: [], structuredContent: { m: 1 } };
        return { content: [{ type: "text", text: "{}" }] };
      });
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      res.on("close", () => void server.close());
      void server.connect(transport).then(() => transport.handleRequest(req, res));
    };
  }

  it("keeps the server's error responses, of any code, and calls the rest no answer", async () => {
    const target = await listen(toolsServer());
    const session = await openMcpSession({ baseUrl: target.url, timeoutMs: 500 }, "streamable-http");
    try {
      expect(await session.callTool("invalid", {})).toMatchObject({
        rpcError: { code: -32602, message: expect.stringMatching(/size must be 1\.\.10000/) },
      });
      expect((await session.callTool("generic", {})).rpcError?.code).toBe(-32000);
      const serverTimeout = await session.callTool("server-timeout", {});
      expect(serverTimeout.rpcError).toBeUndefined();
      expect(serverTimeout.error).toMatch(/the server answered JSON-RPC error -32001/);
      const slow = await session.callTool("slow", {});
      expect(slow.rpcError).toBeUndefined();
      expect(slow.error).toMatch(/timed out|no answer within/i);
      // The SDK client raises an McpError of its own when a result breaks the tool's outputSchema: not the server's.
      await session.listTools();
      const typed = await session.callTool("typed", {});
      expect(typed.rpcError).toBeUndefined();
      expect(typed.error).toMatch(/output schema/);
    } finally {
      await session.close();
      await target.close();
    }
  });

  it("finds the envelope in the first text content that is JSON", () => {
    expect(
      textJson({
        content: [
          { type: "text", text: "Served:" },
          { type: "text", text: '{"code":200}' },
        ],
      }),
    ).toEqual({
      json: { code: 200 },
    });
    expect(textJson({ content: [{ type: "image", data: "", mimeType: "image/png" }] })).toBeUndefined();
  });

  it("prefers the text content that is an envelope to JSON of the server's own before it", () => {
    const summaryFirst = (summary: string) =>
      textJson({
        content: [
          { type: "text", text: summary },
          { type: "text", text: '{"code":200,"msg":"ok","data":{}}' },
        ],
      });
    expect(summaryFirst("6")).toEqual({ json: { code: 200, msg: "ok", data: {} } });
    expect(summaryFirst('{"summary":"6 profiles"}')).toEqual({ json: { code: 200, msg: "ok", data: {} } });
    // Without an envelope among them, the first JSON is what the result carries (its checks then say what is missing).
    expect(
      textJson({
        content: [
          { type: "text", text: "[1]" },
          { type: "text", text: '{"x":1}' },
        ],
      }),
    ).toEqual({
      json: [1],
    });
  });

  it("finds it in an embedded resource that is a JSON document, and in no other resource", () => {
    const resource = (mimeType: string) => ({
      type: "resource",
      resource: { uri: "x://envelope", mimeType, text: '{"code":200}' },
    });
    expect(textJson({ content: [resource("application/json")] })).toEqual({ json: { code: 200 } });
    expect(textJson({ content: [resource("application/problem+json; charset=utf-8")] })).toEqual({
      json: { code: 200 },
    });
    expect(textJson({ content: [resource("text/plain")] })).toBeUndefined();
  });
});

describe("a Streamable HTTP session the server ends", () => {
  /**
   * A hand-made /mcp with sessions: initialize opens s1, s2, ...; a session ends after `served` requests (tools/list or
   * tools/call; notifications are taken), and a request carrying an ended id gets 404, as MCP 2025-03-26 (Session
   * Management) has it.
   */
  function expiringServer(served: number, pages = 1) {
    const seen = { initializes: 0, calls: 0, lists: 0, ended: 0 };
    const left = new Map<string, number>();
    const handler: Handler = (req, res) => {
      if (req.method !== "POST") return void res.writeHead(405).end();
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString()));
      req.on("end", () => {
        const message = JSON.parse(body) as { id?: number; method: string; params?: { cursor?: string } };
        const id = req.headers["mcp-session-id"] as string | undefined;
        if (message.id === undefined) return void res.writeHead(202).end();
        if (id !== undefined && !left.get(id)) {
          seen.ended++;
          return void res.writeHead(404, { "Content-Type": "application/json" }).end("{}");
        }
        const headers: Record<string, string> = { "Content-Type": "application/json" };
        let result: unknown;
        if (message.method === "initialize") {
          const session = `s${++seen.initializes}`;
          left.set(session, served);
          headers["mcp-session-id"] = session;
          const serverInfo = { name: "expiring", version: "1" };
          result = { protocolVersion: "2025-03-26", capabilities: { tools: {} }, serverInfo };
        } else {
          if (message.method === "tools/call") seen.calls++;
          else seen.lists++;
          result =
            message.method === "tools/call"
              ? { content: [{ type: "text", text: '{"code":200,"msg":"ok","data":{}}' }] }
              : toolsPage(Number(message.params?.cursor ?? 0));
          left.set(id!, left.get(id!)! - 1);
        }
        res.writeHead(200, headers);
        res.end(JSON.stringify({ jsonrpc: "2.0", id: message.id, result }));
      });
    };
    /** Page `n` of tools/list, one tool a page (svc_tool_0, ...), with a cursor to the next. */
    const toolsPage = (n: number) => ({
      tools: [{ name: pages === 1 ? "svc_get_version" : `svc_tool_${n}`, inputSchema: { type: "object" } }],
      ...(n + 1 < pages ? { nextCursor: String(n + 1) } : {}),
    });
    return { seen, handler };
  }

  it("starts a new session on a 404 to the session's id and sends the request, never served, once more", async () => {
    const { seen, handler } = expiringServer(1);
    const target = await listen(handler);
    const session = await openMcpSession({ baseUrl: target.url, timeoutMs: 3000 }, "streamable-http");
    try {
      expect(await session.callTool("svc_get_version", {})).toMatchObject({ isError: false, envelope: { code: 200 } });
      expect(await session.callTool("svc_get_version", {})).toMatchObject({ isError: false, envelope: { code: 200 } });
      expect((await session.listTools()).map((t) => t.name)).toEqual(["svc_get_version"]);
      expect(seen).toEqual({ initializes: 3, calls: 2, lists: 1, ended: 2 });
    } finally {
      await session.close();
      await target.close();
    }
  });

  it("lists tools in pages across sessions the server ends after one request each", async () => {
    const { seen, handler } = expiringServer(1, 4);
    const target = await listen(handler);
    const session = await openMcpSession({ baseUrl: target.url, timeoutMs: 3000 }, "streamable-http");
    try {
      const names = (await session.listTools()).map((t) => t.name);
      expect(names).toEqual(["svc_tool_0", "svc_tool_1", "svc_tool_2", "svc_tool_3"]);
      expect(seen).toMatchObject({ initializes: 4, lists: 4, ended: 3 });
    } finally {
      await session.close();
      await target.close();
    }
  });

  it("serves every request in flight together when each new session serves one request", async () => {
    const { seen, handler } = expiringServer(1);
    const target = await listen(handler);
    const session = await openMcpSession({ baseUrl: target.url, timeoutMs: 3000 }, "streamable-http");
    try {
      const outcomes = await Promise.all([1, 2, 3, 4].map(() => session.callTool("svc_get_version", {})));
      for (const outcome of outcomes)
        expect(outcome, JSON.stringify(outcome)).toMatchObject({ isError: false, envelope: { code: 200 } });
      expect(seen.calls).toBe(4);
    } finally {
      await session.close();
      await target.close();
    }
  });

  it("renews twice at most: when every new session is ended at once the 404 is the answer", async () => {
    const { seen, handler } = expiringServer(0);
    const target = await listen(handler);
    const session = await openMcpSession({ baseUrl: target.url, timeoutMs: 3000 }, "streamable-http");
    try {
      const outcome = await session.callTool("svc_get_version", {});
      expect(outcome).toMatchObject({ isError: true, error: expect.stringMatching(/404/) });
      expect(outcome.unanswered).toBeUndefined();
      expect(seen).toMatchObject({ initializes: 3, calls: 0 });
    } finally {
      await session.close();
      await target.close();
    }
  });
});

describe("a deployment briefly unavailable (503 with Retry-After, RFC 9110 §15.6.4)", () => {
  for (const kind of MCP_TRANSPORTS) {
    it(`waits out a ${kind} 503 with Retry-After and sends the request again`, async () => {
      let unavailable = 0;
      const server = await startReferenceServer({
        people: 50,
        jobs: 10,
        companies: 10,
        variant: "service-transient-503",
        tap: (exchange) => void (exchange.status === 503 && unavailable++),
      });
      const options = {
        baseUrl: server.url,
        authorization: `Bearer ${server.keys.active}`,
        ratePolicy: new RatePolicy(),
      };
      try {
        const session = await openMcpSession(options, kind, MCP_TRANSPORT_SPEC[kind].revision);
        try {
          // The variant answers the key's 100th MCP request 503: one of these calls meets it.
          for (let i = 0; i < 100; i++)
            expect(await session.callTool("svc_get_key_status", {})).toMatchObject({ isError: false });
        } finally {
          await session.close();
        }
        expect(unavailable).toBe(1);
      } finally {
        await server.close();
      }
    }, 30_000);
  }

  it("calls a 503 with Retry-After left after its retries no answer; without Retry-After, an answer", async () => {
    let retryAfter: string | undefined = "0";
    const server = await listen((req, res) => {
      req.resume();
      res.writeHead(503, { "content-type": "text/html", ...(retryAfter ? { "retry-after": retryAfter } : {}) });
      res.end("<h1>down</h1>");
    });
    const options = { baseUrl: server.url, authorization: "Bearer svc_good", timeoutMs: 1500 };
    try {
      const held = { ...options, ratePolicy: new RatePolicy() };
      for (const kind of MCP_TRANSPORTS) {
        const error = await openMcpSession(held, kind).catch((e: unknown) => e);
        expect(error).toMatchObject({
          name: "McpClientError",
          message: expect.stringMatching(/HTTP 503 with Retry-After, still after 5 retries/),
        });
        expect(isNoAnswer(error)).toBe(true);
        expect(isRateLimitError(error)).toBe(false);
      }
      expect(await probeStreamableInitialize(held, "2025-03-26")).toMatchObject({
        unanswered: true,
        error: expect.stringMatching(/unavailable/),
      });
      // A Retry-After past the deadline is not waited, and holds the key's next request unsent: no answer either.
      retryAfter = "29";
      expect(await probeSseStream(held)).toMatchObject({ unanswered: true });
      expect(await probeSseStream(held)).toMatchObject({
        unanswered: true,
        error: expect.stringMatching(/^not sent: .*503/),
      });
      // Without Retry-After a 503 is the deployment's answer, judged as any other.
      retryAfter = undefined;
      const plain = { ...options, ratePolicy: new RatePolicy() };
      const answered = await openMcpSession(plain, "streamable-http").catch((e: unknown) => e);
      expect(answered).toMatchObject({ name: "McpClientError", httpStatus: 503 });
      expect(isNoAnswer(answered)).toBe(false);
      const probe = await probeStreamableInitialize(plain, "2025-03-26");
      expect(probe).toMatchObject({ status: 503 });
      expect(probe).not.toHaveProperty("unanswered");
    } finally {
      await server.close();
    }
  });
});

describe("MCP under the key's rate limit", () => {
  async function limitedServer(rateLimit: { requests: number; perSeconds: number }) {
    let refused = 0;
    const server = await startReferenceServer({
      people: 50,
      jobs: 10,
      companies: 10,
      rateLimit,
      tap: (exchange) => void (exchange.status === 429 && refused++),
    });
    return { server, refused: () => refused };
  }

  for (const kind of MCP_TRANSPORTS) {
    it(`opens a ${kind} session, lists and calls tools on a reference limited to 2 requests a second`, async () => {
      const { server, refused } = await limitedServer({ requests: 2, perSeconds: 1 });
      const ratePolicy = new RatePolicy();
      const options = {
        baseUrl: server.url,
        authorization: `Bearer ${server.keys.active}`,
        timeoutMs: 5000,
        ratePolicy,
      };
      try {
        const session = await openMcpSession(options, kind, MCP_TRANSPORT_SPEC[kind].revision);
        try {
          expect(await session.listTools()).toHaveLength(9);
          const outcomes = await Promise.all([1, 2, 3].map(() => session.callTool("svc_get_key_status", {})));
          for (const outcome of outcomes)
            expect(outcome, JSON.stringify(outcome)).toMatchObject({ isError: false, envelope: { code: 200 } });
        } finally {
          await session.close();
        }
        const probe = await (kind === "sse"
          ? probeSseInitialize(options, "2024-11-05")
          : probeStreamableInitialize(options, "2025-03-26"));
        expect(probe.response?.result).toBeDefined();
        // The server did refuse: every answer above came after retries the policy paced.
        expect(refused()).toBeGreaterThan(0);
      } finally {
        await server.close();
      }
    }, 30_000);
  }

  for (const kind of MCP_TRANSPORTS) {
    it(`answers every ${kind} call of a queue longer than the deadline: turns are not counted`, async () => {
      const { server } = await limitedServer({ requests: 10, perSeconds: 1 });
      const ratePolicy = new RatePolicy();
      ratePolicy.setRate(4); // a turn every 250 ms: the eighth call's turn comes 2 s after the first, past 2 × 500 ms
      const options = {
        baseUrl: server.url,
        authorization: `Bearer ${server.keys.active}`,
        timeoutMs: 500,
        ratePolicy,
      };
      try {
        const session = await openMcpSession(options, kind, MCP_TRANSPORT_SPEC[kind].revision);
        try {
          const calls = Array.from({ length: 8 }, () => session.callTool("svc_get_key_status", {}));
          for (const outcome of await Promise.all(calls))
            expect(outcome).toMatchObject({ isError: false, envelope: { code: 200 } });
        } finally {
          await session.close();
        }
      } finally {
        await server.close();
      }
    }, 30_000);
  }

  for (const kind of MCP_TRANSPORTS) {
    it(`answers a ${kind} call that waits past its deadline behind the run's other requests`, async () => {
      const { server } = await limitedServer({ requests: 10, perSeconds: 1 });
      const ratePolicy = new RatePolicy();
      ratePolicy.setRate(4);
      const options = {
        baseUrl: server.url,
        authorization: `Bearer ${server.keys.active}`,
        timeoutMs: 500,
        ratePolicy,
      };
      try {
        const session = await openMcpSession(options, kind, MCP_TRANSPORT_SPEC[kind].revision);
        try {
          // Requests of other cases take the next 8 turns: this call's comes 2 s on, past its 2 × 500 ms, and nothing
          // of its session ends a wait before then. A wait still going on is the tester's queue, not silence.
          const others = Array.from({ length: 8 }, () => ratePolicy.turn(new Patience(Infinity)));
          const outcome = await session.callTool("svc_get_key_status", {});
          expect(outcome).toMatchObject({ isError: false, envelope: { code: 200 } });
          await Promise.all(others);
        } finally {
          await session.close();
        }
      } finally {
        await server.close();
      }
    }, 30_000);
  }

  it("leaves a rate-limit refusal it cannot retry visibly one: session, listing, call and probe", async () => {
    // Two requests an hour: Retry-After is far past any deadline, so nothing is retried.
    const { server } = await limitedServer({ requests: 2, perSeconds: 3600 });
    const options = { baseUrl: server.url, authorization: `Bearer ${server.keys.active}`, timeoutMs: 2000 };
    try {
      // /mcp: initialize and its notification take the two; the listing and the call meet 429.
      const session = await openMcpSession(options, "streamable-http");
      try {
        await expect(session.listTools()).rejects.toMatchObject({ name: "McpClientError", httpStatus: 429 });
        const outcome = await session.callTool("svc_get_key_status", {});
        expect(outcome).toMatchObject({ isError: true, rateLimited: true, error: expect.stringMatching(/rate limit/) });
      } finally {
        await session.close();
      }
      await expect(openMcpSession(options, "sse")).rejects.toMatchObject({ name: "McpClientError", httpStatus: 429 });
      expect(await probeStreamableInitialize(options, "2025-03-26")).toMatchObject({ status: 429, rateLimited: true });
      // With the policy, the Retry-After of the first 429 holds the next request: it is not sent at all.
      const ratePolicy = new RatePolicy();
      const held = { ...options, ratePolicy };
      expect(await probeSseStream(held)).toMatchObject({ status: 429, rateLimited: true });
      const notSent = await probeSseStream(held);
      expect(notSent).toMatchObject({ rateLimited: true, error: expect.stringMatching(/^not sent: /) });
      await expect(openMcpSession(held, "streamable-http")).rejects.toMatchObject({ httpStatus: 429 });
    } finally {
      await server.close();
    }
  });

  it("reads a JSON-RPC error sent with an HTTP error status, or the status alone, as the server's answer", async () => {
    let calls = 0;
    const agents = new Set<string | undefined>();
    // A server that answers invalid params with HTTP 400 and the JSON-RPC error in the body, then as a framework
    // validating the body does, without JSON-RPC at all.
    const handmade = await handmadeMcp((message, req) => {
      agents.add(req.headers["user-agent"]);
      if (message.method === "initialize") return { body: INITIALIZED };
      if (calls++ > 0) return { status: 400, body: '{"detail":"size: too large"}' };
      return { status: 400, body: { error: { code: -32602, message: "Invalid params: size must be at most 10000" } } };
    });
    try {
      const session = await openMcpSession({ baseUrl: handmade.url, timeoutMs: 5000 }, "streamable-http");
      try {
        const outcome = await session.callTool("svc_query_jobs", { size: 10001 });
        expect(outcome).toMatchObject({
          isError: true,
          httpStatus: 400,
          rpcError: { code: -32602, message: "Invalid params: size must be at most 10000" },
        });
        expect(outcome.error).toBeUndefined();
        expect(outcome.unanswered).toBeUndefined();
        const plain = await session.callTool("svc_query_jobs", { size: 10001 });
        expect(plain).toMatchObject({
          isError: true,
          httpStatus: 400,
          text: expect.stringContaining("size: too large"),
        });
        expect(plain.error).toBeUndefined();
        expect(plain.rpcError).toBeUndefined();
        // Every request of the session names the suite, as REST requests do.
        expect([...agents]).toEqual([expect.stringMatching(/^tdss\/\d/)]);
      } finally {
        await session.close();
      }
    } finally {
      await handmade.close();
    }
  });

  it("retries an initialize and a tool call whose result or JSON-RPC error is a rate-limit refusal", async () => {
    let calls = 0;
    let initializes = 0;
    const answers = [
      { jsonrpc: "2.0", error: { code: -32000, message: "Rate limit exceeded, slow down" } },
      { result: { content: [{ type: "text", text: '{"code":429,"msg":"too many","data":null}' }], isError: true } },
      { result: { content: [{ type: "text", text: "Too many requests: retry after 1 s" }], isError: true } },
      { result: { content: [{ type: "text", text: '{"code":200,"msg":"ok","data":{}}' }] } },
    ];
    const refusedInitialize = { error: { code: -32000, message: "Rate limit exceeded" } };
    const handmade = await handmadeMcp((message) => {
      if (message.method === "initialize") return { body: initializes++ % 3 === 0 ? refusedInitialize : INITIALIZED };
      if (message.method === "tools/call") return { body: answers[Math.min(calls++, answers.length - 1)]! };
      return { body: { result: { tools: [] } } };
    });
    try {
      const options = { baseUrl: handmade.url, timeoutMs: 5000 };
      // Without a rate policy nothing is retried: the refusal in words is the rate limit's, not the server's.
      await expect(openMcpSession(options, "streamable-http")).rejects.toMatchObject({ rateLimitedInWords: true });
      const without = await openMcpSession(options, "streamable-http");
      try {
        expect(await without.callTool("svc_get_version", {})).toMatchObject({
          rateLimited: true,
          rpcError: { message: expect.stringMatching(/Rate limit/) },
        });
        expect(await without.callTool("svc_get_version", {})).toMatchObject({
          rateLimited: true,
          envelope: { code: 429 },
        });
        expect(await without.callTool("svc_get_version", {})).toMatchObject({
          rateLimited: true,
          text: expect.stringMatching(/^Too many requests/),
        });
      } finally {
        await without.close();
      }
      calls = 0;
      initializes = 0;
      const session = await openMcpSession({ ...options, ratePolicy: new RatePolicy() }, "streamable-http");
      try {
        expect(initializes).toBe(2);
        const outcome = await session.callTool("svc_get_version", {});
        expect(outcome).toMatchObject({ isError: false, envelope: { code: 200 } });
        expect(outcome.rateLimited).toBeUndefined();
        expect(calls).toBe(4);
      } finally {
        await session.close();
      }
    } finally {
      await handmade.close();
    }
  }, 20_000);
});
