import type { ServerResponse } from "node:http";
import { rewriteAnswer } from "./held-answer.js";

/** The outputSchema a tool returning text declares when its SDK wraps the text as structured content. */
const WRAPPED_OUTPUT_SCHEMA = {
  type: "object",
  properties: { result: { type: "string", title: "Result" } },
  required: ["result"],
  title: "ToolOutput",
};

type Message = {
  result?: {
    tools?: Record<string, unknown>[];
    content?: { type?: string; text?: string }[];
    structuredContent?: unknown;
    isError?: boolean;
  };
};

/**
 * Answers /mcp as an SDK does for tools that return their envelope as a string (McpFaults.wrappedStructuredContent,
 * a variant): each tool lists an outputSchema of one string member `result`, and a successful result's
 * structuredContent is `{"result": <the envelope's text>}` beside the text content, a refusal's none. The revision
 * §4.6 names (2025-03-26) has no structuredContent: a client of it reads the text (s4-6-mcp-protocol-latitude).
 */
export function wrappedStructuredContent(res: ServerResponse): void {
  rewriteAnswer(res, (status, body) => {
    if (status !== 200) return undefined;
    let message: Message;
    try {
      message = JSON.parse(body.toString("utf8")) as Message;
    } catch {
      return undefined;
    }
    const result = message.result;
    if (result?.tools) for (const tool of result.tools) tool.outputSchema = WRAPPED_OUTPUT_SCHEMA;
    else if (result?.content && result.structuredContent !== undefined) {
      const text = result.content.find((c) => c.type === "text")?.text ?? "";
      if (result.isError) delete result.structuredContent;
      else result.structuredContent = { result: text };
    } else return undefined;
    return { body: JSON.stringify(message) };
  });
}
