import type { IncomingMessage, ServerResponse } from "node:http";
import { McpClientError } from "../client/mcp.js";
import type { Linked } from "./mcp-linked.js";

export function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export function jsonRpcError(
  res: ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent || res.destroyed) return;
  const body = JSON.stringify({ jsonrpc: "2.0", error: { code: -32000, message }, id: null });
  res.writeHead(status, { ...headers, "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) });
  res.end(body);
}

/** The upstream session for a request, or the HTTP refusal it gets (the upstream's own status for a bad key). */
export async function linkOrRefuse(res: ServerResponse, make: () => Promise<Linked>): Promise<Linked | undefined> {
  try {
    return await make();
  } catch (error) {
    const status = error instanceof McpClientError ? error.httpStatus : undefined;
    if (status === 401 || status === 403) {
      jsonRpcError(
        res,
        status,
        `Unauthorized: the upstream refused the key (HTTP ${status})`,
        status === 401 ? { "WWW-Authenticate": 'Bearer realm="tdss-gateway"' } : {},
      );
    } else jsonRpcError(res, 502, `Bad gateway: ${(error as Error).message}`);
    return undefined;
  }
}
