import type { IncomingHttpHeaders } from "node:http";
import type { Readable } from "node:stream";
import { Pool } from "undici";

/** Headers that describe one connection, not the message (RFC 9110 §7.6.1): never passed on by a proxy. */
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "transfer-encoding",
  "te",
  "trailer",
  "upgrade",
  "host",
]);

export interface UpstreamResponse {
  readonly status: number;
  readonly headers: Record<string, string | string[]>;
  readonly body: Readable;
}

/** Why the upstream gave no response: unreachable (502) or too slow (504). */
export class UpstreamError extends Error {
  override readonly name = "UpstreamError";
  constructor(
    message: string,
    readonly status: 502 | 504,
  ) {
    super(message);
  }
}

/** Headers of a message without the hop-by-hop ones, in the shape undici and node:http both take. */
export function endToEnd(
  headers: IncomingHttpHeaders | Record<string, string | string[] | undefined>,
): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers))
    if (value !== undefined && !HOP_BY_HOP.has(name.toLowerCase())) out[name] = value;
  return out;
}

/**
 * The upstream deployment: a pooled undici client bound to its origin. Requests go to that origin only (a path
 * prefix of the URL is kept), redirects are never followed (undici's default), and each exchange, body
 * included, ends within the timeout.
 */
export class Upstream {
  readonly origin: string;
  private readonly prefix: string;
  private readonly pool: Pool;

  constructor(
    baseUrl: string,
    readonly timeoutMs: number,
  ) {
    const url = new URL(baseUrl);
    this.origin = url.origin;
    this.prefix = url.pathname.replace(/\/+$/, "");
    this.pool = new Pool(this.origin, {
      connections: 64,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      pipelining: 1,
    });
  }

  /** The URL a gateway path is forwarded to. */
  url(pathAndQuery: string): string {
    return `${this.origin}${this.prefix}${pathAndQuery}`;
  }

  async send(
    method: string,
    pathAndQuery: string,
    headers: Record<string, string | string[]>,
    body?: Uint8Array,
  ): Promise<UpstreamResponse> {
    const signal = AbortSignal.timeout(this.timeoutMs);
    try {
      const response = await this.pool.request({
        path: `${this.prefix}${pathAndQuery}`,
        method: method,
        headers,
        ...(body !== undefined ? { body } : {}),
        signal,
      });
      return { status: response.statusCode, headers: endToEnd(response.headers), body: response.body };
    } catch (error) {
      const e = error as { name?: string; code?: string; message?: string };
      if (signal.aborted || e.code === "UND_ERR_HEADERS_TIMEOUT" || e.name === "TimeoutError") {
        throw new UpstreamError(`the upstream ${this.origin} did not answer within ${this.timeoutMs} ms`, 504);
      }
      throw new UpstreamError(
        `the upstream ${this.origin} could not be reached: ${e.code ?? e.message ?? "unknown error"}`,
        502,
      );
    }
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
