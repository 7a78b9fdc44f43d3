import type { IncomingMessage, ServerResponse } from "node:http";

export function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export function sendJsonRpcError(
  res: ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
  data?: unknown,
): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  const body = JSON.stringify({
    jsonrpc: "2.0",
    error: { code: -32000, message, ...(data === undefined ? {} : { data }) },
    id: null,
  });
  res.writeHead(status, { ...headers, "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) });
  res.end(body);
}

export function methodNotAllowed(res: ServerResponse, allow: string, why: string): void {
  sendJsonRpcError(res, 405, `Method not allowed: ${why}`, { Allow: allow });
}
