export { createMcpHandler, MCP_PATHS, MCP_REVISIONS, type McpHandler, type McpHandlerOptions } from "./handler.js";
export {
  defaultAuthenticator,
  keyRingAuthenticator,
  keyStatusAuthenticator,
  type Authenticate,
  type AuthVerdict,
} from "./auth.js";
export { assertToolListAgrees, toolListDisagreements, ToolAgreementError } from "./agreement.js";
export { type McpFaults } from "./faults.js";
export {
  CONTRACT_TOOL_PREFIX,
  deriveTools,
  routeToolSchema,
  toolName,
  toolSuffix,
  type ToolDefinition,
  type ToolInputSchema,
} from "./tools.js";
