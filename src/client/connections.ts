import type { Socket } from "node:net";
import { pipeline, type Readable, type Transform } from "node:stream";
import {
  brotliDecompressSync,
  createBrotliDecompress,
  createGunzip,
  createInflate,
  gunzipSync,
  inflateSync,
} from "node:zlib";
import { Agent, buildConnector, request } from "undici";
import { packageVersion } from "../lint/version.js";

/**
 * The longest the run keeps a connection idle before it closes it itself (docs/runner-robustness.md, "Idle
 * connections"). A deployment may close an idle connection at any time and need not say when (RFC 9112 §9.3 and
 * §9.6; a load balancer's keep-alive limit is often 1 s): a request sent on a connection the deployment is closing
 * meets a reset. Closing first, well before the shortest usual limit, leaves no such race; a `Keep-Alive: timeout`
 * the deployment announces shortens it further, less this much of margin (undici's keepAliveTimeoutThreshold).
 */
export const IDLE_CONNECTION_MS = 500;

/** Errors of a connection that closed under a request, and whether that connection had served a request before. */
const lost = new WeakMap<object, { readonly reused: boolean; readonly answered: boolean }>();

/**
 * Thrown instead of writing a request on a connection idle longer than IDLE_CONNECTION_MS (`follow`): undici then
 * fails the request with it and drops the connection, and the request, never sent, may be sent on another whatever
 * its method.
 */
class IdleConnectionExpired extends Error {
  override readonly name = "IdleConnectionExpired";
}

/** Codes of a connection closed or reset by the other side (node:net, undici's SocketError). */
const CLOSED = new Set(["ECONNRESET", "EPIPE", "ECONNABORTED", "UND_ERR_SOCKET"]);

/**
 * Follows one connection: how many requests it carried (a write after an answer began starts the next one) and
 * whether any byte answered the current one, so that an error it ends with can say whether the request met a
 * connection the deployment had closed while idle (`idleClose`). Its listener comes before undici's, so the error is
 * known here before any request fails with it.
 *
 * A request is written on a connection only within IDLE_CONNECTION_MS of the previous request's first byte (or of
 * the connection's opening), by the clock: the deployment's idle time starts no earlier than it received that
 * request, so this request cannot meet its close unless its limit is shorter than that plus one trip. undici's own
 * timer (from the last answer) is not enough alone: a timer, and the reading of an answer, come late while the event
 * loop is busy (a check over a large answer, a loaded machine), and a request written then races the close.
 */
function follow(socket: Socket): void {
  let requests = 0;
  let readAtStart = 0;
  let since = performance.now();
  let expired = false;
  const write = socket.write.bind(socket);
  socket.write = function (...args: Parameters<Socket["write"]>) {
    if (!expired && (requests === 0 || socket.bytesRead > readAtStart)) {
      const now = performance.now();
      if (now - since > IDLE_CONNECTION_MS) {
        // Nothing of the request is written, and undici, told its writes went through, fails the request with this
        // error once the connection is destroyed (a throw here would leave undici's idle timer armed under a request).
        expired = true;
        const error = new IdleConnectionExpired(`connection unused for ${Math.round(now - since)} ms; not used again`);
        process.nextTick(() => socket.destroy(error));
      } else {
        since = now;
        requests++;
        readAtStart = socket.bytesRead;
      }
    }
    if (!expired) return write(...args);
    const callback = args.find((a) => typeof a === "function") as ((error?: Error) => void) | undefined;
    if (callback) process.nextTick(callback, new IdleConnectionExpired("connection dropped before the request"));
    return true;
  } as Socket["write"];
  socket.on("error", (error: Error & { code?: string }) => {
    if (error.code !== undefined && CLOSED.has(error.code))
      lost.set(error, { reused: requests > 1, answered: socket.bytesRead > readAtStart });
  });
}

/** A connection pool of the run: idle connections closed after IDLE_CONNECTION_MS, each followed (`follow`). */
export function createAgent(options: { readonly connections?: number; readonly connectTimeoutMs: number }): Agent {
  const connector = buildConnector({ timeout: options.connectTimeoutMs });
  return new Agent({
    ...(options.connections === undefined ? {} : { connections: options.connections }),
    keepAliveTimeout: IDLE_CONNECTION_MS,
    keepAliveMaxTimeout: IDLE_CONNECTION_MS,
    keepAliveTimeoutThreshold: IDLE_CONNECTION_MS,
    connect: (connectOptions, callback) =>
      connector(connectOptions, (error, socket) => {
        if (socket) follow(socket);
        // buildConnector's callback takes an error or a socket, never both; its overloads say so.
        if (error) callback(error, null);
        else callback(null, socket);
      }),
  });
}

/** The content codings the runner undoes (RFC 9110 §8.4.1), as a stream and all at once. */
const CODINGS: Readonly<Record<string, { readonly stream: () => Transform; readonly whole: typeof gunzipSync }>> = {
  gzip: { stream: createGunzip, whole: gunzipSync },
  "x-gzip": { stream: createGunzip, whole: gunzipSync },
  deflate: { stream: createInflate, whole: inflateSync },
  br: { stream: createBrotliDecompress, whole: brotliDecompressSync },
};

