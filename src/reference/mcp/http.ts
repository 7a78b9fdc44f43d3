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

/**
 * Makes every event of the response, when it is an event stream, come after a comment line, which a reader of server-
 * sent events skips (WHATWG HTML, "Event stream interpretation": a line starting with a colon is ignored); proxies and
 * servers send them to keep an idle stream open (McpFaults.serverChatter).
 */
export function commentEveryEvent(res: ServerResponse): void {
  let stream = false;
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = (...args: unknown[]) => {
    const at = args.findIndex((a) => typeof a === "object" && a !== null && !Array.isArray(a));
    const headers = (args[at] ?? {}) as Record<string, unknown>;
    const type = Object.entries(headers).find(([name]) => name.toLowerCase() === "content-type")?.[1];
    const given = typeof type === "string" ? type : res.getHeader("content-type");
    stream = typeof given === "string" && /text\/event-stream/i.test(given);
    // The comments lengthen the body, so a length computed for the events alone is dropped (the body goes chunked).
    if (stream && at >= 0)
      args[at] = Object.fromEntries(
        Object.entries(headers).filter(([name]) => name.toLowerCase() !== "content-length"),
      );
    if (stream) res.removeHeader("content-length");
    return writeHead(...args);
  };
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  res.write = ((...args: unknown[]) => {
    if (stream) write(": keep-alive\n\n");
    return write(...args);
  }) as typeof res.write;
}
