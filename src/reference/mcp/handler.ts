import type { IncomingMessage, ServerResponse } from "node:http";
import type { Service } from "../service.js";
import { MCP_PATHS } from "../../contract/mcp.js";
import type { ToolDefinition } from "../../contract/mcp-tools.js";
import type { McpHandlerOptions } from "./options.js";
import { commentEveryEvent, sendJsonRpcError } from "./http.js";
import { SseSessions } from "./sse.js";
import { messagesPathOf } from "./sse-stream-form.js";
import { StreamableHttp } from "./streamable.js";
import { createSurface } from "./surface.js";

export interface McpHandler {
  /** Serves an MCP request; resolves to false, without touching `res`, when the path is not an MCP path. */
  handle(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
  /** Ends the open SSE streams and the servers behind them. */
  close(): Promise<void>;
  /** The tools served, after faults. */
  readonly tools: readonly ToolDefinition[];
}

/**
 * The MCP surface of the reference server (§4.6): Streamable HTTP at /mcp and legacy SSE at /sse with its
 * message endpoint, each serving the nine tools of §4.1 over the same Service as REST.
 *
 * /mcp is stateless (a fresh SDK server and transport per POST, JSON responses, no Mcp-Session-Id): the key is
 * checked on every request anyway, a tool call completes inside its own POST, the server never sends a request
 * of its own, and nothing is held in memory for a client that goes away without a DELETE. GET and DELETE on
 * /mcp therefore answer 405, which the protocol allows. /sse is session-bound by design: its messages arrive on
 * POST /messages?sessionId=..., each still carrying the key, which must be the key that opened the stream.
 *
 * Throws ToolAgreementError when the tool list disagrees with spec/openapi.yaml (s4-1-tool-schema-agreement).
 */
export function createMcpHandler(service: Service, options: McpHandlerOptions = {}): McpHandler {
  const surface = createSurface(service, options);
  const streamable = new StreamableHttp(surface);
  const sse = new SseSessions(surface);
  let closed = false;
  return {
    tools: surface.tools,
    async handle(req, res) {
      const url = new URL(req.url ?? "/", "http://mcp.invalid");
      const route =
        url.pathname === MCP_PATHS.streamableHttp
          ? () => streamable.serve(req, res)
          : url.pathname === MCP_PATHS.sse
            ? () => sse.stream(req, res)
            : url.pathname === messagesPathOf(surface.faults.sseStreamForm)
              ? () => sse.message(req, url, res)
              : undefined;
      if (!route) return false;
      if (closed) {
        sendJsonRpcError(res, 503, "Service unavailable: the MCP surface is shutting down");
        return true;
      }
      if (surface.faults.serverChatter) commentEveryEvent(res);
      try {
        await route();
      } catch (error) {
        sendJsonRpcError(res, 500, `Internal error: ${(error as Error).message}`);
      }
      return true;
    },
    async close() {
      closed = true;
      const servers = [...sse.drain(), ...streamable.drain()];
      await Promise.allSettled(servers.map((server) => server.close()));
    },
  };
}
