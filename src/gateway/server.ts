import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { loadContract } from "../contract/index.js";
import type { Consequence } from "../linter/index.js";
import { bodyOperations as lintableRoutes } from "../contract/routes.js";
import type { LintableOperationId } from "../lint/types.js";
import type { ToolNameMap } from "../client/tool-match.js";
import { packageVersion } from "../lint/version.js";
import { DecisionLog } from "./log.js";
import { createMcpProxy } from "./mcp.js";
import { GatewayMetrics } from "./metrics.js";
import { handleRoute, sendEnvelope } from "./rest.js";
import { Upstream } from "./upstream.js";
import { DEFAULT_BLOCK, type Blockable } from "./verdict.js";

export interface GatewayOptions {
  /** The deployment requests are forwarded to (its origin, with any path prefix). */
  readonly upstream: string;
  readonly port?: number;
  readonly host?: string;
  /** Consequences answered by the gateway instead of forwarded; default refused and empty. */
  readonly block?: readonly Blockable[];
  /** File of one JSON line per linted request. */
  readonly log?: string;
  /** Deadline of one upstream exchange, body included, in milliseconds (default 10000). */
  readonly timeoutMs?: number;
  readonly mcpTools?: ToolNameMap;
}

export interface Gateway {
  readonly url: string;
  readonly metrics: GatewayMetrics;
  close(): Promise<void>;
}

export const DEFAULT_GATEWAY_PORT = 8787;

/**
 * Starts `tdss gateway`: the nine routes of §4.1 and the MCP surface of §4.6 in front of an upstream deployment,
 * every request body linted on the wire (docs/gateway.md).
 */
export async function startGateway(options: GatewayOptions): Promise<Gateway> {
  const upstream = new Upstream(options.upstream, options.timeoutMs ?? 10_000);
  const log = options.log === undefined ? undefined : await DecisionLog.open(options.log);
  const metrics = new GatewayMetrics();
  const block = new Set<Consequence>(options.block ?? DEFAULT_BLOCK);
  const ctx = { upstream, block, metrics, ...(log ? { log } : {}) };
  const mcp = createMcpProxy({
    ...ctx,
    ...(options.mcpTools ? { mcpTools: options.mcpTools } : {}),
    serverInfo: { name: "tdss-gateway", version: packageVersion() },
  });
  const routes = new Map<string, { operationId: string; lintable: boolean }>();
  for (const op of loadContract().operations.values()) {
    routes.set(`${op.method} ${op.path}`, {
      operationId: op.operationId,
      lintable: lintableRoutes().has(op.operationId as LintableOperationId),
    });
  }

  const listener = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    try {
      const path = (req.url ?? "/").split("?")[0]!;
      const method = (req.method ?? "GET").toUpperCase();
      if (path === "/metrics" && method === "GET") {
        req.resume();
        const text = await metrics.registry.metrics();
        res.writeHead(200, { "Content-Type": metrics.registry.contentType });
        return void res.end(text);
      }
      if (await mcp.handle(req, res)) return;
      const route = routes.get(`${method} ${path}`);
      if (!route) {
        req.resume();
        return sendEnvelope(res, 404, {
          code: 404,
          msg:
            `The gateway serves the nine routes of §4.1, /mcp, /sse and /metrics; ` +
            `not ${method} ${path.slice(0, 120)}.`,
          data: null,
        });
      }
      await handleRoute(req, res, route.operationId, route.lintable, ctx);
    } catch (error) {
      process.stderr.write(`tdss gateway: internal error: ${(error as Error).message}\n`);
      sendEnvelope(res, 500, { code: 500, msg: "internal error of the gateway", data: null });
    }
  };

  const server = createServer((req, res) => void listener(req, res));
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? DEFAULT_GATEWAY_PORT, options.host ?? "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}`,
    metrics,
    async close() {
      await mcp.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await upstream.close();
      await log?.close();
    },
  };
}
