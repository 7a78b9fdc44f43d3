import type { IncomingMessage, ServerResponse } from "node:http";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { MCP_PATHS } from "../contract/mcp.js";
import { type McpProxyContext } from "./mcp-context.js";
import type { IdleLinks } from "./mcp-idle-links.js";
import { header, jsonRpcError, linkOrRefuse } from "./mcp-refusal.js";
import { toolServer } from "./mcp-tool-server.js";

/**
 * One Streamable HTTP POST (§4.6), answered in JSON by a stateless SDK server over the upstream session kept for its
 * key; `open` holds the servers of the requests still in flight.
 */
export async function serveStreamableHttp(
  ctx: McpProxyContext,
  idle: IdleLinks,
  open: Set<Server>,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  if (req.method !== "POST") {
    req.resume();
    return jsonRpcError(res, 405, `Method not allowed: POST each JSON-RPC message to ${MCP_PATHS.streamableHttp}`, {
      Allow: "POST",
    });
  }
  const linked = await linkOrRefuse(res, () => idle.get(header(req, "authorization")));
  if (!linked) {
    req.resume();
    return;
  }
  const server = toolServer(ctx, "streamable-http", linked);
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  open.add(server);
  res.on("close", () => {
    open.delete(server);
    void server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(req, res);
}
