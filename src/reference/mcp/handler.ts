import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { SSEServerTransport } from "@modelcontextprotocol/sdk/server/sse.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import type { Service } from "../service.js";
import { assertToolListAgrees } from "../../contract/tool-agreement.js";
import { bearerToken, defaultAuthenticator, type Authenticate } from "./auth.js";
import { applyCallFaults, applySseToolFaults, applyToolFaults, type McpFaults } from "./faults.js";
import { createToolServer } from "./server.js";
import { CONTRACT_TOOL_PREFIX, deriveTools, type ToolDefinition } from "../../contract/mcp-tools.js";

/** The addresses of §4.6, relative to the base URL, and the message endpoint the SSE stream announces. */
export const MCP_PATHS = { streamableHttp: "/mcp", sse: "/sse", messages: "/messages" } as const;

/** The protocol revision of each transport (§4.6: s4-6-streamable-http-transport, s4-6-sse-legacy-transport). */
export const MCP_REVISIONS = { streamableHttp: "2025-03-26", sse: "2024-11-05" } as const;

export interface McpHandlerOptions {
  /** Prefix of the tool names; §4.1 writes them with svc_ (s4-1-tools-list-authoritative). */
  readonly toolPrefix?: string;
  /**
   * The tool list to serve instead of the derived one; it is checked against spec/openapi.yaml like the derived one.
   */
  readonly tools?: readonly ToolDefinition[];
  /** Deliberate faults for mutants; applied after the start-up check. */
  readonly faults?: McpFaults;
  /** How a request's key is checked; by default the Service's key ring where it has one, else its key status route. */
  readonly authenticate?: Authenticate;
  readonly serverInfo?: { readonly name: string; readonly version: string };
}

export interface McpHandler {
  /** Serves an MCP request; resolves to false, without touching `res`, when the path is not an MCP path. */
  handle(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
  /** Ends the open SSE streams and the servers behind them. */
  close(): Promise<void>;
  /** The tools served, after faults. */
  readonly tools: readonly ToolDefinition[];
}

interface SseSession {
  readonly transport: SSEServerTransport;
  readonly server: Server;
  readonly token: string | undefined;
  /** Messages the session has taken (McpFaults.sseSessionMessages). */
  messages: number;
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function sendJsonRpcError(
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

/**
 * The MCP surface of the reference server (§4.6): Streamable HTTP at /mcp and legacy SSE at /sse with its
 * message endpoint, each serving the nine tools of §4.1 over the same Service as REST.
 *
 * /mcp is stateless (a fresh SDK server and transport per POST, JSON responses, no Mcp-Session-Id): the key is
 * checked on every request anyway, a tool call completes inside its own POST, the server never sends a request
 * of its own, and nothing is held in memory for a client that goes away without a DELETE. GET and DELETE on
 * /mcp therefore answer 405, which the protocol allows. /sse is session-bound by design: its messages arrive on
 * POST /messages?sessionId=..., each still carrying the key, which must be the key that opened the stream.
 *
 * Throws ToolAgreementError when the tool list disagrees with spec/openapi.yaml (s4-1-tool-schema-agreement).
 */
export function createMcpHandler(service: Service, options: McpHandlerOptions = {}): McpHandler {
  const prefix = options.toolPrefix ?? CONTRACT_TOOL_PREFIX;
  const checked = options.tools ?? deriveTools(prefix);
  assertToolListAgrees(checked, prefix);
  const faults = options.faults ?? {};
  const tools = applyToolFaults(checked, faults);
  const authenticate = options.authenticate ?? defaultAuthenticator(service);
  const serverInfo = options.serverInfo ?? { name: "tdss-reference", version: "1" };
  const doubleCharge = new Set(faults.doubleCharge ?? []);
  const revisions = { ...MCP_REVISIONS, ...faults.revision };
  const sessions = new Map<string, SseSession>();
  const inFlight = new Set<Server>();
  let closed = false;

  const sseTools = applySseToolFaults(tools, faults);
  const callService = applyCallFaults(service, faults);
  const transportServices = {
    "streamable-http": faults.transportService?.["streamable-http"]?.(callService) ?? callService,
    sse: faults.transportService?.sse?.(callService) ?? callService,
  };
  type Transport = keyof typeof transportServices;
  const toolServer = (revision: string, listed: readonly ToolDefinition[], transport: Transport): Server =>
    createToolServer({
      service: transportServices[transport],
      tools: listed,
      revision,
      serverInfo,
      doubleCharge,
      choices: faults,
    });

  /** Refuses the request on the transport unless its key is accepted; true when it may proceed. */
  async function admitted(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    if (faults.acceptUnauthenticated) return true;
    const verdict = await authenticate(header(req, "authorization"));
    if (verdict.ok) return true;
    const what = verdict.status === 429 ? "Too many requests" : "Unauthorized";
    if (faults.unauthorizedStatus !== undefined && verdict.status !== 429)
      sendJsonRpcError(res, faults.unauthorizedStatus, `${what}: ${verdict.message}`);
    else sendJsonRpcError(res, verdict.status, `${what}: ${verdict.message}`, { ...verdict.headers });
    return false;
  }

  function methodNotAllowed(res: ServerResponse, allow: string, why: string): void {
    sendJsonRpcError(res, 405, `Method not allowed: ${why}`, { Allow: allow });
  }

  /** Sessions of /mcp under McpFaults.streamableSessions (a variant): one SDK transport per Mcp-Session-Id. */
  const streamSessions = new Map<string, { transport: StreamableHTTPServerTransport; server: Server }>();

  async function streamableHttpSession(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const id = header(req, "mcp-session-id");
    const known = id === undefined ? undefined : streamSessions.get(id);
    if (id !== undefined && !known) return sendJsonRpcError(res, 404, `Not found: no session ${id}; initialize again`);
    if (known) {
      await known.transport.handleRequest(req, res);
      return;
    }
    if (req.method !== "POST") return methodNotAllowed(res, "POST", "initialize with a POST first");
    const server = toolServer(revisions.streamableHttp, tools, "streamable-http");
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      enableJsonResponse: !faults.eventStreamResponses,
      onsessioninitialized: (sessionId) => void streamSessions.set(sessionId, { transport, server }),
    });
    transport.onclose = () => {
      if (transport.sessionId) streamSessions.delete(transport.sessionId);
    };
    await server.connect(transport);
    await transport.handleRequest(req, res);
  }

