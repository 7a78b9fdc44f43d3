import type { IncomingMessage, ServerResponse } from "node:http";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { SSEServerTransport } from "@modelcontextprotocol/sdk/server/sse.js";
import { MCP_PATHS } from "../contract/mcp.js";
import { type McpProxyContext } from "./mcp-context.js";
import { link, type Linked } from "./mcp-linked.js";
import { header, jsonRpcError, linkOrRefuse } from "./mcp-refusal.js";
import { toolServer } from "./mcp-tool-server.js";

/** The gateway's HTTP+SSE streams (§4.6): a GET opens one with its own upstream session, POSTs carry its messages. */
export class SseSessions {
  private readonly sessions = new Map<
    string,
    { transport: SSEServerTransport; server: Server; linked: Linked; authorization: string | undefined }
  >();
  constructor(private readonly ctx: McpProxyContext) {}

  async stream(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== "GET") {
      req.resume();
      return jsonRpcError(res, 405, `Method not allowed: GET ${MCP_PATHS.sse} opens the event stream`, {
        Allow: "GET",
      });
    }
    const authorization = header(req, "authorization");
    const linked = await linkOrRefuse(res, () => link(this.ctx, "sse", authorization));
    if (!linked) return;
    const transport = new SSEServerTransport(MCP_PATHS.messages, res);
    const server = toolServer(this.ctx, "sse", linked);
    const id = transport.sessionId;
    this.sessions.set(id, { transport, server, linked, authorization });
    server.onclose = () => {
      this.sessions.delete(id);
      void linked.session.close();
    };
    await server.connect(transport);
  }

  async message(req: IncomingMessage, url: URL, res: ServerResponse): Promise<void> {
    if (req.method !== "POST") {
      req.resume();
      return jsonRpcError(res, 405, `Method not allowed: POST messages to ${MCP_PATHS.messages}`, {
        Allow: "POST",
      });
    }
    const session = this.sessions.get(url.searchParams.get("sessionId") ?? "");
    if (!session) {
      req.resume();
      return jsonRpcError(res, 404, `Not found: no open SSE session; open GET ${MCP_PATHS.sse} again`);
    }
    if (header(req, "authorization") !== session.authorization) {
      req.resume();
      return jsonRpcError(res, 403, "Forbidden: this SSE session was opened with another key");
    }
    await session.transport.handlePostMessage(req, res);
  }

  /** Forgets every stream and returns their servers, for the caller to close. */
  drain(): Server[] {
    const servers = [...this.sessions.values()].map((s) => s.server);
    this.sessions.clear();
    return servers;
  }
}
