import type { ToolNameMap } from "../client/tool-match.js";
import type { RestContext } from "./rest.js";

/** What every part of the gateway's MCP proxy (mcp.ts and its mcp-*.ts parts) reads of the gateway. */
export interface McpProxyContext extends RestContext {
  /** Deployed tool names by route, for names that do not end with the §4.1 suffix (config `mcp.tools`). */
  readonly mcpTools?: ToolNameMap;
  readonly serverInfo: { readonly name: string; readonly version: string };
}
