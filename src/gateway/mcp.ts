import type { IncomingMessage, ServerResponse } from "node:http";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { SSEServerTransport } from "@modelcontextprotocol/sdk/server/sse.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import {
  CallToolRequestSchema,
  InitializeRequestSchema,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
} from "@modelcontextprotocol/sdk/types.js";
import { matchToolsToRoutes } from "../checks/mcp-tools.js";
import {
  MCP_TRANSPORT_SPEC,
  McpClientError,
  openMcpSession,
  type McpSession,
  type McpTransportKind,
} from "../client/mcp.js";
import type { OperationId } from "../contract/index.js";
import { bodyOperations as lintableRoutes } from "../contract/routes.js";
import type { LintableOperationId } from "../lint/types.js";
import type { ToolNameMap } from "../runner/types.js";
import { agentText, blockedEnvelope } from "./blocked.js";
import type { RestContext } from "./rest.js";
import { judge } from "./verdict.js";

/** The MCP addresses of §4.6 the gateway serves, and the SSE message endpoint its streams announce. */
const GATEWAY_MCP_PATHS = { streamableHttp: "/mcp", sse: "/sse", messages: "/messages" } as const;

export interface McpProxyContext extends RestContext {
  /** Deployed tool names by route, for names that do not end with the §4.1 suffix (config `mcp.tools`). */
  readonly mcpTools?: ToolNameMap;
  readonly serverInfo: { readonly name: string; readonly version: string };
}

/** An upstream MCP session and the route of each of its tools (from its own tools/list, §4.1). */
class Linked {
  private routes?: Promise<ReadonlyMap<string, OperationId>>;
  constructor(
    readonly session: McpSession,
    private readonly pinned: ToolNameMap | undefined,
  ) {}

