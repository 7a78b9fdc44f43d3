import type { OperationId } from "../contract/index.js";

/**
 * Which credential a request carries (§5). `second` is the configured exhausted key, `inactive` the configured key
 * that exists but is switched off.
 */
export const AUTH_MODES = ["primary", "second", "inactive", "none", "malformed", "unknown"] as const;
export type AuthMode = (typeof AUTH_MODES)[number];

/** The request a step sent (key already replaced when stored in a report). */
export interface SentRequest {
  readonly method: string;
  readonly path: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
  readonly operationId?: OperationId;
  readonly auth: AuthMode;
}

/**
 * One request and what came back, transport-neutral so that checks serve every surface: an HTTP step
 * fills status and headers, another surface (MCP) may leave them out and fill `json` with the envelope.
 */
export interface Exchange {
  readonly request: SentRequest;
  /**
   * An MCP tool call the server answered with a tool result marked `isError: true`: the call was refused, whatever the
   * body it carries (§7: the shape of failures is not shown).
   */
  readonly toolError?: boolean;
  /**
   * An MCP tool call the server answered with a JSON-RPC error response instead of a result: MCP's protocol-level
   * form of a refusal (invalid arguments, an unknown tool), which `src/checks/answer.ts` reads as one. A timeout or
   * a closed connection is never here but in `error` (src/client/mcp.ts).
   */
  readonly rpcError?: { readonly code: number; readonly message: string };
  readonly status?: number;
  readonly headers?: Readonly<Record<string, string>>;
  readonly bodyText?: string;
  /** The parsed body, when it parsed as JSON. */
  readonly json?: unknown;
  /** Why the body is not JSON, when it is not. */
  readonly jsonError?: string;
  /** Transport failure (timeout, reset, oversized body, ...). */
  readonly error?: string;
  /**
   * The key's rate limit stopped the exchange, whatever else it carries (HTTP 429 in `status`, a tool result whose
   * envelope code is 429, a JSON-RPC error or an MCP session refused for rate, or `error` "not sent: ..."): every
   * retry its deadline allowed was made (src/client/rate-policy.ts). The tester's limit, not the deployment's fault.
   */
  readonly rateLimited?: true;
  /**
   * No answer came to judge (`error` says why): the request timed out under --timeout, its connection failed, its
   * body passed the cap, or the run had stopped sending. The tester's transport gave up: a step that did not pass
   * for it is not run, never failed (docs/verdicts.md, "Not run").
   */
  readonly unanswered?: true;
  readonly durationMs: number;
}

/** What a check concludes of an exchange. */
export type CheckStatus = "pass" | "fail" | "drift";
