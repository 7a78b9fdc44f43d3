import type { ServerResponse } from "node:http";
import { rewriteAnswer } from "./held-answer.js";

/** How a JSON-RPC error response goes out instead: its HTTP status, and a body in place of the JSON-RPC one. */
export interface ErrorAnswer {
  readonly status: number;
  readonly body?: string;
}

/**
 * Makes a JSON-RPC error response written to `res` go out with an HTTP error status instead of 200, as a server may
 * answer input it cannot accept (MCP 2025-03-26, transports: "it MUST return an HTTP error status code (e.g., 400 Bad
 * Request). The HTTP response body MAY comprise a JSON-RPC error response"); `answerOf` picks the status, and a body
 * of the server's own if any, from the error's code and message, undefined keeping the answer as written.
 */
export function errorsWithStatus(
  res: ServerResponse,
  answerOf: (error: { readonly code: number; readonly message: string }) => ErrorAnswer | undefined,
): void {
  rewriteAnswer(res, (status, body) => {
    const error = status === 200 ? errorOf(body) : undefined;
    return error && answerOf(error);
  });
}

function errorOf(body: Buffer): { code: number; message: string } | undefined {
  try {
    const error = (JSON.parse(body.toString("utf8")) as { error?: { code?: unknown; message?: unknown } } | null)
      ?.error;
    if (typeof error?.code !== "number") return undefined;
    return { code: error.code, message: typeof error.message === "string" ? error.message : "" };
  } catch {
    return undefined;
  }
}
