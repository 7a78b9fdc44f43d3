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
  const stream = watchEventStream(res);
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  res.write = ((...args: unknown[]) => {
    if (stream()) write(": keep-alive\n\n");
    return write(...args);
  }) as typeof res.write;
}

/**
 * Whether the response turned out an event stream, once its head is written. Such a stream is sent chunked: the
 * variants lengthen it (comments) or hold it open after its last event, and a Content-Length computed for its events
 * alone would contradict both, so it is dropped.
 */
function watchEventStream(res: ServerResponse): () => boolean {
  let stream = false;
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = (...args: unknown[]) => {
    stream = isEventStream(res, args);
    if (stream) withoutContentLength(res, args);
    return writeHead(...args);
  };
  return () => stream;
}

/** Drops Content-Length from writeHead's arguments and the headers set before it. */
function withoutContentLength(res: ServerResponse, args: unknown[]): void {
  const at = args.findIndex((a) => typeof a === "object" && a !== null && !Array.isArray(a));
  if (at >= 0)
    args[at] = Object.fromEntries(
      Object.entries(args[at] as Record<string, unknown>).filter(([name]) => name.toLowerCase() !== "content-length"),
    );
  res.removeHeader("content-length");
}

/** Whether writeHead's arguments, or the headers set before it, make the response an event stream. */
function isEventStream(res: ServerResponse, args: readonly unknown[]): boolean {
  const headers = args.find((a) => typeof a === "object" && a !== null && !Array.isArray(a)) as
    Record<string, unknown> | undefined;
  const type = Object.entries(headers ?? {}).find(([name]) => name.toLowerCase() === "content-type")?.[1];
  const given = typeof type === "string" ? type : res.getHeader("content-type");
  return typeof given === "string" && /text\/event-stream/i.test(given);
}

/**
 * Keeps a response that is an event stream open `ms` after the server has written all of it, as a server that holds
 * the stream of a request for messages it might still send does (McpFaults.streamHeldMs): MCP 2025-03-26 (transports)
 * says only that the server SHOULD close the stream once its response is sent. A client that goes away ends it sooner.
 */
export function holdEventStreams(res: ServerResponse, ms: number): void {
  const stream = watchEventStream(res);
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  res.end = ((...args: unknown[]) => {
    if (!stream()) return end(...args);
    const timer = setTimeout(() => end(...args), ms);
    res.once("close", () => clearTimeout(timer));
    return res;
  }) as typeof res.end;
}
