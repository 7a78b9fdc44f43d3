export { createMcpHandler, MCP_PATHS, MCP_REVISIONS, type McpHandler, type McpHandlerOptions } from "./handler.js";
export { ToolAgreementError } from "./agreement.js";
export { type McpFaults } from "./faults.js";
export { deriveTools, type ToolDefinition } from "./tools.js";
