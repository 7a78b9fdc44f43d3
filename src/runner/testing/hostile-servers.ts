import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createServer as createTcpServer, type Server as TcpServer, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import { keyEncodings } from "../credentials.js";

/**
 * Servers that break HTTP, JSON or the envelope in one way each, on loopback, for the runner's robustness tests
 * and `npm run bench:hostile` (docs/runner-robustness.md). None of them is conformant; a run against any must end
 * with failed cases (or exit 2), within a bound the timeout gives, without the key in any output.
 *
 * `GET /auth/key/status` is answered sanely where a kind says so (`keyStatus: "sane"`), so that the run starts and
 * can measure Credits, and only its first time for kinds about a deployment that stops answering (`"first"`).
 */
export interface HostileKind {
  readonly id: string;
  readonly description: string;
  /** How key status is answered: always sanely, only the first time (the preflight), or as every other route. */
  readonly keyStatus: "sane" | "first" | "hostile";
  /** Answers every other request (HTTP level). */
  readonly http?: (req: IncomingMessage, res: ServerResponse, ctx: HostileContext) => void;
  /** Answers every other request on the raw socket (for what node:http cannot write). */
  readonly raw?: (socket: Socket, ctx: HostileContext) => void;
}

interface HostileContext {
  /** Requests seen so far, this one included. */
  readonly count: number;
  /** The Authorization header received. */
  readonly authorization: string;
  readonly path: string;
  /** The origin of a bystander server (a redirect target that must never be contacted). */
  readonly bystander: string;
  /** Timers to clear when the server closes. */
  readonly timers: Set<NodeJS.Timeout>;
}

export interface HostileServer {
  readonly url: string;
  readonly kind: HostileKind;
  /** Requests the bystander (another origin) received: must stay 0. */
  bystanderHits(): number;
  close(): Promise<void>;
}

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res
    .writeHead(status, { "content-type": "application/json", ...headers })
    .end(typeof body === "string" ? body : JSON.stringify(body));
};

/** Every request gets the same answer. */
const always =
  (status: number, body: string, headers: Record<string, string> = {}): HostileKind["http"] =>
  (_req, res) =>
    res.writeHead(status, { "content-type": "application/json", ...headers }).end(body);

/** The key (the token after "Bearer ") in one of the encodings a careless server writes. */
function echoed(ctx: HostileContext, encoding: string): string {
  const key = ctx.authorization.replace(/^Bearer /, "");
  const encodings = keyEncodings(key);
  return encodings[encoding] ?? ctx.authorization;
}

const ECHO_ENCODINGS = [
  "url-encoded",
  "form-encoded",
  "base64",
  "base64url",
  "base64-bearer",
  "base64url-bearer",
  "json-unicode",
];

/** Streams `chunk` every `everyMs` until the client goes away. */
function stream(res: ServerResponse, ctx: HostileContext, chunk: string, everyMs: number): void {
  const timer = setInterval(() => res.write(chunk), everyMs);
  ctx.timers.add(timer);
  res.on("close", () => {
    clearInterval(timer);
    ctx.timers.delete(timer);
  });
}

/** Writes `text` to a raw socket one byte at a time. */
function drip(socket: Socket, ctx: HostileContext, text: string, everyMs: number): void {
  let i = 0;
  const timer = setInterval(() => {
    if (socket.destroyed || i >= text.length) {
      clearInterval(timer);
      ctx.timers.delete(timer);
      socket.end();
      return;
    }
    socket.write(text[i++]!);
  }, everyMs);
  ctx.timers.add(timer);
}

function rawResponse(status: number, body: string, headers: Record<string, string> = {}): string {
  const lines = [
    `HTTP/1.1 ${status} X`,
    "content-type: application/json",
    `content-length: ${Buffer.byteLength(body)}`,
    "connection: close",
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
  ];
  return `${lines.join("\r\n")}\r\n\r\n${body}`;
}

const REFUSAL = JSON.stringify({ code: 400, msg: "refused", data: null });

