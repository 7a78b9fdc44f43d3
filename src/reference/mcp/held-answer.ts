import type { ServerResponse } from "node:http";

/** What goes out instead of a held answer: another status, another body, or both. */
export interface AnswerRewrite {
  readonly status?: number;
  readonly body?: string;
}

/**
 * Holds an answer written to `res`, head and body, until it ends, then sends what `rewrite` makes of its status and
 * body (undefined: the answer as written): how a variant of the MCP transport answers otherwise than the SDK wrote.
 * Only for answers that end (JSON, as /mcp sends without event streams).
 */
export function rewriteAnswer(
  res: ServerResponse,
  rewrite: (status: number, body: Buffer) => AnswerRewrite | undefined,
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
    const answer = rewrite(status, body);
    if (answer?.body === undefined) {
      writeHead(answer?.status ?? status, ...rest);
      return end(body);
    }
    res.removeHeader("content-length");
    writeHead(answer.status ?? status, ...rest.map(withoutContentLength));
    return end(answer.body);
  }) as typeof res.end;
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
