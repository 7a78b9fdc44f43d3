import { describe, expect, it } from "vitest";
import type { McpSession } from "../../client/mcp.js";
import { CaseMcpSessions } from "./mcp-sessions.js";

/** Opens sessions that count their tools/list and close calls. */
function opener(listFails = 0) {
  const made: { session: McpSession; lists: number; closes: number }[] = [];
  const open = async () => {
    const counts = { lists: 0, closes: 0 };
    const session = {
      transport: "streamable-http",
      protocolVersion: "2025-03-26",
      serverInfo: { name: `s${made.length}`, version: "1" },
      listTools: async () => {
        if (counts.lists++ < listFails) throw new Error("no answer");
        return [{ name: "svc_query_people", inputSchema: { type: "object" } }];
      },
      callTool: async () => ({ isError: false }),
      close: async () => {
        counts.closes++;
      },
    } as unknown as McpSession;
    made.push(Object.assign(counts, { session }));
    return session;
  };
  return { made, open };
}

describe("the MCP sessions of one case", () => {
  it("lend a session to one call at a time: calls side by side open one each, later calls reuse them", async () => {
    const sessions = new CaseMcpSessions();
    const { made, open } = opener();
    const [a, b] = await Promise.all([
      sessions.borrow("streamable-http", "primary", open),
      sessions.borrow("streamable-http", "primary", open),
    ]);
    expect(a.session).not.toBe(b.session);
    await a.tools();
    sessions.giveBack(a, true);
    sessions.giveBack(b, true);
    const again = await sessions.borrow("streamable-http", "primary", open);
    expect([a.session, b.session]).toContain(again.session);
    await again.tools();
    expect(made.reduce((n, m) => n + m.lists, 0)).toBe(again === a ? 1 : 2);
    const otherTransport = await sessions.borrow("sse", "primary", open);
    const otherKey = await sessions.borrow("streamable-http", "second", open);
    expect(made.length).toBe(4);
    expect(new Set([a.session, b.session, otherTransport.session, otherKey.session]).size).toBe(4);
    await sessions.close();
    expect(made.map((m) => m.closes)).toEqual([1, 1, 1, 1]);
  });

  it("do not lend again a session whose call got no answer, and close it with the rest", async () => {
    const sessions = new CaseMcpSessions();
    const { made, open } = opener();
    const first = await sessions.borrow("sse", "primary", open);
    sessions.giveBack(first, false);
    const second = await sessions.borrow("sse", "primary", open);
    expect(second.session).not.toBe(first.session);
    await sessions.close();
    expect(made.map((m) => m.closes)).toEqual([1, 1]);
  });

  it("ask tools/list again after it failed, and once after it was answered", async () => {
    const sessions = new CaseMcpSessions();
    const { made, open } = opener(1);
    const lease = await sessions.borrow("streamable-http", "primary", open);
    await expect(lease.tools()).rejects.toThrow("no answer");
    expect((await lease.tools()).map((t) => t.name)).toEqual(["svc_query_people"]);
    await lease.tools();
    expect(made[0]!.lists).toBe(2);
    await sessions.close();
  });
});
