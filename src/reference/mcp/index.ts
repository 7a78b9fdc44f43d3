export { createMcpHandler, MCP_PATHS, MCP_REVISIONS, type McpHandler, type McpHandlerOptions } from "./handler.js";
export { ToolAgreementError } from "../../contract/tool-agreement.js";
export { type McpFaults } from "./faults.js";
export { deriveTools, type ToolDefinition } from "../../contract/mcp-tools.js";
