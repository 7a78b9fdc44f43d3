import type { IncomingMessage, ServerResponse } from "node:http";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { Service } from "../service.js";
import { assertToolListAgrees } from "../../contract/tool-agreement.js";
import { CONTRACT_TOOL_PREFIX, deriveTools, type ToolDefinition } from "../../contract/mcp-tools.js";
import { defaultAuthenticator } from "./auth.js";
import { applyCallFaults, applySseToolFaults, applyToolFaults, type McpFaults } from "./faults.js";
import type { McpHandlerOptions } from "./options.js";
import { MCP_REVISIONS } from "../../contract/mcp.js";
import { header, sendJsonRpcError } from "./http.js";
import { createToolServer } from "./server.js";
import { answerRateLimitInBand, isStreamableHttpPost } from "./in-band-rate-limit.js";

type Transport = "streamable-http" | "sse";

/** What both transports of the reference MCP surface share: the tools, the faults, the key check, the servers. */
export interface McpSurface {
  readonly faults: McpFaults;
  /** The tools served, after faults; SSE may list its own (McpFaults). */
  readonly tools: readonly ToolDefinition[];
  readonly sseTools: readonly ToolDefinition[];
  readonly revisions: { readonly streamableHttp: string; readonly sse: string };
  /** A fresh SDK server listing `listed` and calling the Service as the transport sees it. */
  toolServer(revision: string, listed: readonly ToolDefinition[], transport: Transport): Server;
  /** Refuses the request on the transport unless its key is accepted; true when it may proceed. */
  admitted(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
}

/** Throws ToolAgreementError when the tool list disagrees with spec/openapi.yaml (s4-1-tool-schema-agreement). */
export function createSurface(service: Service, options: McpHandlerOptions): McpSurface {
  const prefix = options.toolPrefix ?? CONTRACT_TOOL_PREFIX;
  const checked = options.tools ?? deriveTools(prefix);
  assertToolListAgrees(checked, prefix);
  const faults = options.faults ?? {};
  const tools = applyToolFaults(checked, faults);
  const authenticate = options.authenticate ?? defaultAuthenticator(service);
  const serverInfo = options.serverInfo ?? { name: "tdss-reference", version: "1" };
  const doubleCharge = new Set(faults.doubleCharge ?? []);
  const callService = applyCallFaults(service, faults);
  const transportServices = {
    "streamable-http": faults.transportService?.["streamable-http"]?.(callService) ?? callService,
    sse: faults.transportService?.sse?.(callService) ?? callService,
  };
  return {
    faults,
    tools,
    sseTools: applySseToolFaults(tools, faults),
    revisions: { ...MCP_REVISIONS, ...faults.revision },
    toolServer: (revision, listed, transport) =>
      createToolServer({
        service: transportServices[transport],
        tools: listed,
        revision,
        serverInfo,
        doubleCharge,
        choices: faults,
      }),
    async admitted(req, res) {
      if (faults.acceptUnauthenticated) return true;
      const verdict = await authenticate(header(req, "authorization"));
      if (verdict.ok) return true;
      if (verdict.status === 429 && faults.rateLimitInBand && isStreamableHttpPost(req)) {
        await answerRateLimitInBand(req, res, `Rate limit exceeded: ${verdict.message}`);
        return false;
      }
      const what = verdict.status === 429 ? "Too many requests" : "Unauthorized";
      if (faults.unauthorizedStatus !== undefined && verdict.status !== 429)
        sendJsonRpcError(res, faults.unauthorizedStatus, `${what}: ${verdict.message}`);
      else sendJsonRpcError(res, verdict.status, `${what}: ${verdict.message}`, { ...verdict.headers });
      return false;
    },
  };
}