  async function streamableHttp(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!(await admitted(req, res))) return;
    if (faults.streamableSessions) return streamableHttpSession(req, res);
    if (req.method !== "POST") {
      methodNotAllowed(
        res,
        "POST",
        `${MCP_PATHS.streamableHttp} is stateless: POST each JSON-RPC message; there is no stream to open or ` +
          `session to end`,
      );
      return;
    }
    const server = toolServer(revisions.streamableHttp, tools, "streamable-http");
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: !faults.eventStreamResponses,
    });
    inFlight.add(server);
    res.on("close", () => {
      inFlight.delete(server);
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res);
  }

  async function sseStream(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!(await admitted(req, res))) return;
    if (req.method !== "GET") {
      methodNotAllowed(
        res,
        "GET",
        `GET ${MCP_PATHS.sse} opens the event stream; messages go to the endpoint it announces`,
      );
      return;
    }
    const transport = new SSEServerTransport(MCP_PATHS.messages, res);
    const server = toolServer(revisions.sse, sseTools, "sse");
    const id = transport.sessionId;
    sessions.set(id, { transport, server, token: bearerToken(header(req, "authorization")), messages: 0 });
    server.onclose = () => sessions.delete(id);
    await server.connect(transport);
  }

  async function sseMessage(req: IncomingMessage, url: URL, res: ServerResponse): Promise<void> {
    if (!(await admitted(req, res))) return;
    if (req.method !== "POST") {
      methodNotAllowed(res, "POST", `${MCP_PATHS.messages} takes JSON-RPC messages by POST`);
      return;
    }
    const id = url.searchParams.get("sessionId");
    if (!id)
      return sendJsonRpcError(
        res,
        400,
        `Bad request: ${MCP_PATHS.messages} needs the sessionId announced by GET ${MCP_PATHS.sse}`,
      );
    const session = sessions.get(id);
    if (!session)
      return sendJsonRpcError(res, 404, `Not found: no open SSE session ${id}; open GET ${MCP_PATHS.sse} again`);
    if (!faults.acceptUnauthenticated && bearerToken(header(req, "authorization")) !== session.token) {
      return sendJsonRpcError(res, 403, "Forbidden: this SSE session was opened with another key");
    }
    await session.transport.handlePostMessage(req, res);
    if (faults.sseSessionMessages !== undefined && ++session.messages >= faults.sseSessionMessages) sessions.delete(id);
  }

  return {
    tools,
    async handle(req, res) {
      const url = new URL(req.url ?? "/", "http://mcp.invalid");
      const route =
        url.pathname === MCP_PATHS.streamableHttp
          ? () => streamableHttp(req, res)
          : url.pathname === MCP_PATHS.sse
            ? () => sseStream(req, res)
            : url.pathname === MCP_PATHS.messages
              ? () => sseMessage(req, url, res)
              : undefined;
      if (!route) return false;
      if (closed) {
        sendJsonRpcError(res, 503, "Service unavailable: the MCP surface is shutting down");
        return true;
      }
      try {
        await route();
      } catch (error) {
        sendJsonRpcError(res, 500, `Internal error: ${(error as Error).message}`);
      }
      return true;
    },
    async close() {
      closed = true;
      const servers = [
        ...[...sessions.values()].map((s) => s.server),
        ...[...streamSessions.values()].map((s) => s.server),
        ...inFlight,
      ];
      sessions.clear();
      streamSessions.clear();
      inFlight.clear();
      await Promise.allSettled(servers.map((server) => server.close()));
    },
  };
}
