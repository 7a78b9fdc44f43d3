import { isNoAnswer } from "../../client/no-answer.js";
import { isRateLimitError, MCP_TRANSPORT_SPEC, openMcpSession } from "../../client/mcp.js";
import type { Exchange } from "../../checks/exchange.js";
import { authOf, clientOptions, sentMessage, transportOf, TRANSPORT_SCHEMA } from "./mcp-session.js";
import type { StepKind } from "./step-kind.js";

/** The `mcp_tools:` member of a step, after templates are resolved. */
interface McpToolsSpec {
  readonly transport: string;
  readonly auth?: string;
}

/**
 * `mcp_tools:` — opens an MCP session on one transport (asking for its §4.6 revision) and lists its tools,
 * every page. The exchange's `json` is `{tools: [...]}`; capture `/tools` to compare transports.
 */
export const mcpToolsStep: StepKind = {
  schema: {
    type: "object",
    required: ["transport"],
    additionalProperties: false,
    description: "tools/list over MCP on one transport; json is {tools}.",
    properties: { transport: TRANSPORT_SCHEMA, auth: { type: "string" } },
  },
  plan(spec) {
    transportOf((spec as McpToolsSpec).transport);
    return { auth: authOf((spec as McpToolsSpec).auth), worstCase: 0, maxItems: 0 };
  },
  async execute(raw, ctx) {
    const spec = raw as McpToolsSpec;
    const transport = transportOf(spec.transport);
    const auth = authOf(spec.auth);
    const started = performance.now();
    const request = sentMessage(ctx, transport, auth, { method: "tools/list", params: {} });
    const done = (exchange: Omit<Exchange, "durationMs" | "request">) => ({
      exchanges: [{ request, ...exchange, durationMs: Math.round(performance.now() - started) }],
    });
    let session;
    const failed = (error: unknown) =>
      done({
        error: (error as Error).message,
        ...(isRateLimitError(error) ? { rateLimited: true } : isNoAnswer(error) ? { unanswered: true } : {}),
      });
    try {
      session = await openMcpSession(clientOptions(ctx, auth), transport, MCP_TRANSPORT_SPEC[transport].revision);
    } catch (error) {
      return failed(error);
    }
    try {
      const tools = await session.listTools();
      return done({ bodyText: JSON.stringify({ tools }), json: { tools } });
    } catch (error) {
      return failed(error);
    } finally {
      await session.close();
    }
  },
};