/** The hostile kinds, each breaking one thing. */
export const HOSTILE_KINDS: readonly HostileKind[] = [
  {
    id: "never-answers",
    description: "answers the first key status, then accepts connections and never answers",
    keyStatus: "first",
    http: () => undefined,
  },
  {
    id: "never-answers-at-all",
    description: "accepts connections and never answers anything",
    keyStatus: "hostile",
    http: () => undefined,
  },
  {
    id: "byte-by-byte",
    description: "answers a refusal one byte every 40 ms (status line and headers included)",
    keyStatus: "first",
    raw: (socket, ctx) => drip(socket, ctx, rawResponse(400, REFUSAL), 40),
  },
  {
    id: "headers-never-end",
    description: "sends a status line, then a new header line every 100 ms, forever",
    keyStatus: "first",
    raw: (socket, ctx) => {
      socket.write("HTTP/1.1 200 OK\r\n");
      let n = 0;
      const timer = setInterval(
        () => (socket.destroyed ? clearInterval(timer) : socket.write(`x-more-${n++}: ${"a".repeat(20)}\r\n`)),
        100,
      );
      ctx.timers.add(timer);
      socket.on("close", () => clearInterval(timer));
    },
  },
  {
    id: "huge-body",
    description: "a 200 whose body is 50 MB of spaces",
    keyStatus: "sane",
    http: (_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      const chunk = Buffer.alloc(1024 * 1024, 0x20);
      let sent = 0;
      const write = () => {
        while (sent < 50 && res.write(chunk)) sent++;
        if (sent < 50 && !res.destroyed) res.once("drain", write);
        else res.end();
      };
      res.on("error", () => undefined);
      write();
    },
  },
  {
    id: "invalid-json",
    description: "a 200 whose body is not JSON ({code: 200, msg: ok})",
    keyStatus: "sane",
    http: always(200, "{code: 200, msg: ok, data: {}}"),
  },
  {
    id: "truncated-json",
    description: "a 200 whose envelope is cut off mid-way",
    keyStatus: "sane",
    http: always(200, '{"code": 200, "msg": "ok", "data": {"profile_ids": ["a", "b"'),
  },
  {
    id: "html",
    description: "a 200 HTML page",
    keyStatus: "sane",
    http: always(200, "<!doctype html><html><body><h1>Welcome</h1></body></html>", { "content-type": "text/html" }),
  },
  { id: "array-body", description: "a 200 whose body is [1,2,3]", keyStatus: "sane", http: always(200, "[1,2,3]") },
  { id: "null-body", description: "a 200 whose body is null", keyStatus: "sane", http: always(200, "null") },
  {
    id: "wrong-envelope-types",
    description:
      "a 200 whose envelope has members of the wrong type, or is missing code (a different one each request)",
    keyStatus: "sane",
    http: (_req, res, ctx) => {
      const bodies = [
        '"ok"',
        "42",
        "true",
        '{"code":"200","msg":"ok","data":{}}',
        '{"code":null,"msg":"ok","data":{}}',
        '{"msg":"failed"}',
        '{"code":200,"msg":"ok"}',
        '{"code":200,"msg":"OK","data":{}}',
        '{"code":[400]}',
      ];
      json(res, 200, bodies[ctx.count % bodies.length]!);
    },
  },
  {
    id: "envelope-code-500",
    description: "a 200 carrying the envelope {code: 500}",
    keyStatus: "sane",
    http: always(200, JSON.stringify({ code: 500, msg: "internal error", data: null })),
  },
  {
    id: "server-error",
    description: "500 with an envelope everywhere",
    keyStatus: "hostile",
    http: always(500, JSON.stringify({ code: 500, msg: "internal error", data: null })),
  },
  {
    id: "service-unavailable-html",
    description: "503 with an HTML page everywhere but key status",
    keyStatus: "sane",
    http: always(503, "<h1>Service Unavailable</h1>", { "content-type": "text/html" }),
  },
  {
    id: "unavailable-retry-after",
    description: "503 with Retry-After: 29 and an HTML page everywhere but key status",
    keyStatus: "sane",
    http: always(503, "<h1>Service Unavailable</h1>", { "content-type": "text/html", "retry-after": "29" }),
  },
  {
    id: "request-timeout",
    description: "408 with a refusal-shaped envelope",
    keyStatus: "sane",
    http: always(408, JSON.stringify({ code: 408, msg: "timeout", data: null })),
  },
  {
    id: "rate-limited",
    description: "429 with Retry-After: 29 everywhere but key status",
    keyStatus: "sane",
    http: always(429, JSON.stringify({ code: 429, msg: "slow down", data: null }), { "retry-after": "29" }),
  },
  {
    id: "redirect",
    description: "307 to another port (a bystander that must never be contacted)",
    keyStatus: "sane",
    http: (_req, res, ctx) =>
      res.writeHead(307, { location: `${ctx.bystander}/steal`, "content-type": "application/json" }).end(REFUSAL),
  },
  {
    id: "closed-mid-body",
    description: "sends headers and half an envelope, then closes the connection",
    keyStatus: "first",
    http: (req, res) => {
      res.writeHead(200, { "content-type": "application/json", "content-length": "400" });
      res.write('{"code": 200, "msg": "ok", "data": {"profile_ids": [');
      setTimeout(() => req.socket.destroy(), 20);
    },
  },
  { id: "reset", description: "resets every connection", keyStatus: "first", http: (req) => req.socket.destroy() },
  {
    id: "endless-sse",
    description: "an event stream that never ends, on /sse, /mcp and every route",
    keyStatus: "first",
    http: (_req, res, ctx) => {
      res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
      res.write("event: endpoint\ndata: /messages?sessionId=x\n\n");
      stream(res, ctx, "event: ping\ndata: {}\n\n", 100);
    },
  },
  {
    id: "gzip-garbage",
    description: "a 200 with content-encoding gzip and random bytes",
    keyStatus: "sane",
    http: (_req, res) =>
      res.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip" }).end(randomBytes(512)),
  },
  {
    id: "echo-key-raw",
    description: "refuses (or serves) every request with the Authorization header in the text, as received",
    keyStatus: "sane",
    http: (_req, res, ctx) =>
      ctx.count % 2
        ? json(res, 401, { code: 401, msg: `bad key ${ctx.authorization}`, data: null })
        : json(res, 200, {
            code: 200,
            msg: "ok",
            data: {
              profile_ids: [ctx.authorization],
              job_ids: [ctx.authorization],
              results: [{ id: ctx.authorization }],
              version: ctx.authorization,
              next: ctx.authorization,
            },
          }),
  },
  {
    id: "echo-key-json-escaped",
    description: "echoes the key JSON-escaped as PHP writes it (\\/ for /), on every route, MCP included",
    keyStatus: "sane",
    http: (_req, res, ctx) => {
      const text = JSON.stringify({ code: 401, msg: `bad key Bearer ${echoed(ctx, "raw")}`, data: null }).replaceAll(
        "/",
        "\\/",
      );
      json(res, ctx.count % 2 ? 401 : 200, text);
    },
  },
  {
    id: "echo-key-encoded",
    description:
      "echoes the key URL-encoded, base64(url), base64 of Bearer <key> or \\u-escaped, in turn, in bodies and headers",
    keyStatus: "sane",
    http: (_req, res, ctx) => {
      const encoding = ECHO_ENCODINGS[ctx.count % ECHO_ENCODINGS.length]!;
      const value = echoed(ctx, encoding);
      const body =
        encoding === "json-unicode"
          ? `{"code":403,"msg":"key ${value} inactive","data":null}`
          : JSON.stringify({ code: 403, msg: `key ${value} inactive`, data: { token: value } });
      json(res, ctx.count % 3 ? 403 : 200, body, { "x-echo": value, location: `/login?key=${value}` });
    },
  },
];

