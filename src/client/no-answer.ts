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
 * `work`'s outcome, or past `ms` the deadline's error (`what` did not come in time) after `onDeadline` has given the
 * work up: a bound for what the MCP SDK leaves unbounded (a transport's start, a stream's next event).
 */
export async function within<T>(work: Promise<T>, ms: number, what: string, onDeadline?: () => void): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      onDeadline?.();
      reject(deadlineError(what, ms));
    }, ms);
  });
  // The work may still fail after the deadline has won; that late failure is nobody's to handle.
  work.catch(() => undefined);
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
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
