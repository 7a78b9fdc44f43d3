import { createServer, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { creditCost, OPERATION_IDS, type OperationId } from "../../contract/index.js";
import { describeErrors, requestValidator } from "../../contract/validators.js";
import type { Service, ServiceResponse } from "../service.js";
import { createMcpHandler } from "./handler.js";
import { type McpHandlerOptions } from "./options.js";
import { MCP_REVISIONS } from "../../contract/mcp.js";
import { deriveTools, toolName } from "../../contract/mcp-tools.js";

/**
 * A small Service with a real Credit ledger, standing in for the reference's: the handler under test must
 * pass requests, keys and refusals through untouched, which is what these tests observe.
 */
class LedgerService implements Service {
  readonly balances = new Map([
    ["svc_good", 1000],
    ["svc_other", 1000],
  ]);
  readonly calls: { operationId: OperationId; body: unknown; authorization: string | undefined }[] = [];
  readonly ids = Array.from({ length: 12 }, (_, i) => `p${i}`);

  async call(operationId: OperationId, body: unknown, authorization: string | undefined): Promise<ServiceResponse> {
    this.calls.push({ operationId, body, authorization });
    const key = /^Bearer (\S+)$/.exec(authorization ?? "")?.[1];
    if (!key || !this.balances.has(key)) {
      return {
        status: 401,
        envelope: { code: 401, msg: key ? "unknown API key" : "missing API key", data: null },
        headers: { "WWW-Authenticate": 'Bearer realm="fake"' },
      };
    }
    if (operationId === "getKeyStatus") return this.ok({ active: true, remaining_credits: this.balances.get(key) });
    if (operationId === "getVersion") return this.ok({ version: "fake" });
    const validate = requestValidator(operationId);
    if (!validate(body))
      return {
        status: 400,
        envelope: { code: 400, msg: `invalid request: ${describeErrors(validate.errors).join("; ")}`, data: null },
      };
    const request = body as { size?: number; profile_ids?: string[] };
    if (operationId === "getProfiles") {
      const found = request.profile_ids!.filter((id) => this.ids.includes(id));
      this.charge(key, creditCost(operationId, found.length)!);
      const results = found.map((id) => ({ profile_id: id, full_name: `Person ${id}` }));
      return this.ok({
        total: request.profile_ids!.length,
        found: found.length,
        not_found: request.profile_ids!.filter((id) => !found.includes(id)),
        results,
      });
    }
    const ids = this.ids.slice(0, request.size ?? 100);
    this.charge(key, creditCost(operationId, ids.length) ?? 0);
    return this.ok(operationId === "queryPeople" ? { profile_ids: ids, total: this.ids.length } : { ids });
  }

  private charge(key: string, credits: number): void {
    this.balances.set(key, this.balances.get(key)! - credits);
  }

  private ok(data: unknown): ServiceResponse {
    return { status: 200, envelope: { code: 200, msg: "ok", data } };
  }
}

interface Running {
  url: string;
  service: LedgerService;
  close(): Promise<void>;
}

async function serve(options: McpHandlerOptions = {}): Promise<Running> {
  const service = new LedgerService();
  const handler = createMcpHandler(service, options);
  const server: HttpServer = createServer((req, res) => {
    void handler.handle(req, res).then((handled) => {
      if (!handled) res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    service,
    async close() {
      await handler.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

type TransportKind = "streamable-http" | "sse";
const TRANSPORTS: TransportKind[] = ["streamable-http", "sse"];

/** An SDK client session; `negotiated` is the revision the client settled on, as the transport records it. */
async function connect(base: string, kind: TransportKind, key = "svc_good"): Promise<Client & { negotiated?: string }> {
  const client: Client & { negotiated?: string } = new Client({ name: "tdss-test", version: "1" });
  const headers = { Authorization: `Bearer ${key}` };
  const transport =
    kind === "streamable-http"
      ? new StreamableHTTPClientTransport(new URL("/mcp", base), { requestInit: { headers } })
      : new SSEClientTransport(new URL("/sse", base), { requestInit: { headers } });
  const setProtocolVersion = transport.setProtocolVersion.bind(transport);
  transport.setProtocolVersion = (version: string) => {
    client.negotiated = version;
    setProtocolVersion(version);
  };
  await client.connect(transport);
  return client;
}

function parseText(result: unknown): unknown {
  const content = (result as { content: { type: string; text: string }[] }).content;
  return JSON.parse(content[0]!.text);
}

const SAMPLE_ARGUMENTS: Record<OperationId, Record<string, unknown>> = {
  queryPeople: { where: { field: "full_name", exists: true }, size: 3 },
  searchPeople: { text: "engineers in Berlin", size: 2 },
  getProfiles: { profile_ids: ["p1", "p2", "nope"] },
  queryJobs: { size: 2 },
  getJobs: { job_ids: ["j1"] },
  queryCompanies: { size: 2 },
  getCompanies: { company_ids: ["c1"] },
  getVersion: {},
  getKeyStatus: {},
};

describe("createMcpHandler over loopback HTTP, with the SDK client", () => {
  let running: Running;
  beforeAll(async () => {
    running = await serve();
  });
  afterAll(() => running.close());

  for (const kind of TRANSPORTS) {
    describe(kind, () => {
      it("negotiates the revision of §4.6 and lists the nine tools with their derived schemas", async () => {
        const client = await connect(running.url, kind);
        try {
          const revision = kind === "sse" ? MCP_REVISIONS.sse : MCP_REVISIONS.streamableHttp;
          expect(client.getServerCapabilities()?.tools).toBeDefined();
          expect(client.negotiated).toBe(revision);
          const { tools } = await client.listTools();
          expect(tools.map((t) => t.name).sort()).toEqual(
            deriveTools()
              .map((t) => t.name)
              .sort(),
          );
          for (const tool of deriveTools())
            expect(tools.find((t) => t.name === tool.name)!.inputSchema).toEqual(tool.inputSchema);
        } finally {
          await client.close();
        }
      });

      it("calls every tool, passing the arguments and the key to the same Service call as REST", async () => {
        const client = await connect(running.url, kind);
        try {
          for (const operationId of OPERATION_IDS) {
            running.service.calls.length = 0;
            const result = await client.callTool({
              name: toolName(operationId),
              arguments: SAMPLE_ARGUMENTS[operationId],
            });
            expect(result.isError, operationId).toBeFalsy();
            const routeCall = running.service.calls.find((c) => c.operationId === operationId)!;
            expect(routeCall.authorization).toBe("Bearer svc_good");
            expect(routeCall.body).toEqual(
              operationId.startsWith("get") && !["getProfiles", "getJobs", "getCompanies"].includes(operationId)
                ? undefined
                : SAMPLE_ARGUMENTS[operationId],
            );
            // A fresh ledger gives what the route answers to the same request; key status reads the live one (free).
            const direct = await (operationId === "getKeyStatus" ? running.service : new LedgerService()).call(
              operationId,
              routeCall.body,
              "Bearer svc_good",
            );
            expect(parseText(result)).toEqual(direct.envelope);
            expect(result.structuredContent).toEqual(direct.envelope);
          }
        } finally {
          await client.close();
        }
      });

      it("answers a refusal as a tool error carrying the route's envelope and message", async () => {
        const client = await connect(running.url, kind);
        try {
          const result = await client.callTool({ name: "svc_query_people", arguments: { size: 3 } });
          expect(result.isError).toBe(true);
          const envelope = parseText(result) as { msg: string };
          expect(envelope.msg).toMatch(/invalid request: .*where/);
          expect(result.structuredContent).toEqual(envelope);
        } finally {
          await client.close();
        }
      });

      it("charges a tool call exactly what the Service charges its route", async () => {
        const client = await connect(running.url, kind);
        try {
          const before = running.service.balances.get("svc_good")!;
          await client.callTool({
            name: "svc_query_people",
            arguments: { where: { field: "full_name", exists: true }, size: 3 },
          });
          expect(before - running.service.balances.get("svc_good")!).toBe(1);
        } finally {
          await client.close();
        }
      });
    });
  }

  it("refuses an unknown tool with a JSON-RPC error", async () => {
    const client = await connect(running.url, "streamable-http");
    try {
      await expect(client.callTool({ name: "svc_unlock_contacts", arguments: {} })).rejects.toThrow(
        /Unknown tool: svc_unlock_contacts/,
      );
    } finally {
      await client.close();
    }
  });
});

function initialize(revision: string): string {
  return JSON.stringify({
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: { protocolVersion: revision, capabilities: {}, clientInfo: { name: "raw", version: "1" } },
  });
}

async function postInitialize(
  base: string,
  revision: string,
  headers: Record<string, string> = { Authorization: "Bearer svc_good" },
): Promise<Response> {
  return fetch(`${base}/mcp`, {
    method: "POST",
    headers: { ...headers, "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
    body: initialize(revision),
  });
}

/** Opens GET /sse and reads up to the endpoint event; the caller aborts the stream. */
async function openStream(
  base: string,
  key: string | undefined,
): Promise<{ status: number; endpoint?: string; abort(): void }> {
  const controller = new AbortController();
  const response = await fetch(`${base}/sse`, {
    headers: key ? { Authorization: `Bearer ${key}` } : {},
    signal: controller.signal,
  });
  if (response.status !== 200) return { status: response.status, abort: () => controller.abort() };
  const reader = response.body!.getReader();
  let text = "";
  while (!/event: endpoint\ndata: (\S+)\n\n/.test(text)) text += new TextDecoder().decode((await reader.read()).value);
  return { status: 200, endpoint: /event: endpoint\ndata: (\S+)/.exec(text)![1], abort: () => controller.abort() };
}

describe(
  "the transports refuse a missing or bad key with HTTP " + "401, never a JSON-RPC success (s5-same-key-rest-mcp)",
  () => {
    let running: Running;
    beforeAll(async () => {
      running = await serve();
    });
    afterAll(() => running.close());

    it("answers 401 with WWW-Authenticate on /mcp", async () => {
      const attempts: Record<string, string>[] = [
        {},
        { Authorization: "Bearer svc_wrong" },
        { Authorization: "Basic c3ZjX2dvb2Q=" },
      ];
      for (const headers of attempts) {
        const response = await postInitialize(running.url, "2025-03-26", headers);
        expect(response.status).toBe(401);
        expect(response.headers.get("www-authenticate")).toBe('Bearer realm="fake"');
        const body = (await response.json()) as { error?: { message: string }; result?: unknown };
        expect(body.result).toBeUndefined();
        expect(body.error?.message).toMatch(/^Unauthorized: (missing|unknown) API key$/);
      }
    });

    it("answers 401 on the SSE stream and on its message endpoint", async () => {
      expect((await openStream(running.url, undefined)).status).toBe(401);
      expect((await openStream(running.url, "svc_wrong")).status).toBe(401);
      const stream = await openStream(running.url, "svc_good");
      try {
        const attempts: Record<string, string>[] = [{}, { Authorization: "Bearer svc_wrong" }];
        for (const headers of attempts) {
          const response = await fetch(`${running.url}${stream.endpoint}`, {
            method: "POST",
            headers: { ...headers, "Content-Type": "application/json" },
            body: initialize("2024-11-05"),
          });
          expect(response.status).toBe(401);
          expect(response.headers.get("www-authenticate")).toBeTruthy();
        }
        const other = await fetch(`${running.url}${stream.endpoint}`, {
          method: "POST",
          headers: { Authorization: "Bearer svc_other", "Content-Type": "application/json" },
          body: initialize("2024-11-05"),
        });
        expect(other.status).toBe(403);
      } finally {
        stream.abort();
      }
    });

    it("refuses the SDK client with a bad key on both transports", async () => {
      for (const kind of TRANSPORTS) await expect(connect(running.url, kind, "svc_wrong")).rejects.toThrow();
    });

    it("answers what is not a session, not a method or not an MCP path plainly", async () => {
      const auth = { Authorization: "Bearer svc_good", "Content-Type": "application/json" };
      expect((await fetch(`${running.url}/messages`, { method: "POST", headers: auth, body: "{}" })).status).toBe(400);
      expect(
        (await fetch(`${running.url}/messages?sessionId=nope`, { method: "POST", headers: auth, body: "{}" })).status,
      ).toBe(404);
      const get = await fetch(`${running.url}/mcp`, { headers: auth });
      expect(get.status).toBe(405);
      expect(get.headers.get("allow")).toBe("POST");
      expect((await fetch(`${running.url}/sse`, { method: "POST", headers: auth })).status).toBe(405);
      expect((await fetch(`${running.url}/v1/people/query`, { method: "POST", headers: auth })).status).toBe(404);
      expect(
        (
          await fetch(`${running.url}/mcp`, {
            method: "POST",
            headers: { ...auth, Accept: "application/json, text/event-stream" },
            body: "{not json",
          })
        ).status,
      ).toBe(400);
    });
  },
);

describe("protocol revisions (s4-6-streamable-http-transport, s4-6-sse-legacy-transport)", () => {
  let running: Running;
  beforeAll(async () => {
    running = await serve();
  });
  afterAll(() => running.close());

  it("answers 2025-03-26 on /mcp whatever revision the client asks for", async () => {
    for (const asked of ["2025-03-26", "2025-11-25", "2024-11-05", "2099-01-01"]) {
      const body = (await (await postInitialize(running.url, asked)).json()) as { result: { protocolVersion: string } };
      expect(body.result.protocolVersion, asked).toBe("2025-03-26");
    }
  });
});

describe("faults for mutants, each active", () => {
  it("leaves a tool out of tools/list and refuses its call (missingTools)", async () => {
    const running = await serve({ faults: { missingTools: ["getJobs"] } });
    const client = await connect(running.url, "sse");
    try {
      const names = (await client.listTools()).tools.map((t) => t.name);
      expect(names).toHaveLength(8);
      expect(names).not.toContain("svc_get_jobs");
      await expect(client.callTool({ name: "svc_get_jobs", arguments: { job_ids: ["j1"] } })).rejects.toThrow(
        /Unknown tool/,
      );
    } finally {
      await client.close();
      await running.close();
    }
  });

  it("serves a drifted input schema (driftedSchemas)", async () => {
    const running = await serve({ faults: { driftedSchemas: ["searchPeople"] } });
    const client = await connect(running.url, "streamable-http");
    try {
      const tools = (await client.listTools()).tools;
      const drifted = tools.find((t) => t.name === "svc_search_people")!;
      expect(drifted.inputSchema).not.toEqual(deriveTools().find((t) => t.operationId === "searchPeople")!.inputSchema);
      expect(drifted.inputSchema.required).toEqual(["drifted"]);
      expect(tools.find((t) => t.name === "svc_get_jobs")!.inputSchema).toEqual(
        deriveTools().find((t) => t.operationId === "getJobs")!.inputSchema,
      );
    } finally {
      await client.close();
      await running.close();
    }
  });

  it("charges a tool call twice what REST charges (doubleCharge)", async () => {
    const running = await serve({ faults: { doubleCharge: ["queryPeople"] } });
    const client = await connect(running.url, "streamable-http");
    try {
      await client.callTool({
        name: "svc_query_people",
        arguments: { where: { field: "full_name", exists: true }, size: 3 },
      });
      expect(1000 - running.service.balances.get("svc_good")!).toBe(2);
    } finally {
      await client.close();
      await running.close();
    }
  });

  it("answers another protocol revision (revision)", async () => {
    const running = await serve({ faults: { revision: { streamableHttp: "2025-06-18", sse: "2025-03-26" } } });
    try {
      const body = (await (await postInitialize(running.url, "2025-03-26")).json()) as {
        result: { protocolVersion: string };
      };
      expect(body.result.protocolVersion).toBe("2025-06-18");
      const client = await connect(running.url, "sse");
      expect(client.negotiated).toBe("2025-03-26");
      await client.close();
    } finally {
      await running.close();
    }
  });

  it("serves MCP requests without a key (acceptUnauthenticated)", async () => {
    const running = await serve({ faults: { acceptUnauthenticated: true } });
    try {
      const response = await postInitialize(running.url, "2025-03-26", {});
      expect(response.status).toBe(200);
      expect(((await response.json()) as { result?: unknown }).result).toBeDefined();
      const stream = await openStream(running.url, undefined);
      expect(stream.status).toBe(200);
      stream.abort();
    } finally {
      await running.close();
    }
  });
});

describe("choices for variants, each active (what MCP allows besides the reference's own answers)", () => {
  it("answers invalid arguments with JSON-RPC -32602, other refusals as results (invalidArguments…)", async () => {
    // Every key passes the transport, so a refusal of the key reaches the tool as the route's 401.
    const running = await serve({
      faults: { invalidArgumentsAsRpcError: true },
      authenticate: async () => ({ ok: true }),
    });
    const client = await connect(running.url, "sse");
    const stranger = await connect(running.url, "streamable-http", "svc_stranger");
    try {
      await expect(client.callTool({ name: "svc_query_people", arguments: { size: 3 } })).rejects.toMatchObject({
        code: -32602,
        message: expect.stringMatching(/invalid request: .*where/),
      });
      const refused = await stranger.callTool({ name: "svc_get_key_status", arguments: {} });
      expect(refused.isError).toBe(true);
      expect(parseText(refused)).toMatchObject({ code: 401 });
    } finally {
      await client.close();
      await stranger.close();
      await running.close();
    }
  });

  it("answers a refusal with the route's message as plain text (refusalsAsPlainText)", async () => {
    const running = await serve({ faults: { refusalsAsPlainText: true } });
    const client = await connect(running.url, "streamable-http");
    try {
      const result = await client.callTool({ name: "svc_query_people", arguments: { size: 3 } });
      expect(result).toMatchObject({
        isError: true,
        content: [{ type: "text", text: expect.stringMatching(/^invalid request/) }],
      });
      expect(result.structuredContent).toBeUndefined();
    } finally {
      await client.close();
      await running.close();
    }
  });

  it("answers POSTs to /mcp with an event stream (eventStreamResponses)", async () => {
    const running = await serve({ faults: { eventStreamResponses: true } });
    try {
      const response = await postInitialize(running.url, "2025-03-26");
      expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
      expect(await response.text()).toMatch(/"protocolVersion":"2025-03-26"/);
    } finally {
      await running.close();
    }
  });

  it("declares more capabilities and adds members and a line for the reader (protocolExtras)", async () => {
    const running = await serve({ faults: { protocolExtras: true } });
    const client = await connect(running.url, "streamable-http");
    try {
      expect(client.getServerCapabilities()).toMatchObject({
        resources: {},
        prompts: {},
        logging: {},
        completions: {},
      });
      expect(client.getInstructions()).toBeTruthy();
      expect((await client.listResources()).resources).toEqual([]);
      expect((await client.listPrompts()).prompts).toEqual([]);
      const result = await client.callTool({ name: "svc_get_version", arguments: {} });
      const content = result.content as { type: string; text: string }[];
      expect(content).toHaveLength(2);
      expect(JSON.parse(content[1]!.text)).toMatchObject({ code: 200, msg: "ok" });
      expect(result.structuredContent).toBeUndefined();
      expect(result._meta).toBeDefined();
    } finally {
      await client.close();
      await running.close();
    }
  });

  it("sends a log message and a ping before a call's result, each event after a comment (serverChatter)", async () => {
    const running = await serve({ faults: { eventStreamResponses: true, serverChatter: true } });
    try {
      const response = await fetch(`${running.url}/mcp`, {
        method: "POST",
        headers: {
          Authorization: "Bearer svc_good",
          "Content-Type": "application/json",
          Accept: "application/json, text/event-stream",
        },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: 7,
          method: "tools/call",
          params: { name: "svc_get_version", arguments: {} },
        }),
      });
      const events = (await response.text()).split(/\n\n/).filter((e) => e.trim() !== "");
      expect(events.filter((e) => e === ": keep-alive")).toHaveLength(3);
      const messages = events.filter((e) => e.startsWith("event: message")).map((e) => e.split("data: ")[1]!);
      expect(messages.map((m) => (JSON.parse(m) as { method?: string; id?: number }).method ?? "result")).toEqual([
        "notifications/message",
        "ping",
        "result",
      ]);
      const client = await connect(running.url, "sse");
      try {
        expect(client.getServerCapabilities()?.logging).toEqual({});
        expect(parseText(await client.callTool({ name: "svc_get_version", arguments: {} }))).toMatchObject({
          code: 200,
        });
      } finally {
        await client.close();
      }
    } finally {
      await running.close();
    }
  });

  it("ends a session after its POSTs and answers its id 404 (streamableSessionPosts)", async () => {
    const running = await serve({ faults: { streamableSessions: true, streamableSessionPosts: 3 } });
    const client = await connect(running.url, "streamable-http");
    try {
      expect((await client.listTools()).tools).toHaveLength(9);
      await expect(client.callTool({ name: "svc_get_version", arguments: {} })).rejects.toMatchObject({ code: 404 });
    } finally {
      await client.close();
      await running.close();
    }
  });

  it("declares the envelope as every tool's outputSchema, which the results meet (outputSchemas)", async () => {
    const running = await serve({ faults: { outputSchemas: true } });
    const client = await connect(running.url, "streamable-http");
    try {
      const tools = (await client.listTools()).tools;
      expect(tools.every((t) => (t.outputSchema?.required ?? []).join() === "code,msg,data")).toBe(true);
      // The SDK client validates a result against the tool's outputSchema once it has listed the tools.
      const result = await client.callTool({ name: "svc_get_version", arguments: {} });
      expect(result.structuredContent).toMatchObject({ code: 200, msg: "ok" });
    } finally {
      await client.close();
      await running.close();
    }
  });

  it("lists the tools in pages, in reverse route order (toolsListPageSize)", async () => {
    const running = await serve({ faults: { toolsListPageSize: 4 } });
    const client = await connect(running.url, "sse");
    try {
      const first = await client.listTools();
      expect(first.tools.map((t) => t.name)).toEqual(
        deriveTools()
          .reverse()
          .slice(0, 4)
          .map((t) => t.name),
      );
      const names = [...first.tools.map((t) => t.name)];
      for (let cursor = first.nextCursor; cursor;) {
        const page = await client.listTools({ cursor });
        names.push(...page.tools.map((t) => t.name));
        cursor = page.nextCursor;
      }
      expect(names.sort()).toEqual(
        deriveTools()
          .map((t) => t.name)
          .sort(),
      );
      await expect(client.listTools({ cursor: "x" })).rejects.toThrow(/Invalid cursor/);
    } finally {
      await client.close();
      await running.close();
    }
  });
});
