import type { IncomingMessage, ServerResponse } from "node:http";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { MCP_PATHS } from "../contract/mcp.js";
import type { McpProxyContext } from "./mcp-context.js";
import { IdleLinks } from "./mcp-idle-links.js";
import { jsonRpcError } from "./mcp-refusal.js";
import { SseSessions } from "./mcp-sse.js";
import { serveStreamableHttp } from "./mcp-streamable.js";

/**
 * The gateway's MCP surface (§4.6), built with the official SDK on both sides: a server towards the client and a
 * client towards the upstream, carrying the client's own Authorization header. tools/list is the upstream's list;
 * a tools/call whose arguments the linter blocks is answered here as a tool error that costs nothing; every
 * other call is forwarded and its result returned as it came (src/gateway/mcp-tool-server.ts).
 */
export function createMcpProxy(ctx: McpProxyContext) {
  const idle = new IdleLinks(ctx);
  const sse = new SseSessions(ctx);
  const open = new Set<Server>();
  return {
    /** Serves an MCP request; false, without touching `res`, when the path is not an MCP path. */
    async handle(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
      const url = new URL(req.url ?? "/", "http://gateway.invalid");
      const serve =
        url.pathname === MCP_PATHS.streamableHttp
          ? (rq: IncomingMessage, rs: ServerResponse) => serveStreamableHttp(ctx, idle, open, rq, rs)
          : url.pathname === MCP_PATHS.sse
            ? (rq: IncomingMessage, rs: ServerResponse) => sse.stream(rq, rs)
            : url.pathname === MCP_PATHS.messages
              ? (rq: IncomingMessage, rs: ServerResponse) => sse.message(rq, url, rs)
              : undefined;
      if (!serve) return false;
      try {
        await serve(req, res);
      } catch (error) {
        jsonRpcError(res, 500, `Internal error: ${(error as Error).message}`);
      }
      return true;
    },
    async close(): Promise<void> {
      const linked = idle.close();
      const servers = [...sse.drain(), ...open];
      open.clear();
      await Promise.allSettled([...linked, ...servers.map((s) => s.close())]);
    },
  };
}
