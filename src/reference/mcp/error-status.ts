import type { ServerResponse } from "node:http";

/** How a JSON-RPC error response goes out instead: its HTTP status, and a body in place of the JSON-RPC one. */
export interface ErrorAnswer {
  readonly status: number;
  readonly body?: string;
}

/**
 * Makes a JSON-RPC error response written to `res` go out with an HTTP error status instead of 200, as a server may
 * answer input it cannot accept (MCP 2025-03-26, transports: "it MUST return an HTTP error status code (e.g., 400 Bad
 * Request). The HTTP response body MAY comprise a JSON-RPC error response"); `answerOf` picks the status, and a body
 * of the server's own if any, from the error's code and message, undefined keeping the answer as written. The head
 * and body are held until the answer ends, so only for answers that end (JSON, as /mcp sends without event streams).
 */
export function errorsWithStatus(
  res: ServerResponse,
  answerOf: (error: { readonly code: number; readonly message: string }) => ErrorAnswer | undefined,
): void {
  const writeHead = res.writeHead.bind(res) as (status: number, ...rest: unknown[]) => ServerResponse;
  const write = res.write.bind(res) as (chunk: unknown) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  let head: [number, ...unknown[]] | undefined;
  const held: Buffer[] = [];
  const hold = (chunk: unknown) => {
    if (typeof chunk === "string") held.push(Buffer.from(chunk));
    else if (chunk instanceof Uint8Array) held.push(Buffer.from(chunk));
  };
  res.writeHead = (status: number, ...rest: unknown[]) => {
    head = [status, ...rest];
    return res;
  };
  res.write = ((chunk: unknown) => {
    if (!head) return write(chunk);
    hold(chunk);
    return true;
  }) as typeof res.write;
  res.end = ((chunk?: unknown) => {
    if (!head) return end(chunk);
    if (typeof chunk !== "function") hold(chunk);
    const body = Buffer.concat(held);
    const [status, ...rest] = head;
    head = undefined;
    const error = status === 200 ? errorOf(body) : undefined;
    const answer = error && answerOf(error);
    if (!answer) {
      writeHead(status, ...rest);
      return end(body);
    }
    if (answer.body === undefined) {
      writeHead(answer.status, ...rest);
      return end(body);
    }
    res.removeHeader("content-length");
    writeHead(answer.status, ...rest.map(withoutContentLength));
    return end(answer.body);
  }) as typeof res.end;
}

function errorOf(body: Buffer): { code: number; message: string } | undefined {
  try {
    const error = (JSON.parse(body.toString("utf8")) as { error?: { code?: unknown; message?: unknown } } | null)
      ?.error;
    if (typeof error?.code !== "number") return undefined;
    return { code: error.code, message: typeof error.message === "string" ? error.message : "" };
  } catch {
    return undefined;
  }
}

/** Header fields as writeHead takes them (an object, or a flat or paired list), without Content-Length. */
function withoutContentLength(headers: unknown): unknown {
  const isLength = (name: unknown) => typeof name === "string" && name.toLowerCase() === "content-length";
  if (Array.isArray(headers)) {
    if (headers.every((h) => Array.isArray(h))) return headers.filter((h: unknown[]) => !isLength(h[0]));
    const kept: unknown[] = [];
    for (let i = 0; i < headers.length; i += 2) if (!isLength(headers[i])) kept.push(headers[i], headers[i + 1]);
    return kept;
  }
  if (typeof headers !== "object" || headers === null) return headers;
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !isLength(name)));
}
