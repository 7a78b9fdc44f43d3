import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";

/** One request the server took and everything it answered, as bytes on the wire (an SSE stream included). */
export interface TappedExchange {
  readonly method: string;
  /** The request target as sent: path and query. */
  readonly url: string;
  readonly requestHeaders: IncomingHttpHeaders;
  readonly requestBody: Buffer;
  readonly status: number;
  readonly responseHeaders: OutgoingHttpHeaders;
  readonly responseBody: Buffer;
}

export type Tap = (exchange: TappedExchange) => void;
type Listener = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

function chunkBytes(chunk: unknown, encoding?: unknown): Buffer | undefined {
  if (chunk === undefined || chunk === null || typeof chunk === "function") return undefined;
  if (typeof chunk === "string")
    return Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
  return Buffer.from(chunk as Uint8Array);
}

/**
 * Wraps a request listener so that every exchange is reported to `tap` once the response is over (ended, or
 * closed for a stream the client left). The body is copied as the reader takes it (`data` events), never read
 * ahead, so the listener sees the request exactly as without the tap: tests validate every response of a run
 * against spec/openapi.yaml this way (docs/openapi.md).
 */
export function tapExchanges(listener: Listener, tap: Tap): Listener {
  return (req, res) => {
    const requestChunks: Buffer[] = [];
    const responseChunks: Buffer[] = [];
    const emit = req.emit.bind(req);
    req.emit = ((event: string | symbol, ...args: unknown[]) => {
      if (event === "data") requestChunks.push(chunkBytes(args[0]) ?? Buffer.alloc(0));
      return emit(event, ...args);
    }) as typeof req.emit;
    const written: OutgoingHttpHeaders = {};
    const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
    res.writeHead = (...args: unknown[]) => {
      // Headers given to writeHead alone are not kept by getHeaders(): note them here.
      const headers = args.find((a, i) => i > 0 && typeof a === "object" && a !== null);
      if (headers && !Array.isArray(headers))
        for (const [k, v] of Object.entries(headers)) written[k.toLowerCase()] = v as string;
      return writeHead(...args);
    };
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
    res.write = ((...args: unknown[]) => {
      const bytes = chunkBytes(args[0], args[1]);
      if (bytes) responseChunks.push(bytes);
      return write(...args);
    }) as typeof res.write;
    res.end = ((...args: unknown[]) => {
      const bytes = chunkBytes(args[0], args[1]);
      if (bytes) responseChunks.push(bytes);
      return end(...args);
    }) as typeof res.end;
    res.once("close", () =>
      tap({
        method: (req.method ?? "GET").toUpperCase(),
        url: req.url ?? "/",
        requestHeaders: req.headers,
        requestBody: Buffer.concat(requestChunks),
        status: res.statusCode,
        responseHeaders: { ...written, ...res.getHeaders() },
        responseBody: Buffer.concat(responseChunks),
      }),
    );
    return listener(req, res);
  };
}
