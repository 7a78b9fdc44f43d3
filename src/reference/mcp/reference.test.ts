import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadContract, OPERATION_IDS, type OperationId } from "../../contract/index.js";
import {
  MCP_TRANSPORTS,
  MCP_TRANSPORT_SPEC,
  openMcpSession,
  probeStreamableInitialize,
  type McpSession,
} from "../../client/mcp.js";
import { startReferenceServer, type ReferenceServer } from "../index.js";
import { deriveTools } from "../../contract/mcp-tools.js";

/**
 * The MCP surface as `tdss serve` exposes it: the real reference server (small dataset), the SDK client over
 * loopback HTTP, every tool called on each transport and compared with its REST route.
 */
let server: ReferenceServer;

async function rest(
  operationId: OperationId,
  body: unknown,
  key = server.keys.active,
): Promise<{ status: number; envelope: unknown }> {
  const op = loadContract().operations.get(operationId)!;
  const response = await fetch(server.url + op.path, {
    method: op.method,
    headers: {
      Authorization: `Bearer ${key}`,
      ...(op.method === "POST" ? { "Content-Type": "application/json" } : {}),
    },
    ...(op.method === "POST" ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, envelope: await response.json() };
}

async function session(kind: (typeof MCP_TRANSPORTS)[number], key = server.keys.active): Promise<McpSession> {
  return openMcpSession(
    { baseUrl: server.url, authorization: `Bearer ${key}`, timeoutMs: 5000 },
    kind,
    MCP_TRANSPORT_SPEC[kind].revision,
  );
}

beforeAll(async () => {
  server = await startReferenceServer({ people: 200, jobs: 60, companies: 40 });
});
afterAll(() => server.close());

describe("tdss serve exposes the MCP surface (§4.6)", () => {
  for (const kind of MCP_TRANSPORTS) {
    it(`lists the nine tools and calls each one on ${kind}, answering as REST does`, async () => {
      const mcp = await session(kind);
      try {
        expect(mcp.protocolVersion).toBe(MCP_TRANSPORT_SPEC[kind].revision);
        const tools = await mcp.listTools();
        expect(tools.map((t) => t.name)).toEqual(deriveTools().map((t) => t.name));
        const people = (await rest("queryPeople", { where: { field: "full_name", exists: true }, size: 2 }))
          .envelope as { data: { profile_ids: string[] } };
        const jobs = (await rest("queryJobs", { size: 2 })).envelope as { data: Record<string, unknown> };
        const companies = (await rest("queryCompanies", { size: 2 })).envelope as { data: Record<string, unknown> };
        const idsOf = (data: Record<string, unknown>) => Object.values(data).find(Array.isArray) as string[];
        const calls: Record<OperationId, unknown> = {
          queryPeople: { where: { field: "full_name", exists: true }, size: 2 },
          searchPeople: { text: "engineer", size: 2 },
          getProfiles: { profile_ids: people.data.profile_ids },
          queryJobs: { size: 2 },
          getJobs: { job_ids: idsOf(jobs.data) },
          queryCompanies: { size: 2 },
          getCompanies: { company_ids: idsOf(companies.data) },
          getVersion: undefined,
          getKeyStatus: undefined,
        };
        for (const operationId of OPERATION_IDS.filter((id) => id !== "getKeyStatus")) {
          const args = calls[operationId] as Record<string, unknown> | undefined;
          const viaTool = await mcp.callTool(loadContract().operations.get(operationId)!.tool, args);
          const viaRest = await rest(operationId, args);
          expect(viaRest.status, operationId).toBe(200);
          expect(viaTool.isError, operationId).toBe(false);
          expect(viaTool.envelope, operationId).toEqual(viaRest.envelope);
        }
        // Key status last: nothing is charged between the two reads.
        const status = await mcp.callTool("svc_get_key_status", {});
        expect(status.envelope).toEqual((await rest("getKeyStatus", undefined)).envelope);
      } finally {
        await mcp.close();
      }
    });
  }

  it("refuses what REST refuses, with the same message, as a tool error", async () => {
    const mcp = await session("sse");
    try {
      const body = { where: { field: "citi", eq: "Berlin" } };
      const viaTool = await mcp.callTool("svc_query_people", body);
      const viaRest = await rest("queryPeople", body);
      expect(viaRest.status).toBeGreaterThanOrEqual(400);
      expect(viaTool).toMatchObject({ isError: true, envelope: viaRest.envelope });
    } finally {
      await mcp.close();
    }
  });

  it("serves the exhausted key as REST does: connected, key status free, a charged call refused", async () => {
    const mcp = await session("streamable-http", server.keys.exhausted);
    try {
      const status = await mcp.callTool("svc_get_key_status", {});
      expect(status.isError).toBe(false);
      const search = await mcp.callTool("svc_query_people", { where: { field: "full_name", exists: true }, size: 2 });
      const viaRest = await rest(
        "queryPeople",
        { where: { field: "full_name", exists: true }, size: 2 },
        server.keys.exhausted,
      );
      expect(viaRest.status).toBeGreaterThanOrEqual(400);
      expect(search).toMatchObject({ isError: true, envelope: viaRest.envelope });
    } finally {
      await mcp.close();
    }
  });

  it("refuses an unknown key on the transport with 401", async () => {
    const probe = await probeStreamableInitialize(
      { baseUrl: server.url, authorization: "Bearer svc_not_a_key" },
      "2025-03-26",
    );
    expect(probe.status).toBe(401);
    expect(probe.wwwAuthenticate).toMatch(/^Bearer/);
    expect(probe.response).toBeUndefined();
  });
});

describe("the same rate limit as REST (§4.6: the same key, limits and Credit rules)", () => {
  it("takes a token of the key's bucket for every MCP HTTP request; 429 with Retry-After on each address", async () => {
    const limited = await startReferenceServer({
      people: 50,
      jobs: 10,
      companies: 10,
      rateLimit: { requests: 6, perSeconds: 3600 },
    });
    const auth = { Authorization: `Bearer ${limited.keys.active}` };
    const json = { ...auth, "Content-Type": "application/json", Accept: "application/json, text/event-stream" };
    const initialize = JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-03-26", capabilities: {}, clientInfo: { name: "t", version: "1" } },
    });
    const toolsList = JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list", params: {} });
    const stream = new AbortController();
    const statuses: Record<string, number> = {};
    const call = async (name: string, url: string, init: RequestInit = {}) => {
      const response = await fetch(url, { ...init, signal: init.signal ?? AbortSignal.timeout(5000) });
      statuses[name] = response.status;
      return response;
    };
    try {
      // Six requests of one key, over the SSE stream, its message endpoint, /mcp and REST: one token each.
      const sse = await call("GET /sse", `${limited.url}/sse`, { headers: auth, signal: stream.signal });
      const reader = sse.body!.getReader();
      let text = "";
      while (!/event: endpoint\r?\ndata: (\S+)/.test(text))
        text += new TextDecoder().decode((await reader.read()).value);
      const endpoint = new URL(/event: endpoint\r?\ndata: (\S+)/.exec(text)![1]!, limited.url).href;
      await (
        await call("POST /mcp initialize", `${limited.url}/mcp`, { method: "POST", headers: json, body: initialize })
      ).text();
      await (
        await call("POST /mcp tools/list", `${limited.url}/mcp`, { method: "POST", headers: json, body: toolsList })
      ).text();
      await (await call("GET /mcp", `${limited.url}/mcp`, { headers: auth })).text();
      await (await call("GET /version", `${limited.url}/version`, { headers: auth })).text();
      await (await call("POST /messages", endpoint, { method: "POST", headers: json, body: initialize })).text();
      expect(statuses).toEqual({
        "GET /sse": 200,
        "POST /mcp initialize": 200,
        "POST /mcp tools/list": 200,
        "GET /mcp": 405,
        "GET /version": 200,
        "POST /messages": 202,
      });
      // The bucket is empty: every surface refuses the key's next request on the transport, with Retry-After.
      const refused = [
        ["POST /mcp", `${limited.url}/mcp`, { method: "POST", headers: json, body: toolsList }],
        ["GET /mcp", `${limited.url}/mcp`, { headers: auth }],
        ["DELETE /mcp", `${limited.url}/mcp`, { method: "DELETE", headers: auth }],
        ["GET /sse", `${limited.url}/sse`, { headers: auth }],
        ["POST /messages", endpoint, { method: "POST", headers: json, body: toolsList }],
        ["GET /version", `${limited.url}/version`, { headers: auth }],
      ] as const;
      for (const [name, url, init] of refused) {
        const response = await call(name, url, init);
        expect([name, response.status], name).toEqual([name, 429]);
        expect(Number(response.headers.get("retry-after")), name).toBeGreaterThan(0);
        const body = (await response.json()) as { error?: { message?: string }; msg?: string };
        expect(body.error?.message ?? body.msg, name).toMatch(/rate limit of 6 requests per 3600 s exceeded/);
      }
      // The key check comes first: a request without a key is refused as such, not rate-limited.
      expect((await call("anonymous", `${limited.url}/mcp`, { method: "POST", body: toolsList })).status).toBe(401);
    } finally {
      stream.abort();
      await limited.close();
    }
  });
});
