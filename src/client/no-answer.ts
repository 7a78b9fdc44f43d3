import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";

/** Errors that mean no answer came, marked where the transport gave up (src/client/mcp.ts). */
const marked = new WeakSet<object>();

/**
 * Marks an error as "no answer came": the request timed out, its connection failed, its body passed the cap, or
 * the run had stopped sending. Such an error is the tester's transport giving up, never the deployment's answer
 * (docs/verdicts.md, "Not run").
 */
export function markNoAnswer<E extends Error>(error: E): E {
  marked.add(error);
  return error;
}

/** The error a deadline of the run's raises (`what`: what did not come in time), which `isNoAnswer` recognises. */
export function deadlineError(what: string, ms: number): Error {
  return Object.assign(new Error(`${what} within ${ms} ms`), { name: "TimeoutError" });
}

/**
 * Whether an error means no answer came: one `markNoAnswer` marked, a timeout (the run's own deadlines raise
 * TimeoutError), or the MCP SDK's own request timeout (McpError RequestTimeout the client raised; a JSON-RPC error
 * the server sent is taken apart before this is asked, src/client/mcp.ts `ServerErrors`).
 */
export function isNoAnswer(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  if (marked.has(error)) return true;
  if ((error as { name?: unknown }).name === "TimeoutError") return true;
  return error instanceof McpError && error.code === (ErrorCode.RequestTimeout as number);
}