/** The sane key status answer: an active key with Credits (none for the second key), a rate limit needing no pacing. */
function keyStatusBody(authorization: string, secondKey: string | undefined): string {
  const remaining = secondKey !== undefined && authorization === `Bearer ${secondKey}` ? 0 : 1_000_000;
  return JSON.stringify({
    code: 200,
    msg: "ok",
    data: {
      active: true,
      scopes: ["people:read", "jobs:read", "companies:read"],
      rate_limit: { requests: 600_000, per_seconds: 60 },
      remaining_credits: remaining,
    },
  });
}

/** Starts one hostile server (and its bystander) on loopback. */
export async function startHostileServer(
  kind: HostileKind,
  options: { secondKey?: string } = {},
): Promise<HostileServer> {
  let bystanderCount = 0;
  const bystander = createServer((_req, res) => {
    bystanderCount++;
    res.writeHead(200).end("{}");
  });
  await new Promise<void>((resolve) => bystander.listen(0, "127.0.0.1", resolve));
  const bystanderUrl = `http://127.0.0.1:${(bystander.address() as AddressInfo).port}`;
  const timers = new Set<NodeJS.Timeout>();
  let count = 0;
  let keyStatusAnswered = 0;
  const saneKeyStatus = (path: string) => {
    if (!path.startsWith("/auth/key/status") || kind.keyStatus === "hostile") return false;
    if (kind.keyStatus === "first" && keyStatusAnswered > 0) return false;
    keyStatusAnswered++;
    return true;
  };
  const sockets = new Set<Socket>();
  let server: Server | TcpServer;
  if (kind.raw) {
    const raw = kind.raw;
    server = createTcpServer((socket) => {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => undefined);
      let head = "";
      const onData = (chunk: Buffer) => {
        head += chunk.toString("latin1");
        const end = head.indexOf("\r\n\r\n");
        if (end < 0) return;
        socket.off("data", onData);
        const [requestLine = "", ...headerLines] = head.slice(0, end).split("\r\n");
        const path = requestLine.split(" ")[1] ?? "/";
        const authorization =
          headerLines.find((l) => /^authorization:/i.test(l))?.replace(/^authorization:\s*/i, "") ?? "";
        count++;
        if (saneKeyStatus(path))
          return void socket.end(rawResponse(200, keyStatusBody(authorization, options.secondKey)));
        raw(socket, { count, authorization, path, bystander: bystanderUrl, timers });
      };
      socket.on("data", onData);
    });
  } else {
    const handle = kind.http!;
    server = createServer((req, res) => {
      res.on("error", () => undefined);
      req.resume();
      count++;
      const authorization = req.headers.authorization ?? "";
      const path = req.url ?? "/";
      if (saneKeyStatus(path)) return void json(res, 200, keyStatusBody(authorization, options.secondKey));
      handle(req, res, { count, authorization, path, bystander: bystanderUrl, timers });
    });
    server.on("connection", (socket) => {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
    });
  }
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    kind,
    bystanderHits: () => bystanderCount,
    async close() {
      for (const t of timers) clearInterval(t);
      for (const s of sockets) s.destroy();
      bystander.closeAllConnections();
      await Promise.all([new Promise((r) => server.close(r)), new Promise((r) => bystander.close(r))]);
    },
  };
}

export function hostileKind(id: string): HostileKind {
  const kind = HOSTILE_KINDS.find((k) => k.id === id);
  if (!kind) throw new Error(`no hostile server ${id}`);
  return kind;
}
