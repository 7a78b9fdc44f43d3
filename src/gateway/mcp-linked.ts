import { matchToolsToRoutes } from "../client/tool-match.js";
import { openMcpSession, type McpSession, type McpTransportKind } from "../client/mcp.js";
import type { OperationId } from "../contract/index.js";
import type { ToolNameMap } from "../client/tool-match.js";
import type { McpProxyContext } from "./mcp-context.js";

/** An upstream MCP session and the route of each of its tools (from its own tools/list, §4.1). */
export class Linked {
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

/** Opens an upstream session carrying the client's own Authorization header. */
export async function link(
  ctx: McpProxyContext,
  kind: McpTransportKind,
  authorization: string | undefined,
): Promise<Linked> {
  const session = await openMcpSession(
    { baseUrl: ctx.upstream.url(""), authorization, timeoutMs: ctx.upstream.timeoutMs },
    kind,
  );
  return new Linked(session, ctx.mcpTools);
}
