import type { IncomingMessage, ServerResponse } from "node:http";
import { MCP_PATHS } from "../../contract/mcp.js";
import { header } from "./http.js";

/**
 * How another MCP server writes its legacy SSE stream (a variant, McpFaults.sseStreamForm; s4-6-mcp-protocol-latitude).
 * MCP 2024-11-05 (transports, HTTP with SSE) asks only that the stream's first event, `endpoint`, give "a URI for the
 * client to use for sending messages" and that server messages be `message` events; the rest is the server's own.
 */
export interface SseStreamForm {
  /** The path of the message endpoint (the reference: /messages). */
  readonly messagesPath: string;
  /** The query parameter naming the session at that endpoint (the reference and the TypeScript SDK: sessionId). */
  readonly sessionParam: string;
  /** The endpoint announced as an absolute URL on the stream's own origin, not as a path. */
  readonly absoluteEndpoint: boolean;
  /**
   * Every this many milliseconds, and once right after the endpoint event, the stream carries a comment line and a
   * ping request of the server's own, numbered from 1 by a counter of its own (a keep-alive that asks the client to
   * answer, as some servers send); every line ends in CR LF, as sse-starlette writes it.
   */
  readonly keepAliveMs: number;
}

/** The path messages of the SSE transport are POSTed to. */
export function messagesPathOf(form: SseStreamForm | undefined): string {
  return form?.messagesPath ?? MCP_PATHS.messages;
}

/** The query parameter that names the SSE session at the message endpoint. */
export function sessionParamOf(form: SseStreamForm | undefined): string {
  return form?.sessionParam ?? "sessionId";
}

/**
 * Rewrites what the SDK's SSEServerTransport writes on `res` into `form`: the endpoint event names the form's path and
 * parameter (absolute where the form says), every line ends in CR LF, and keep-alive comments and pings join the
 * stream until it closes. JSON-RPC messages are written by JSON.stringify, which escapes every line break inside them,
 * so only the event framing changes.
 */
export function writeSseStreamForm(
  req: IncomingMessage,
  res: ServerResponse,
  form: SseStreamForm,
  sessionId: string,
): void {
  const original = res.write.bind(res) as (...args: unknown[]) => boolean;
  const write = (text: string) => original(text);
  const origin = `http://${header(req, "host") ?? "localhost"}`;
  const endpoint = `${form.absoluteEndpoint ? origin : ""}${form.messagesPath}?${form.sessionParam}=${sessionId}`;
  let pings = 0;
  const keepAlive = () => {
    write(`: ping - ${new Date().toISOString()}\r\n\r\n`);
    const ping = JSON.stringify({ jsonrpc: "2.0", id: ++pings, method: "ping" });
    write(`event: message\r\ndata: ${ping}\r\n\r\n`);
  };
  let timer: NodeJS.Timeout | undefined;
  res.on("close", () => clearInterval(timer));
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    if (typeof chunk !== "string") return original(chunk, ...rest);
    const announced = chunk.startsWith("event: endpoint\n");
    const framed = (announced ? `event: endpoint\ndata: ${endpoint}\n\n` : chunk).replaceAll("\n", "\r\n");
    const written = write(framed);
    if (announced) {
      keepAlive();
      timer = setInterval(keepAlive, form.keepAliveMs);
      timer.unref();
    }
    return written;
  }) as typeof res.write;
}
