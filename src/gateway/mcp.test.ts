import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MCP_TRANSPORTS, openMcpSession, probeStreamableInitialize, type McpSession } from "../client/mcp.js";
import { startReferenceServer, type ReferenceServer } from "../reference/server.js";
import { startGateway, type Gateway } from "./server.js";

let upstream: ReferenceServer;
let gateway: Gateway;

beforeAll(async () => {
  upstream = await startReferenceServer({ people: 300, jobs: 60, companies: 40 });
  gateway = await startGateway({ upstream: upstream.url, port: 0, timeoutMs: 5_000 });
});
afterAll(async () => {
  await gateway?.close();
  await upstream?.close();
});

const bearer = () => `Bearer ${upstream.keys.active}`;

async function remaining(): Promise<number> {
  const r = await fetch(`${upstream.url}/auth/key/status`, { headers: { authorization: bearer() } });
  return ((await r.json()) as { data: { remaining_credits: number } }).data.remaining_credits;
}

async function withSession<T>(
  baseUrl: string,
  kind: (typeof MCP_TRANSPORTS)[number],
  fn: (s: McpSession) => Promise<T>,
): Promise<T> {
  const session = await openMcpSession({ baseUrl, authorization: bearer(), timeoutMs: 5_000 }, kind);
  try {
    return await fn(session);
  } finally {
    await session.close();
  }
}

describe.each(MCP_TRANSPORTS)("MCP through the gateway (%s)", (kind) => {
  it("lists the upstream's tools as they are, and answers the §4.6 revision of the transport", async () => {
    const direct = await withSession(upstream.url, kind, (s) => s.listTools());
    const through = await withSession(gateway.url, kind, async (s) => ({
      tools: await s.listTools(),
      revision: s.protocolVersion,
    }));
    expect(through.tools).toEqual(direct);
    expect(through.revision).toBe(kind === "sse" ? "2024-11-05" : "2025-03-26");
  });

  it("answers a blocked call itself as a tool error an agent can act on, at no cost", async () => {
    const before = await remaining();
    const outcome = await withSession(gateway.url, kind, (s) =>
      s.callTool("svc_query_people", {
        where: {
          all: [
            { field: "management_level", eq: "director" },
            { field: "skills", exists: true },
          ],
        },
        size: 3,
      }),
    );
    expect(outcome.isError).toBe(true);
    expect(outcome.text).toMatch(/not sent to the service/);
    expect(outcome.text).toMatch(
      new RegExp(
        /\/where\/all\/0\/eq \[fixed-set-value, empty\]: "director" is not a value /.source +
          /of `management_level`.* Use "Director"\./.source,
      ),
    );
    expect(outcome.envelope).toMatchObject({ code: 422, data: { blocked_by: ["fixed-set-value"] } });
    expect(await remaining()).toBe(before);
  });

  it("forwards every other call and returns the upstream's result as it came", async () => {
    const args = { where: { field: "skills", exists: true }, size: 2 };
    const direct = await withSession(upstream.url, kind, (s) => s.callTool("svc_query_people", args));
    const before = await remaining();
    const through = await withSession(gateway.url, kind, (s) => s.callTool("svc_query_people", args));
    expect(through.result).toEqual(direct.result);
    expect(before - (await remaining())).toBe(1); // charged upstream as §8 says: ceil(2/25)
    const version = await withSession(gateway.url, kind, (s) => s.callTool("svc_get_version", undefined));
    expect(version.isError).toBe(false);
  });

  it("relays a JSON-RPC error of the upstream (an unknown tool)", async () => {
    const direct = await withSession(upstream.url, kind, (s) => s.callTool("svc_no_such_tool", {}));
    const outcome = await withSession(gateway.url, kind, (s) => s.callTool("svc_no_such_tool", {}));
    expect(outcome.rpcError?.code).toBe(-32602);
    expect(outcome.rpcError).toEqual(direct.rpcError);
  });
});

it("refuses an unknown key with the upstream's 401 and a challenge, on the Streamable HTTP transport", async () => {
  const probe = await probeStreamableInitialize(
    { baseUrl: gateway.url, authorization: "Bearer svc_not_a_key", timeoutMs: 5_000 },
    "2025-03-26",
  );
  expect(probe.status).toBe(401);
  expect(probe.wwwAuthenticate).toMatch(/^Bearer/);
});
