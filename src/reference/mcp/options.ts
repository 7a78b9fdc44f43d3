import type { ToolDefinition } from "../../contract/mcp-tools.js";
import type { Authenticate } from "./auth.js";
import type { McpFaults } from "./faults.js";

/** How `createMcpHandler` (handler.ts) serves the MCP surface. */
export interface McpHandlerOptions {
  /** Prefix of the tool names; §4.1 writes them with svc_ (s4-1-tools-list-authoritative). */
  readonly toolPrefix?: string;
  /**
   * The tool list to serve instead of the derived one; it is checked against spec/openapi.yaml like the derived one.
   */
  readonly tools?: readonly ToolDefinition[];
  /** Deliberate faults for mutants; applied after the start-up check. */
  readonly faults?: McpFaults;
  /** How a request's key is checked; by default the Service's key ring where it has one, else its key status route. */
  readonly authenticate?: Authenticate;
  readonly serverInfo?: { readonly name: string; readonly version: string };
}
