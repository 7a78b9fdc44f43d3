import type { IncomingMessage, ServerResponse } from "node:http";
import { loadContract, type OperationId } from "../../../contract/index.js";
import { Refusal } from "../../refusal.js";
import type { Stage } from "../context.js";
import { MCP_PATHS } from "../../../contract/mcp.js";

/** Paths the MCP layer serves (§4.6): Streamable HTTP, legacy SSE and the SSE message endpoint. */
const MCP_ADDRESSES: readonly string[] = Object.values(MCP_PATHS);

/** The MCP layer as src/reference/mcp/index.ts exports it (createMcpHandler). */
export interface McpHandler {
  handle(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
  close(): Promise<void>;
}

function shorten(text: string): string {
  return text.length > 120 ? `${text.slice(0, 120)}…` : text;
}

function routes(): Map<string, Map<string, OperationId>> {
  const table = new Map<string, Map<string, OperationId>>();
  for (const op of loadContract().operations.values()) {
    const methods = table.get(op.path) ?? new Map<string, OperationId>();
    methods.set(op.method, op.operationId);
    table.set(op.path, methods);
  }
  return table;
}

/**
 * The operation of a REST request, from its method and path (§4.1: nine routes): an unknown path is refused with
 * 404, a known path with another method with 405 and Allow. The MCP paths are handed to the MCP layer, which
 * answers on the socket itself (404 when the build has none).
 */
export function route(mcp: () => McpHandler | undefined): Stage {
  const table = routes();
  const toMcp = async (ctx: Parameters<Stage>[0], unserved: Refusal) => {
    const handler = mcp();
    if (handler && ctx.req && ctx.res && (await handler.handle(ctx.req, ctx.res))) {
      ctx.answered = true;
      return;
    }
    throw unserved;
  };
  return (ctx, next) => {
    const { method, path } = ctx;
    if (MCP_ADDRESSES.includes(path)) return toMcp(ctx, new Refusal(404, `no MCP surface at ${path} in this build`));
    const methods = table.get(path);
    // A path of no route may still be the MCP layer's: a variant's SSE message endpoint elsewhere (McpFaults).
    if (!methods)
      return toMcp(ctx, new Refusal(404, `no route ${method} ${shorten(path)}; the service has nine routes (§4.1)`));
    const operationId = methods.get(method);
    if (!operationId) {
      const allow = [...methods.keys()].join(", ");
      throw new Refusal(405, `${method} is not allowed on ${path}; use ${allow} (§4.1)`, { Allow: allow });
    }
    ctx.operationId = operationId;
    return next();
  };
}
