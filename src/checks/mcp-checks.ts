import type { AnyCheck } from "./check.js";
import { mcpParity, mcpToolResult } from "./mcp-parity.js";
import { mcpSameTools, mcpToolSchemas, mcpToolsPerRoute } from "./mcp-tools.js";
import { mcpRevision, mcpUnauthorized } from "./mcp-transport.js";

/** The checks of the `mcp` area (§4.1, §4.6), merged into CHECKS. */
export const MCP_CHECKS: Readonly<Record<string, AnyCheck>> = {
  "mcp-revision": mcpRevision,
  "mcp-unauthorized": mcpUnauthorized,
  "mcp-tools-per-route": mcpToolsPerRoute,
  "mcp-tool-schemas": mcpToolSchemas,
  "mcp-same-tools": mcpSameTools,
  "mcp-parity": mcpParity,
  "mcp-tool-result": mcpToolResult,
};