/**
 * The codings a Content-Encoding names, the last applied first; [] when there is none to undo, or when one is a coding
 * the runner does not know (the body is then read as it came). The runner sends no Accept-Encoding, which leaves the
 * deployment free to use any coding (RFC 9110 §12.5.3: "any content coding is considered acceptable"), so a
 * compressed answer is read as the answer it is, a refusal's too (docs/runner-robustness.md, "Bounded time").
 */
function codingsToUndo(contentEncoding: string | string[] | undefined): string[] {
  const codings = [contentEncoding ?? []]
    .flat()
    .flatMap((value) => value.split(","))
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== "" && coding !== "identity");
  return codings.every((coding) => coding in CODINGS) ? codings.reverse() : [];
}

/**
 * A whole body with its content codings undone, or "too large" when it decodes to more than `maxBytes`. A body that
 * does not decode is returned as it came: it is the deployment's answer, which no check reads as the envelope (a
 * failure where one is judged), not a transport's failure.
 */
export function decodedContent(
  contentEncoding: string | string[] | undefined,
  raw: Buffer,
  maxBytes: number,
): Buffer | "too large" {
  let body = raw;
  try {
    for (const coding of codingsToUndo(contentEncoding))
      body = CODINGS[coding]!.whole(body, { maxOutputLength: maxBytes + 1 });
  } catch (error) {
    if ((error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") return "too large";
    return raw;
  }
  return body.length > maxBytes ? "too large" : body;
}

/**
 * A body as it streams in, with its content codings undone (`decodedContent` for a stream: an MCP event stream may be
 * compressed too); destroying the stream returned destroys the body.
 */
function decodedStream(contentEncoding: string | string[] | undefined, body: Readable): Readable {
  const codings = codingsToUndo(contentEncoding);
  if (codings.length === 0) return body;
  return pipeline(
    [body, ...codings.map((coding) => CODINGS[coding]!.stream())],
    () => undefined,
  ) as unknown as Readable;
}

/**
 * What a failed request's error (or its cause) says of an idle connection:
 * - `unsent`: the request was never written, its connection having been idle too long (`follow`); any request may
 *   be sent again;
 * - `closed`: the deployment closed or reset a connection that had already carried an answer, under the request and
 *   before any byte of its answer: a connection it held idle, as RFC 9112 §9.3.1 says a client must expect. The
 *   request was most likely never processed, but may have been;
 * - undefined: a failure like any other.
 * Neither of the first two says anything of whether the deployment is reachable (src/client/transport-health.ts).
 */
export function idleClose(error: unknown): "unsent" | "closed" | undefined {
  for (let e = error, depth = 0; typeof e === "object" && e !== null && depth < 4; depth++) {
    if (e instanceof IdleConnectionExpired) return "unsent";
    const seen = lost.get(e);
    if (seen) return seen.reused && !seen.answered ? "closed" : undefined;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * Methods a request may be sent again with after a connection closed under it (RFC 9110 §9.2.2: idempotent; RFC
 * 9112 §9.3.1 allows re-sending them automatically).
 */
export function isIdempotent(method: string | undefined): boolean {
  return ["GET", "HEAD", "OPTIONS", "TRACE", "PUT", "DELETE"].includes((method ?? "GET").toUpperCase());
}

/** What a request met that `idleClose` calls `closed`, as a report says it. */
export const CLOSED_BEFORE_ANSWER =
  "connection closed by the server before any answer, on a connection that had carried an earlier one (RFC 9112 " +
  "§9.3.1: a server may close an idle connection at any time)";

/**
 * Whether a request an idle connection failed (`idleClose`) is sent again, on another connection, after `resends`
 * such attempts: one never written, whatever its method (each attempt gives up one connection of the pool, so a new
 * one comes at last); one that met a close, when its method allows it (RFC 9112 §9.3.1, `resendable`), a few times.
 */
export function resendAfterIdle(idle: "unsent" | "closed" | undefined, resends: number, resendable: boolean): boolean {
  if (idle === "unsent") return resends < 100;
  return idle === "closed" && resendable && resends < 3;
}

/**
 * The User-Agent of every request the run sends, REST and MCP, unless a step sets its own: undici sends none, and a
 * gateway or web application firewall in front of a deployment may refuse a request without one.
 */
export function userAgent(): string {
  return `tdss/${packageVersion()}`;
}

let mcpAgent: Agent | undefined;

/** What a body read up to a cap gave: every byte, or the bytes before it passed the cap or failed. */
export interface ReadBody {
  readonly chunks: readonly Uint8Array[];
  /** The body was longer than the cap: it was destroyed there. */
  readonly pastCap?: true;
  /** The error the read met (a reset, the deadline's abort). */
  readonly failure?: unknown;
}

/** Reads a body whole, stopping (and destroying it) once it passes `maxBytes`. REST and MCP answers are read so. */
export async function readCapped(body: Readable, maxBytes: number): Promise<ReadBody> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for await (const chunk of body) {
      size += (chunk as Uint8Array).byteLength;
      if (size > maxBytes) {
        body.destroy();
        return { chunks, pastCap: true };
      }
      chunks.push(chunk as Uint8Array);
    }
    return { chunks };
  } catch (error) {
    return { chunks, failure: error };
  }
}

/** A web stream of what was read, ending as the read ended: closed, or errored with its failure. */
function replayed(chunks: readonly Uint8Array[], failure: unknown): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new Uint8Array(chunk));
      if (failure === undefined) controller.close();
      else controller.error(failure);
    },
  });
}