  routeOf(tool: string): Promise<OperationId | undefined> {
    this.routes ??= this.session.listTools().then((tools) => {
      const match = matchToolsToRoutes(
        tools.map((t) => t.name),
        this.pinned,
      );
      return new Map([...match.byOperation].map(([operationId, name]) => [name, operationId]));
    });
    return this.routes.then((map) => map.get(tool));
  }
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function jsonRpcError(
  res: ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent || res.destroyed) return;
  const body = JSON.stringify({ jsonrpc: "2.0", error: { code: -32000, message }, id: null });
  res.writeHead(status, { ...headers, "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) });
  res.end(body);
}

/** The SDK words a JSON-RPC error as "MCP error <code>: <message>"; relayed again, it would say it twice. */
function bare(message: string): string {
  return message.replace(/^(MCP error -?\d+: )+/, "");
}

/**
 * The gateway's MCP surface (§4.6), built with the official SDK on both sides: a server towards the client and a
 * client towards the upstream, carrying the client's own Authorization header. tools/list is the upstream's list;
 * a tools/call whose arguments the linter blocks is answered here as a tool error that costs nothing; every
 * other call is forwarded and its result returned as it came.
 */
export function createMcpProxy(ctx: McpProxyContext) {
  const idle = new Map<string, { linked: Promise<Linked>; timer: NodeJS.Timeout }>();
  const sse = new Map<
    string,
    { transport: SSEServerTransport; server: Server; linked: Linked; authorization: string | undefined }
  >();
  const open = new Set<Server>();
  const IDLE_MS = 30_000;

  async function link(kind: McpTransportKind, authorization: string | undefined): Promise<Linked> {
    const session = await openMcpSession(
      { baseUrl: ctx.upstream.url(""), authorization, timeoutMs: ctx.upstream.timeoutMs },
      kind,
    );
    return new Linked(session, ctx.mcpTools);
  }

  /** Streamable HTTP clients send one POST per message: their upstream session is kept while it is in use. */
  function streamableLink(authorization: string | undefined): Promise<Linked> {
    const key = authorization ?? "";
    const cached = idle.get(key);
    if (cached) {
      cached.timer.refresh();
      return cached.linked;
    }
    const linked = link("streamable-http", authorization);
    const timer = setTimeout(() => {
      idle.delete(key);
      void linked.then((l) => l.session.close()).catch(() => undefined);
    }, IDLE_MS);
    timer.unref();
    idle.set(key, { linked, timer });
    linked.catch(() => {
      clearTimeout(timer);
      idle.delete(key);
    });
    return linked;
  }

  async function callTool(
    linked: Linked,
    name: string,
    args: Record<string, unknown> | undefined,
  ): Promise<CallToolResult> {
    const operationId = await linked.routeOf(name);
    if (operationId !== undefined && lintableRoutes().has(operationId as LintableOperationId)) {
      const route = operationId as LintableOperationId;
      const verdict = judge(route, new TextEncoder().encode(JSON.stringify(args ?? {})), ctx.block);
      if (verdict) {
        ctx.metrics.linted(route, verdict);
        ctx.log?.write("mcp", route, verdict);
        if (verdict.blocking.length > 0) {
          ctx.metrics.request("mcp", route, "blocked");
          const envelope = blockedEnvelope(verdict.blocking, verdict.diagnostics);
          return {
            isError: true,
            content: [{ type: "text", text: agentText(verdict.blocking, verdict.diagnostics) }],
            structuredContent: envelope,
          };
        }
      }
    }
    const route = operationId ?? "unknown";
    const started = performance.now();
    const outcome = await linked.session.callTool(name, args);
    ctx.metrics.upstream("mcp", route, (performance.now() - started) / 1000);
    if (outcome.result) {
      ctx.metrics.request(
        "mcp",
        route,
        operationId && lintableRoutes().has(operationId as LintableOperationId) ? "forwarded" : "unlinted",
      );
      return outcome.result;
    }
    ctx.metrics.request("mcp", route, "upstream_error");
    if (outcome.rpcError) throw new McpError(outcome.rpcError.code, bare(outcome.rpcError.message));
    const envelope = {
      code: 502,
      msg: `the upstream gave no tool result: ${outcome.error ?? "unknown error"}`,
      data: null,
    };
    return { isError: true, content: [{ type: "text", text: JSON.stringify(envelope) }], structuredContent: envelope };
  }

  function toolServer(kind: McpTransportKind, linked: Linked): Server {
    const capabilities = { tools: { listChanged: false } };
    const server = new Server(ctx.serverInfo, { capabilities });
    const revision = MCP_TRANSPORT_SPEC[kind].revision;
    server.setRequestHandler(InitializeRequestSchema, () => ({
      protocolVersion: revision,
      capabilities,
      serverInfo: ctx.serverInfo,
    }));
    server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: await linked.session.listTools() }));
    server.setRequestHandler(CallToolRequestSchema, (request) =>
      callTool(linked, request.params.name, request.params.arguments),
    );
    return server;
  }

  /** The upstream session for a request, or the HTTP refusal it gets (the upstream's own status for a bad key). */
  async function linkOrRefuse(res: ServerResponse, make: () => Promise<Linked>): Promise<Linked | undefined> {
    try {
      return await make();
    } catch (error) {
      const status = error instanceof McpClientError ? error.httpStatus : undefined;
      if (status === 401 || status === 403) {
        jsonRpcError(
          res,
          status,
          `Unauthorized: the upstream refused the key (HTTP ${status})`,
          status === 401 ? { "WWW-Authenticate": 'Bearer realm="tdss-gateway"' } : {},
        );
      } else jsonRpcError(res, 502, `Bad gateway: ${(error as Error).message}`);
      return undefined;
    }
  }

  async function streamableHttp(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== "POST") {
      req.resume();
      return jsonRpcError(
        res,
        405,
        `Method not allowed: POST each JSON-RPC message to ${GATEWAY_MCP_PATHS.streamableHttp}`,
        { Allow: "POST" },
      );
    }
    const linked = await linkOrRefuse(res, () => streamableLink(header(req, "authorization")));
    if (!linked) {
      req.resume();
      return;
    }
    const server = toolServer("streamable-http", linked);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    open.add(server);
    res.on("close", () => {
      open.delete(server);
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res);
  }

  async function sseStream(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== "GET") {
      req.resume();
      return jsonRpcError(res, 405, `Method not allowed: GET ${GATEWAY_MCP_PATHS.sse} opens the event stream`, {
        Allow: "GET",
      });
    }
    const authorization = header(req, "authorization");
    const linked = await linkOrRefuse(res, () => link("sse", authorization));
    if (!linked) return;
    const transport = new SSEServerTransport(GATEWAY_MCP_PATHS.messages, res);
    const server = toolServer("sse", linked);
    const id = transport.sessionId;
    sse.set(id, { transport, server, linked, authorization });
    server.onclose = () => {
      sse.delete(id);
      void linked.session.close();
    };
    await server.connect(transport);
  }

  async function sseMessage(req: IncomingMessage, url: URL, res: ServerResponse): Promise<void> {
    if (req.method !== "POST") {
      req.resume();
      return jsonRpcError(res, 405, `Method not allowed: POST messages to ${GATEWAY_MCP_PATHS.messages}`, {
        Allow: "POST",
      });
    }
    const session = sse.get(url.searchParams.get("sessionId") ?? "");
    if (!session) {
      req.resume();
      return jsonRpcError(res, 404, `Not found: no open SSE session; open GET ${GATEWAY_MCP_PATHS.sse} again`);
    }
    if (header(req, "authorization") !== session.authorization) {
      req.resume();
      return jsonRpcError(res, 403, "Forbidden: this SSE session was opened with another key");
    }
    await session.transport.handlePostMessage(req, res);
  }

  return {
    /** Serves an MCP request; false, without touching `res`, when the path is not an MCP path. */
    async handle(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
      const url = new URL(req.url ?? "/", "http://gateway.invalid");
      const serve =
        url.pathname === GATEWAY_MCP_PATHS.streamableHttp
          ? streamableHttp
          : url.pathname === GATEWAY_MCP_PATHS.sse
            ? sseStream
            : url.pathname === GATEWAY_MCP_PATHS.messages
              ? (rq: IncomingMessage, rs: ServerResponse) => sseMessage(rq, url, rs)
              : undefined;
      if (!serve) return false;
      try {
        await serve(req, res);
      } catch (error) {
        jsonRpcError(res, 500, `Internal error: ${(error as Error).message}`);
      }
      return true;
    },
    async close(): Promise<void> {
      const linked = [...idle.values()].map((e) => {
        clearTimeout(e.timer);
        return e.linked.then((l) => l.session.close()).catch(() => undefined);
      });
      idle.clear();
      const servers = [...[...sse.values()].map((s) => s.server), ...open];
      sse.clear();
      open.clear();
      await Promise.allSettled([...linked, ...servers.map((s) => s.close())]);
    },
  };
}
