import type { IncomingMessage, ServerResponse } from "node:http";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { SSEServerTransport } from "@modelcontextprotocol/sdk/server/sse.js";
import { bearerToken } from "./auth.js";
import { MCP_PATHS } from "../../contract/mcp.js";
import { header, methodNotAllowed, sendJsonRpcError } from "./http.js";
import { messagesPathOf, sessionParamOf, writeSseStreamForm } from "./sse-stream-form.js";
import type { McpSurface } from "./surface.js";

interface SseSession {
  readonly transport: SSEServerTransport;
  readonly server: Server;
  readonly token: string | undefined;
  /** Messages the session has taken (McpFaults.sseSessionMessages). */
  messages: number;
}

/**
 * /sse of the reference server (§4.6), session-bound by design: its messages arrive on POST
 * /messages?sessionId=..., each still carrying the key, which must be the key that opened the stream.
 */
export class SseSessions {
  private readonly sessions = new Map<string, SseSession>();
  constructor(private readonly surface: McpSurface) {}

  async stream(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const { surface, sessions } = this;
    if (!(await surface.admitted(req, res))) return;
    if (req.method !== "GET") {
      methodNotAllowed(
        res,
        "GET",
        `GET ${MCP_PATHS.sse} opens the event stream; messages go to the endpoint it announces`,
      );
      return;
    }
    const form = surface.faults.sseStreamForm;
    const transport = new SSEServerTransport(messagesPathOf(form), res);
    const server = surface.toolServer(surface.revisions.sse, surface.sseTools, "sse");
    const id = transport.sessionId;
    if (form) writeSseStreamForm(req, res, form, id);
    sessions.set(id, { transport, server, token: bearerToken(header(req, "authorization")), messages: 0 });
    server.onclose = () => sessions.delete(id);
    await server.connect(transport);
  }

  async message(req: IncomingMessage, url: URL, res: ServerResponse): Promise<void> {
    const { surface, sessions } = this;
    const { faults } = surface;
    if (!(await surface.admitted(req, res))) return;
    const path = messagesPathOf(faults.sseStreamForm);
    if (req.method !== "POST") {
      methodNotAllowed(res, "POST", `${path} takes JSON-RPC messages by POST`);
      return;
    }
    const param = sessionParamOf(faults.sseStreamForm);
    const id = url.searchParams.get(param);
    if (!id)
      return sendJsonRpcError(res, 400, `Bad request: ${path} needs the ${param} announced by GET ${MCP_PATHS.sse}`);
    const session = sessions.get(id);
    if (!session)
      return sendJsonRpcError(res, 404, `Not found: no open SSE session ${id}; open GET ${MCP_PATHS.sse} again`);
    if (!faults.acceptUnauthenticated && bearerToken(header(req, "authorization")) !== session.token) {
      return sendJsonRpcError(res, 403, "Forbidden: this SSE session was opened with another key");
    }
    await session.transport.handlePostMessage(req, res);
    if (faults.sseSessionMessages !== undefined && ++session.messages >= faults.sseSessionMessages) sessions.delete(id);
  }

  /** Forgets every stream and returns their servers, for the caller to close. */
  drain(): Server[] {
    const servers = [...this.sessions.values()].map((s) => s.server);
    this.sessions.clear();
    return servers;
  }
}