/**
 * A body as a web stream that a reader may cancel at any point (Node 20's Readable.toWeb, and undici's own stream of
 * a body, close or enqueue into a stream already cancelled, and throw where nothing can catch it); past `maxBytes`
 * it errors with `tooLarge()`.
 */
function webBody(
  body: AsyncIterable<Uint8Array> & { destroy(): void },
  maxBytes: number,
  tooLarge: () => Error,
): ReadableStream<Uint8Array> {
  const chunks = body[Symbol.asyncIterator]();
  let cancelled = false;
  let size = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await chunks.next();
        if (cancelled) return;
        if (next.done === true) return controller.close();
        size += next.value.byteLength;
        if (size <= maxBytes) return controller.enqueue(new Uint8Array(next.value));
        body.destroy();
        controller.error(tooLarge());
      } catch (error) {
        if (!cancelled) controller.error(error);
      }
    },
    cancel() {
      cancelled = true;
      body.destroy();
    },
  });
}

/** Statuses whose response has no body (RFC 9110 §6.4.1), which a Response cannot be given one for. */
const NO_BODY = new Set([101, 103, 204, 205, 304]);

/** What a poolFetch answer's body may be: its cap, and the error a reader meets past it. */
export interface BodyCap {
  readonly maxBytes: number;
  readonly tooLarge: () => Error;
}

/**
 * fetch over the MCP clients' pool (one for the process, as the global fetch's is): every MCP request, of a session or
 * a probe, on connections kept idle no longer than REST's, and sent as the HTTP client sends REST requests (undici's
 * `request`, which writes a request at once on the connection it is given, so that a close met before is never taken
 * for one met after). Redirects are not followed. A Request object (which the MCP SDK does not pass) goes by the
 * global fetch. A body past `cap` (decoded bytes) errors for its reader with `cap.tooLarge()`.
 *
 * An event stream is handed on as it streams in; any other body (a JSON answer, a refusal) is read whole first and
 * handed on as read, ending as its read ended (an error met mid-body reaches the reader as it would have), which
 * costs a fraction of a web stream pulled chunk by chunk (docs/benchmarks.md, "The run's own work").
 */
export async function poolFetch(
  input: Parameters<typeof fetch>[0],
  init: RequestInit | undefined,
  cap: BodyCap,
): Promise<Response> {
  if (input instanceof Request) return fetch(input, init);
  mcpAgent ??= createAgent({ connectTimeoutMs: 10_000 });
  const method = (init?.method ?? "GET").toUpperCase();
  const body = init?.body;
  if (body !== undefined && body !== null && typeof body !== "string")
    throw new TypeError("the MCP client sends string bodies only");
  const answer = await request(input instanceof URL ? input.href : input, {
    method: method as "GET",
    headers: { "user-agent": userAgent(), ...Object.fromEntries(new Headers(init?.headers).entries()) },
    ...(typeof body === "string" ? { body } : {}),
    ...(init?.signal ? { signal: init.signal } : {}),
    dispatcher: mcpAgent,
  });
  const decoded = decodedStream(answer.headers["content-encoding"], answer.body);
  const headers = new Headers();
  for (const [name, value] of Object.entries(answer.headers)) {
    // What was undone is no longer so: the Response holds the decoded body, as fetch's own does.
    if (decoded !== answer.body && (name === "content-encoding" || name === "content-length")) continue;
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, one);
  }
  const empty = method === "HEAD" || NO_BODY.has(answer.statusCode);
  const streams = /^\s*text\/event-stream\b/i.test(headers.get("content-type") ?? "");
  let content: ReadableStream<Uint8Array> | Buffer | null = null;
  if (empty) answer.body.resume();
  else if (streams) content = webBody(decoded, cap.maxBytes, cap.tooLarge);
  else {
    const read = await readCapped(decoded, cap.maxBytes);
    const failure = read.pastCap ? cap.tooLarge() : read.failure;
    content = failure === undefined ? Buffer.concat(read.chunks) : replayed(read.chunks, failure);
  }
  try {
    return new Response(content, { status: answer.statusCode, headers });
  } catch {
    answer.body.destroy();
    throw new TypeError(`the server answered HTTP ${answer.statusCode}, which fetch cannot hold`);
  }
}
