import {
  MCP_TRANSPORTS,
  MCP_TRANSPORT_SPEC,
  mcpUrl,
  type McpClientOptions,
  type McpTransportKind,
} from "../../client/mcp.js";
import type { AuthMode, SentRequest } from "../../checks/exchange.js";
import { AUTH_MODES } from "../../checks/exchange.js";
import type { ExecuteContext } from "./step-kind.js";

/** A transport named in a step, checked once templates are resolved. */
export function transportOf(value: unknown, member = "transport"): McpTransportKind {
  if (!MCP_TRANSPORTS.includes(value as McpTransportKind))
    throw new Error(`${member} must be one of ${MCP_TRANSPORTS.join(", ")}, got ${JSON.stringify(value)}`);
  return value as McpTransportKind;
}

export function authOf(value: unknown): AuthMode {
  if (value === undefined) return "primary";
  if (!AUTH_MODES.includes(value as AuthMode))
    throw new Error(`auth must be one of ${AUTH_MODES.join(", ")}, got ${JSON.stringify(value)}`);
  return value as AuthMode;
}

/**
 * Client options for the run's deployment, carrying the Authorization header of an auth mode and the run's --timeout.
 */
export function clientOptions(ctx: ExecuteContext, auth: AuthMode): McpClientOptions {
  const authorization = ctx.credentials.header(auth);
  return {
    baseUrl: ctx.http.baseUrl.href,
    timeoutMs: ctx.timeoutMs,
    health: ctx.http.health,
    ratePolicy: ctx.http.rates.for(authorization),
    ...(authorization !== undefined ? { authorization } : {}),
  };
}

/** The request record of an MCP exchange: what went to which address, as a report shows it. */
export function sentMessage(
  ctx: ExecuteContext,
  transport: McpTransportKind,
  auth: AuthMode,
  message: object,
  extra: Partial<SentRequest> = {},
): SentRequest {
  const authorization = ctx.credentials.header(auth);
  const url = mcpUrl(ctx.http.baseUrl.href, transport);
  return {
    method: "POST",
    path: MCP_TRANSPORT_SPEC[transport].path,
    url: url.href,
    headers: { "content-type": "application/json", ...(authorization !== undefined ? { authorization } : {}) },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, ...message }),
    auth,
    ...extra,
  };
}

/** The member schema of a transport in step files: a transport name or a template giving one. */
export const TRANSPORT_SCHEMA = {
  type: "string",
  description: `${MCP_TRANSPORTS.join(" or ")} (or a template giving one)`,
};
