import type { IncomingMessage, ServerResponse } from "node:http";
import { MCP_PATHS } from "../../contract/mcp.js";
import { lenientJsonBody } from "../pipeline/stages/json.js";

/** Whether a request is a POST of JSON-RPC messages to the Streamable HTTP endpoint (§4.6). */
export function isStreamableHttpPost(req: IncomingMessage): boolean {
  return req.method === "POST" && new URL(req.url ?? "/", "http://localhost").pathname === MCP_PATHS.streamableHttp;
}

type Message = { readonly id?: unknown; readonly method?: unknown };

/**
 * Answers a POST to /mcp that the key's rate limit refused inside JSON-RPC, with HTTP 200 (McpFaults.rateLimitInBand,
 * a variant): a tool call gets a result marked isError whose text says so (MCP 2025-03-26, tools, "Error Handling":
 * errors of a tool's execution are results), any other request a JSON-RPC error -32000 saying so, and notifications
 * alone 202 Accepted. §4.6 gives the MCP surface "the same key, limits and Credit rules" and no form of refusal.
 */
export async function answerRateLimitInBand(req: IncomingMessage, res: ServerResponse, message: string) {
  const body = await lenientJsonBody(req);
  const messages = (Array.isArray(body) ? body : [body]).filter(
    (m): m is Message => typeof m === "object" && m !== null,
  );
  const answers = messages
    .filter((m) => m.id !== undefined && m.id !== null && typeof m.method === "string")
    .map((m) =>
      m.method === "tools/call"
        ? { jsonrpc: "2.0", id: m.id, result: { content: [{ type: "text", text: message }], isError: true } }
        : { jsonrpc: "2.0", id: m.id, error: { code: -32000, message } },
    );
  if (answers.length === 0) {
    res.writeHead(202).end();
    return;
  }
  const text = JSON.stringify(Array.isArray(body) ? answers : answers[0]);
  res.writeHead(200, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(text) });
  res.end(text);
}
