import { existsSync } from "node:fs";
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { MCP_PATHS } from "../contract/mcp.js";
import { behindGateway } from "./gateway.js";
import { createRequestListener, type McpHandler } from "./http.js";
import { MAX_LATENCY_MS, type ReferenceServerOptions } from "./options.js";
import { ReferenceService } from "./reference-service.js";
import { underPathPrefix } from "./path-prefix.js";
import { tapExchanges } from "./tap.js";
import type { Service } from "./service.js";

export interface ReferenceServer {
  /** Base URL, e.g. http://127.0.0.1:8080 (no trailing slash). */
  readonly url: string;
  /** The first active, exhausted and inactive key ("" when the configured keys have none of a kind). */
  readonly keys: { readonly active: string; readonly exhausted: string; readonly inactive: string };
  readonly service: Service;
  close(): Promise<void>;
}

/** A user-facing start-up problem (port in use, bad host): one line, no stack trace. */
export class ServerStartError extends Error {
  override readonly name = "ServerStartError";
}

type McpModule = { createMcpHandler(service: Service, options: Record<string, unknown>): McpHandler };

/**
 * The MCP layer is built in src/reference/mcp/ (a separate issue); it is loaded when present, so this module
 * works with or without it. The specifier is a variable so that the compiler does not require the file.
 */
async function loadMcp(service: ReferenceService): Promise<McpHandler | undefined> {
  const here = dirname(fileURLToPath(import.meta.url));
  if (!existsSync(join(here, "mcp", "index.js")) && !existsSync(join(here, "mcp", "index.ts"))) return undefined;
  const specifier = "./mcp/index.js";
  const module = (await import(specifier)) as Partial<McpModule>;
  if (typeof module.createMcpHandler !== "function") return undefined;
  return module.createMcpHandler(service, { faults: service.mcpFaults });
}

function listen(server: Server, port: number, host: string): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off("listening", onListening);
      if (error.code === "EADDRINUSE")
        reject(
          new ServerStartError(
            `port ${port} on ${host} is already in use; pick another with --port (0 picks a free one)`,
          ),
        );
      else if (error.code === "EADDRNOTAVAIL" || error.code === "ENOTFOUND")
        reject(new ServerStartError(`cannot listen on host ${host}: ${error.code}`));
      else if (error.code === "EACCES") reject(new ServerStartError(`no permission to listen on port ${port}`));
      else reject(error);
    };
    const onListening = () => {
      server.off("error", onError);
      resolve(server.address() as AddressInfo);
    };
    server.once("error", onError);
    server.once("listening", onListening);
    server.listen(port, host);
  });
}

type Listener = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/**
 * The listener with every `every`-th request of a key (by its Authorization header; those without one counted
 * together) answered 503 with `Retry-After: 1` before anything is served or charged: a deployment behind a load
 * balancer whose backend is briefly away (the variant service-transient-503). REST and MCP are counted apart, so
 * that both surfaces meet it.
 */
function unavailableAtTimes(listener: Listener, every: number | undefined): Listener {
  if (!every) return listener;
  const counts = new Map<string, number>();
  return (req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    const surface = (Object.values(MCP_PATHS) as string[]).includes(path) ? "mcp" : "rest";
    const key = `${surface} ${req.headers.authorization ?? ""}`;
    const count = (counts.get(key) ?? 0) + 1;
    counts.set(key, count);
    if (count % every !== 0) return listener(req, res);
    req.resume();
    res.writeHead(503, { "Content-Type": "text/html", "Retry-After": "1" });
    res.end("<h1>503 Service Temporarily Unavailable</h1>\n");
    return Promise.resolve();
  };
}

/**
 * The listener, with the connections its variant keeps: `Connection: close` on every answer (Node writes the header
 * and closes the connection once the answer is written), or every connection left idle closed unannounced.
 */
function keptConnections(server: Server, service: ReferenceService, listener: Listener): Listener {
  const conditions = service.variant?.server;
  if (conditions?.idleCloseMs !== undefined) closeIdleConnections(server, conditions.idleCloseMs);
  const served = conditions?.openDelayMs !== undefined ? openLate(listener, conditions.openDelayMs) : listener;
  if (conditions?.connections !== "close") return served;
  return (req, res) => {
    res.shouldKeepAlive = false;
    return served(req, res);
  };
}

/**
 * Serves the first request of every connection `delayMs` late (Variant.server.openDelayMs): to the client, the
 * connection opened that late, since nothing of it is answered before then.
 */
function openLate(listener: Listener, delayMs: number): Listener {
  const opened = new WeakSet<Socket>();
  return (req, res) => {
    if (opened.has(req.socket)) return listener(req, res);
    opened.add(req.socket);
    return new Promise<void>((resolve) => setTimeout(() => resolve(listener(req, res)), delayMs));
  };
}

/** How long the server keeps an idle connection open. */
const IDLE_CONNECTION_MS = 60_000;

