export { createMcpHandler, type McpHandler } from "./handler.js";
export type { McpHandlerOptions } from "./options.js";
export { MCP_PATHS, MCP_REVISIONS } from "../../contract/mcp.js";
export { ToolAgreementError } from "../../contract/tool-agreement.js";
export { type McpFaults } from "./faults.js";
export { deriveTools, type ToolDefinition } from "../../contract/mcp-tools.js";
