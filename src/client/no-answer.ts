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

export interface WithinOptions {
  /** Called when the deadline passes, to give the work up (cancel a read, abort a request). */
  readonly giveUp?: () => void;
  /**
   * Milliseconds the work has spent so far waiting for the tester's own turns (the key's pace,
   * src/client/rate-policy.ts): the deadline moves back by as much, since that wait is no part of the answer's.
   */
  readonly waited?: () => number;
}

/**
 * `work`'s outcome, or past `ms` the deadline's error (`what` did not come in time) after `giveUp`: a bound for what
 * the MCP SDK leaves unbounded (a transport's start, a stream's next event) or bounds with its turns counted in.
 */
export async function within<T>(work: Promise<T>, ms: number, what: string, options: WithinOptions = {}): Promise<T> {
  const { giveUp, waited = () => 0 } = options;
  const waitedBefore = waited();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    const arm = (delay: number, allowed: number) => {
      timer = setTimeout(() => {
        const extended = ms + waited() - waitedBefore;
        if (extended > allowed) return arm(extended - allowed, extended);
        giveUp?.();
        reject(deadlineError(what, ms));
      }, delay);
    };
    arm(ms, ms);
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
