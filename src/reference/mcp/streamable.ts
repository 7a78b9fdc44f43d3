import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { MCP_PATHS } from "../../contract/mcp.js";
import { header, holdEventStreams, methodNotAllowed, sendJsonRpcError } from "./http.js";
import type { McpSurface } from "./surface.js";
import { errorsWithStatus } from "./error-status.js";
import { wrappedStructuredContent } from "./wrapped-structured-content.js";

/**
 * /mcp of the reference server (§4.6), stateless: a fresh SDK server and transport per POST (src/reference/mcp/
 * handler.ts says why); under McpFaults.streamableSessions, a variant, one transport per Mcp-Session-Id.
 */
export class StreamableHttp {
  private readonly sessions = new Map<
    string,
    { transport: StreamableHTTPServerTransport; server: Server; posts: number }
  >();
  private readonly inFlight = new Set<Server>();
  constructor(private readonly surface: McpSurface) {}

  async serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const { surface } = this;
    if (!(await surface.admitted(req, res))) return;
    if (surface.faults.wrappedStructuredContent) wrappedStructuredContent(res);
    const invalidArguments = surface.faults.invalidArgumentsOnTransport;
    if (invalidArguments)
      errorsWithStatus(res, (error) => (error.code === -32602 ? invalidArguments(error) : undefined));
    if (surface.faults.streamHeldMs !== undefined) holdEventStreams(res, surface.faults.streamHeldMs);
    if (surface.faults.streamableSessions) return this.serveSession(req, res);
    if (req.method !== "POST") {
      methodNotAllowed(
        res,
        "POST",
        `${MCP_PATHS.streamableHttp} is stateless: POST each JSON-RPC message; there is no stream to open or ` +
          `session to end`,
      );
      return;
    }
    const server = surface.toolServer(surface.revisions.streamableHttp, surface.tools, "streamable-http");
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: !surface.faults.eventStreamResponses,
    });
    this.inFlight.add(server);
    res.on("close", () => {
      this.inFlight.delete(server);
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res);
  }

  private async serveSession(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const { surface, sessions } = this;
    const id = header(req, "mcp-session-id");
    const known = id === undefined ? undefined : sessions.get(id);
    if (id !== undefined && !known) return sendJsonRpcError(res, 404, `Not found: no session ${id}; initialize again`);
    if (known && req.method === "POST" && ++known.posts > (surface.faults.streamableSessionPosts ?? Infinity)) {
      // The session ends before this request is read: nothing of it is served or charged.
      sessions.delete(id!);
      void known.server.close();
      return sendJsonRpcError(res, 404, `Not found: session ${id} has ended; initialize again`);
    }
    if (known && req.method !== "POST" && surface.faults.sessionsWithoutStreamOrEnd)
      // MCP 2025-03-26 (transports): a server MAY answer GET with 405 (it offers no stream of its own) and DELETE with
      // 405 (it does not let clients end sessions).
      return methodNotAllowed(res, "POST", `${MCP_PATHS.streamableHttp} offers no stream to open, nor a session end`);
    if (known) {
      await known.transport.handleRequest(req, res);
      return;
    }
    if (req.method !== "POST") return methodNotAllowed(res, "POST", "initialize with a POST first");
    const server = surface.toolServer(surface.revisions.streamableHttp, surface.tools, "streamable-http");
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      enableJsonResponse: !surface.faults.eventStreamResponses,
      onsessioninitialized: (sessionId) => void sessions.set(sessionId, { transport, server, posts: 1 }),
    });
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
    };
    await server.connect(transport);
    await transport.handleRequest(req, res);
  }

  /** Forgets every session and request in flight and returns their servers, for the caller to close. */
  drain(): Server[] {
    const servers = [...[...this.sessions.values()].map((s) => s.server), ...this.inFlight];
    this.sessions.clear();
    this.inFlight.clear();
    return servers;
  }
}