/**
 * Closes every connection that has stayed `idleMs` without a request (its head read) since its last answer was
 * written, unannounced: Node's own keep-alive limit is switched off, since it would say `Keep-Alive: timeout=N`.
 * The connection is destroyed, as a load balancer closes it (HAProxy's `timeout http-keep-alive`): a request that
 * reaches it afterwards meets a reset and is never processed (the variant http-idle-connections-closed). A
 * connection with an answer under way (an SSE stream) is not idle.
 */
function closeIdleConnections(server: Server, idleMs: number): void {
  server.keepAliveTimeout = 0;
  const answering = new WeakMap<Socket, number>();
  const timers = new WeakMap<Socket, NodeJS.Timeout>();
  const wait = (socket: Socket) => clearTimeout(timers.get(socket));
  const arm = (socket: Socket) => {
    wait(socket);
    if (!socket.destroyed) timers.set(socket, setTimeout(() => socket.destroy(), idleMs).unref());
  };
  server.on("connection", (socket: Socket) => socket.on("close", () => wait(socket)));
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    answering.set(socket, (answering.get(socket) ?? 0) + 1);
    wait(socket);
    res.on("close", () => {
      const left = (answering.get(socket) ?? 1) - 1;
      answering.set(socket, left);
      if (left === 0) arm(socket);
    });
  });
}

/** Starts the reference server on a real port (loopback by default) and resolves once it accepts requests. */
export async function startReferenceServer(options: ReferenceServerOptions = {}): Promise<ReferenceServer> {
  const port = options.port ?? 0;
  const host = options.host ?? "127.0.0.1";
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new ServerStartError(`port must be an integer from 0 to 65535, got ${port}`);
  const latency = options.latencyMs ?? 0;
  if (!Number.isInteger(latency) || latency < 0 || latency > MAX_LATENCY_MS)
    throw new ServerStartError(`latency must be an integer from 0 to ${MAX_LATENCY_MS} ms, got ${latency}`);
  // The port is taken first, so that one in use is refused at once rather than after the dataset is built;
  // a request that arrives while it is being built waits for it.
  let markReady!: (serve: RequestListener) => void;
  const ready = new Promise<RequestListener>((resolve) => (markReady = resolve));
  const server = createServer((req, res) => void ready.then((serve) => serve(req, res)));
  // An idle connection is left for the client to close (undici's idle timeout is a few seconds): a server that
  // closes it first races a request the client sends on it, which then fails with a reset although nothing was
  // wrong. The race is likeliest when the event loop is busy, as it is with the runner in the same process.
  server.keepAliveTimeout = IDLE_CONNECTION_MS;
  server.headersTimeout = IDLE_CONNECTION_MS + 5_000;
  const address = await listen(server, port, host);
  let service: ReferenceService;
  let mcp: McpHandler | undefined;
  try {
    service = await ReferenceService.create(options);
    mcp = await loadMcp(service);
  } catch (error) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    throw error;
  }
  const delay = options.latencyMs ?? service.variant?.server?.latencyMs ?? 0;
  const listener = createRequestListener(service, () => mcp);
  const served = unavailableAtTimes(listener, service.variant?.server?.unavailableEvery);
  const handle = keptConnections(server, service, options.tap ? tapExchanges(served, options.tap) : served);
  // The listener answers its own failures (src/reference/http.ts), so its promise never rejects. Latency holds the
  // request before any of it is served, so every answer (REST, MCP, a refusal, a stream's headers) comes that late;
  // a variant's gateway stands in front of that network, so a request is in flight there for the latency too.
  const jitter = service.variant?.server?.latencyJitterMs ?? 0;
  const delayed: typeof handle =
    delay > 0 || jitter > 0
      ? (req, res) =>
          new Promise((resolve) =>
            setTimeout(() => resolve(handle(req, res)), delay + Math.floor(Math.random() * (jitter + 1))),
          )
      : handle;
  const prefix = service.variant?.server?.pathPrefix;
  const front = underPathPrefix(behindGateway(delayed, service.variant?.server?.gateway), prefix);
  markReady((req, res) => void front(req, res));
  const hostPart =
    address.family === "IPv6" || address.address.includes(":") ? `[${address.address}]` : address.address;

  // Indexes built on first use are built now, one per turn of the event loop, so requests are never held up long.
  const steps = service.warmUpSteps();
  let warming: NodeJS.Immediate | undefined;
  const warmNext = () => {
    const step = steps.shift();
    if (!step) return;
    step();
    warming = setImmediate(warmNext);
  };
  warming = setImmediate(warmNext);

  let closed: Promise<void> | undefined;
  return {
    url: `http://${hostPart}:${address.port}${prefix ?? ""}`,
    keys: service.keys,
    service,
    close() {
      closed ??= (async () => {
        if (warming) clearImmediate(warming);
        steps.length = 0;
        await mcp?.close();
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
      })();
      return closed;
    },
  };
}
