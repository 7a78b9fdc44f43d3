import type { ServerResponse } from "node:http";

/**
 * Makes a JSON-RPC error response written to `res` go out with an HTTP error status instead of 200, as a server may
 * answer input it cannot accept (MCP 2025-03-26, transports: "it MUST return an HTTP error status code (e.g., 400 Bad
 * Request). The HTTP response body MAY comprise a JSON-RPC error response"); `statusOf` picks the status from the
 * error's code, undefined keeping 200. The head and body are held until the answer ends, so only for answers that
 * end (JSON, as /mcp sends without event streams).
 */
export function errorsWithStatus(res: ServerResponse, statusOf: (code: number) => number | undefined): void {
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
    writeHead(status === 200 ? (statusOf(errorCodeOf(body)) ?? status) : status, ...rest);
    return end(body);
  }) as typeof res.end;
}

function errorCodeOf(body: Buffer): number {
  try {
    const code = (JSON.parse(body.toString("utf8")) as { error?: { code?: unknown } } | null)?.error?.code;
    return typeof code === "number" ? code : 0;
  } catch {
    return 0;
  }
}
