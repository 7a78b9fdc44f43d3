import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { RequestOptions } from "@modelcontextprotocol/sdk/shared/protocol.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import type { jsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/types.js";
import {
  ErrorCode,
  McpError,
  type CallToolResult,
  type JSONRPCMessage,
  type ListToolsResult,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import {
  CLOSED_BEFORE_ANSWER,
  idleClose,
  isIdempotent,
  poolFetch,
  resendAfterIdle,
  type BodyCap,
} from "./connections.js";
import { DEFAULT_MAX_BODY_BYTES } from "./http.js";
import { deadlineError, isNoAnswer, markNoAnswer, within } from "./no-answer.js";
import { countRoundTrip } from "./round-trips.js";
import {
  Patience,
  describeUnavailable,
  isTransientUnavailable,
  retryAfterOf,
  type RatePolicy,
  type Slot,
} from "./rate-policy.js";
import { envelopeSaysRateLimited, RATE_LIMIT_WORDS, rpcErrorSaysRateLimited } from "./rate-limit-answer.js";
import type { TransportHealth } from "./transport-health.js";
import { MCP_PATHS, MCP_REVISIONS } from "../contract/mcp.js";

/**
 * The one JSON-RPC error a server may send that says it gave up on the request rather than refused it: the SDK's
 * RequestTimeout, no more a refusal than HTTP 408 is. Errors the SDK client raises itself (its own timeout, a closed
 * connection) are never the server's answer at all (ServerErrors below); every other code a server sends is its
 * answer, -32000 included, which JSON-RPC leaves to servers (docs/mcp.md, "What MCP allows").
 */
const SERVER_TIMEOUT_CODE: number = ErrorCode.RequestTimeout;

/** The two transports of §4.6. */
export type McpTransportKind = "streamable-http" | "sse";
export const MCP_TRANSPORTS: readonly McpTransportKind[] = ["streamable-http", "sse"];

/** Address (relative to the base URL) and protocol revision of each transport, as §4.6 gives them. */
export const MCP_TRANSPORT_SPEC: Readonly<
  Record<McpTransportKind, { readonly path: string; readonly revision: string }>
> = {
  "streamable-http": { path: MCP_PATHS.streamableHttp, revision: MCP_REVISIONS.streamableHttp },
  sse: { path: MCP_PATHS.sse, revision: MCP_REVISIONS.sse },
};

export interface McpClientOptions {
  readonly baseUrl: string;
  /**
   * The Authorization header of every request (`Bearer <key>`), or none; never sent to any origin but the base URL's.
   */
  readonly authorization?: string;
  /**
   * Milliseconds one HTTP request has to answer, and how long it may wait on the holds of rate-limit answers; a
   * session, a tools/list or a tool call (each of several requests, retried after rate-limit answers) has twice
   * that.
   */
  readonly timeoutMs?: number;
  /** The run's count of consecutive transport failures: every fetch reports to it; none is sent once it stops. */
  readonly health?: TransportHealth;
  /** The run's pace under the key's rate limit (src/client/rate-policy.ts): every HTTP request waits its turn there. */
  readonly ratePolicy?: RatePolicy;
}

/**
 * The SDK client's validator of tools' output schemas, its own for each session as the SDK's default is, but made
 * when a tool first has an output schema to check: the SDK's default built an Ajv instance with every format in it for
 * each session the run opened (a few dozen), whether any tool had an output schema or not.
 */
function validatorOnFirstUse(): jsonSchemaValidator {
  let made: AjvJsonSchemaValidator | undefined;
  return { getValidator: (schema) => (made ??= new AjvJsonSchemaValidator()).getValidator(schema) };
}

/**
 * A failure to talk MCP at all (HTTP refusal, unreachable, bad protocol); its message names what and where.
 * `httpStatus` 429: the key's rate limit stopped it (answered 429 after every retry its patience allowed, or not
 * sent because a Retry-After held it longer than it may wait).
 */
export class McpClientError extends Error {
  override readonly name = "McpClientError";
  constructor(
    message: string,
    readonly httpStatus?: number,
    /** The server refused for the key's rate in a JSON-RPC error's words, not with an HTTP 429. */
    readonly rateLimitedInWords = false,
  ) {
    super(message);
  }
}

/** A JSON-RPC error response as the server sent it. */
interface RpcError {
  readonly code: number;
  readonly message: string;
  readonly data?: unknown;
}

/** True for an error the key's rate limit caused (McpClientError with httpStatus 429), as opposed to a fault. */
export function isRateLimitError(error: unknown): boolean {
  return error instanceof McpClientError && (error.httpStatus === 429 || error.rateLimitedInWords);
}

/**
 * What a tool call gave: the tool result (with the envelope it carries, when it carries one) or a JSON-RPC error.
 * MCP allows both for a refused call (tools, "Error Handling": protocol errors such as invalid arguments are JSON-RPC
 * errors, tool execution errors are results with `isError`), so both are the server's answer; only `error` is none.
 */
export interface ToolCallOutcome {
  readonly isError: boolean;
  /** The JSON the result carries: the first text content that parses as JSON, else structuredContent. */
  readonly envelope?: unknown;
  /** The first text content, as sent. */
  readonly text?: string;
  readonly result?: CallToolResult;
  /** The JSON-RPC error response the server sent instead of a result (an unknown tool, invalid params, ...). */
  readonly rpcError?: RpcError;
  /**
   * The HTTP error status (4xx) the call was answered with instead of a result: alone, or with the JSON-RPC error its
   * body carried (`rpcError`).
   */
  readonly httpStatus?: number;
  /**
   * No answer: a timeout, a closed connection, an error the client raised itself about what came back, or (with
   * `rateLimited`) the key's rate limit.
   */
  readonly error?: string;
  /**
   * The key's rate limit stopped the call: its last answer was a rate-limit refusal (an envelope code 429, a
   * JSON-RPC error saying so, HTTP 429) with no retry left within its patience, or it was not sent in time.
   */
  readonly rateLimited?: true;
  /** No answer came (`error` says why: a timeout, a failed connection, ...): nothing of the server's to judge. */
  readonly unanswered?: true;
}

export interface McpSession {
  readonly transport: McpTransportKind;
  /** The revision the server answered to initialize. */
  readonly protocolVersion: string | undefined;
  readonly serverInfo: { readonly name: string; readonly version: string } | undefined;
  listTools(): Promise<Tool[]>;
  callTool(name: string, args: Record<string, unknown> | undefined): Promise<ToolCallOutcome>;
  close(): Promise<void>;
}

const DEFAULT_MCP_TIMEOUT_MS = 10_000;

/** The URL of a transport under the base URL (its own path kept: {base_url}/mcp). */
export function mcpUrl(baseUrl: string, kind: McpTransportKind): URL {
  return new URL(baseUrl.replace(/\/+$/, "") + MCP_TRANSPORT_SPEC[kind].path);
}

function authorizationHeaders(authorization: string | undefined): Record<string, string> {
  return authorization === undefined ? {} : { Authorization: authorization };
}

export interface OriginBoundFetchOptions {
  readonly health?: TransportHealth;
  readonly ratePolicy?: RatePolicy;
  /** An event stream: its response has no deadline (only the waits for its turn have). */
  readonly endless?: boolean;
  /** Called when the rate limit stops a request (a 429 with no retry left, or a hold longer than it may wait). */
  readonly onRateLimited?: () => void;
  /** Called when a request is still answered 503 with Retry-After after its retries (it then throws no answer). */
  readonly onUnavailable?: () => void;
  /**
   * Called as a request starts to wait for its turn (the key's pace, a Retry-After); the function it returns is
   * called when the wait ends, so that a deadline can tell a wait still going on from the deployment's silence.
   */
  readonly onQueue?: () => () => void;
  /**
   * Called when a request got no answer (it then throws an error marked so), which the SDK may pass on wrapped (the
   * SSE transport's "SSE error") where `isNoAnswer` cannot see the mark.
   */
  readonly onNoAnswer?: () => void;
}

/**
 * Whether a request may be sent again after a connection closed under it before its answer (RFC 9112 §9.3.1): an
 * idempotent method, or a POST of JSON-RPC messages none of which is a tools/call. Only a tools/call reaches a route,
 * and only routes are priced (§8's table; §4.6: the tools have the routes' Credit rules): initialize, tools/list,
 * notifications and the client's answers to the server's requests are protocol exchanges that nothing charges.
 */
function resendableAfterClose(init: RequestInit | undefined): boolean {
  if (isIdempotent(init?.method)) return true;
  if (typeof init?.body !== "string") return false;
  const body = parseJson(init.body);
  const messages: unknown[] = Array.isArray(body) ? body : [body];
  return messages.every(
    (m) => typeof m === "object" && m !== null && (m as { method?: unknown }).method !== "tools/call",
  );
}

/**
 * fetch bound to one origin: a request anywhere else is refused before it is sent, and redirects are never
 * followed, so the key cannot leave the configured deployment. With `health`, a response (any status) or a
 * failure to get one (not one the caller asked for by aborting) is reported, and nothing is sent once the run
 * has stopped (src/client/transport-health.ts). With `ratePolicy`, every request waits for its turn and a 429, or a
 * 503 with Retry-After, is retried (request bodies are strings, so they can be sent again) while its patience
 * (`timeoutMs` of Retry-After holds, the run's own queue not counted) allows; past that, the 429 is returned
 * (a 503: an McpClientError marked as no answer is thrown), or, when a Retry-After held it longer than it may wait,
 * an McpClientError with httpStatus 429 is thrown without
 * sending anything.
 */
export function originBoundFetch(
  baseUrl: string,
  timeoutMs: number,
  options: OriginBoundFetchOptions = {},
): typeof fetch {
  const origin = new URL(baseUrl).origin;
  const { health, ratePolicy, onRateLimited, onUnavailable, onQueue } = options;
  const once = (input: Parameters<typeof fetch>[0], init: RequestInit | undefined, url: URL) =>
    fetchOnce(input, init, url, timeoutMs, options);
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : input.toString());
    if (url.origin !== origin) {
      const why = `refused to send a request to ${url.origin}: only ${origin} (the base URL) is contacted`;
      throw new McpClientError(why);
    }
    // The deployment's holds bounded, the run's own queue not, as the HTTP client counts it (src/client/http.ts).
    const patience = new Patience(timeoutMs);
    const resendable = !(input instanceof Request) && (init?.body === undefined || typeof init.body === "string");
    let refused: Response | undefined;
    // A 503 with Retry-After still answered after its retries is no answer to judge: thrown as one, whatever asked.
    const unavailable = (retries: number) => {
      onUnavailable?.();
      return markNoAnswer(new McpClientError(`${describeUnavailable(retries)} (MCP ${url.pathname})`));
    };
    for (let attempt = 0; ; attempt++) {
      if (health?.stopped !== undefined)
        throw markNoAnswer(new McpClientError(`not sent: the run stopped after ${health.stopped}`));
      const queued = ratePolicy ? onQueue?.() : undefined;
      // A place among the key's requests in flight (REST's too), then the turn, both the run's own queue; the place is
      // given back once the answer's headers are in (an event stream stays open long after).
      let slot: Slot | undefined;
      const sentAt = ratePolicy
        ? await (async () => {
            slot = await ratePolicy.slot(init?.signal ?? undefined);
            return ratePolicy.turn(patience, init?.signal ?? undefined);
          })()
            .catch((error: unknown) => {
              slot?.release();
              throw error;
            })
            .finally(() => queued?.())
        : performance.now();
      if (sentAt === undefined) {
        slot?.release();
        if (refused?.status === 503) throw unavailable(attempt - 1);
        if (!refused && ratePolicy!.heldUnavailable()) {
          onUnavailable?.();
          throw markNoAnswer(new McpClientError(`not sent: ${ratePolicy!.describeHold()} (MCP ${url.pathname})`));
        }
        onRateLimited?.();
        if (refused) return refused;
        throw new McpClientError(`not sent: ${ratePolicy!.describeHold()} (MCP ${url.pathname})`, 429);
      }
      const response = await once(input, init, url).finally(() => slot?.release());
      const retryAfter = retryAfterOf((name) => response.headers.get(name));
      ratePolicy?.observe((name) => response.headers.get(name));
      const transient = isTransientUnavailable(response.status, retryAfter);
      if ((response.status !== 429 && !transient) || !ratePolicy) {
        if (slot) ratePolicy?.served(slot);
        return response;
      }
      if (
        !resendable ||
        !ratePolicy.refused(retryAfter, attempt, patience, sentAt, transient ? "unavailable" : "rate", slot?.inFlight)
      ) {
        if (transient) {
          await response.body?.cancel().catch(() => undefined);
          throw unavailable(attempt);
        }
        onRateLimited?.();
        return response;
      }
      // Kept, read, in case no later turn comes within its patience: then this 429 is the answer.
      const { status, statusText, headers } = response;
      refused = new Response(await response.text().catch(() => ""), { status, statusText, headers });
    }
  };
}

/**
 * One request of originBoundFetch, within `timeoutMs` (its answer's headers and body) and reported to the run's
 * health. A request that met a connection the deployment closed while idle, before any byte of the answer, is sent
 * again on another when nothing priced rides on it (RFC 9112 §9.3.1), or when it was never written; neither is a sign
 * of a deployment gone (src/client/connections.ts).
 */
async function fetchOnce(
  input: Parameters<typeof fetch>[0],
  init: RequestInit | undefined,
  url: URL,
  timeoutMs: number,
  options: OriginBoundFetchOptions,
): Promise<Response> {
  const { health, onNoAnswer } = options;
  for (let resends = 0; ; resends++) {
    // A timer-held controller, not AbortSignal.timeout: AbortSignal.any holds its sources weakly, and a timeout
    // signal nothing else holds can be collected before it fires, which left body reads without a deadline.
    const deadline = new AbortController();
    if (!options.endless)
      setTimeout(() => deadline.abort(deadlineError("no answer", timeoutMs)), Math.min(timeoutMs, 2 ** 31 - 1)).unref();
    const signals = [deadline.signal, ...(init?.signal ? [init.signal] : [])];
    try {
      const response = await poolFetch(
        input,
        { ...init, redirect: "manual", signal: AbortSignal.any(signals) },
        BODY_CAP,
      );
      countRoundTrip();
      health?.answered();
      return response;
    } catch (error) {
      if (init?.signal?.aborted) throw error;
      const idle = idleClose(error);
      const why = idle === "closed" ? CLOSED_BEFORE_ANSWER : describeFetchError(error, timeoutMs);
      health?.failed(`MCP ${init?.method ?? "GET"} ${url.pathname}: ${why}`, idle !== undefined);
      if (resendAfterIdle(idle, resends, resendableAfterClose(init))) continue;
      onNoAnswer?.();
      if (typeof error !== "object" || error === null) throw error;
      throw markNoAnswer(idle ? new McpClientError(`MCP ${url.pathname}: ${why}`) : (error as Error));
    }
  }
}

/** MCP bodies are cut off where the HTTP client cuts REST bodies; past it, the reader meets no answer. */
const BODY_CAP: BodyCap = {
  maxBytes: DEFAULT_MAX_BODY_BYTES,
  tooLarge: () =>
    markNoAnswer(
      new McpClientError(`response body larger than ${DEFAULT_MAX_BODY_BYTES / 1048576} MiB; reading stopped`),
    ),
};

function withRequestedRevision(message: JSONRPCMessage, revision: string | undefined): JSONRPCMessage {
  if (!revision || !("method" in message) || message.method !== "initialize") return message;
  return { ...message, params: { ...message.params, protocolVersion: revision } };
}

/** The HTTP status an SDK or client error carries (a status code, or "HTTP nnn" in its message), if any. */
function httpStatusOf(error: unknown): number | undefined {
  if (error instanceof McpClientError && error.httpStatus !== undefined) return error.httpStatus;
  const e = error as { code?: unknown; message?: string };
  if (typeof e.code === "number" && e.code >= 100 && e.code < 600) return e.code;
  const status = /\bHTTP (\d{3})\b/.exec(e.message ?? "")?.[1];
  return status === undefined ? undefined : Number(status);
}

/**
 * `rateLimited`: a request of the session was stopped by the rate limit, which is then the likely cause.
 * `unavailable`: one was still answered 503 with Retry-After after its retries; `unanswered`: one got no answer (a
 * timeout, a connection failed or closed). The SSE transport's stream reports either only as a message ("SSE error:
 * ..."), so the flags keep it no answer (`unanswered` where the failure carries no HTTP status of its own).
 */
function describeConnectFailure(
  error: unknown,
  url: URL,
  rateLimited: boolean,
  unavailable = false,
  unanswered = false,
): McpClientError {
  const e = error as { message?: string; name?: string };
  const httpStatus = httpStatusOf(error) ?? (rateLimited ? 429 : undefined);
  // An initialize refused for the rate in a JSON-RPC error (no HTTP 429 to pace by) is the rate limit too.
  const inWords = httpStatus !== 429 && saysRateLimited(error);
  const reason =
    e.name === "TimeoutError" || /aborted|timed? ?out/i.test(e.message ?? "")
      ? "no answer in time"
      : (e.message ?? String(error));
  const described = new McpClientError(
    `cannot open an MCP session at ${url.href}: ${httpStatus ? `HTTP ${httpStatus}: ` : ""}${reason}`,
    httpStatus,
    inWords,
  );
  // A 503 with Retry-After after its retries carries its status and is still no answer (originBoundFetch).
  const noAnswer = unavailable || isNoAnswer(error) || (unanswered && httpStatus === undefined);
  return httpStatus !== 429 && noAnswer ? markNoAnswer(described) : described;
}

/** Whether a JSON-RPC error the SDK raised refuses for the key's rate by its words. */
function saysRateLimited(error: unknown): boolean {
  return error instanceof McpError && rpcErrorSaysRateLimited(error);
}

/**
 * Whether a tool call's outcome is a rate-limit refusal, which is retried under the rate policy: a result whose
 * envelope is a failure saying so (code 429, or a message saying rate limit), an isError result of plain text saying
 * so, or a JSON-RPC error with code 429 or whose message or data says rate limit (src/client/rate-limit-answer.ts).
 */
function refusedForRate(outcome: ToolCallOutcome): boolean {
  if (envelopeSaysRateLimited(outcome.envelope)) return true;
  if (outcome.isError && outcome.envelope === undefined && RATE_LIMIT_WORDS.test(outcome.text ?? "")) return true;
  return outcome.rpcError !== undefined && rpcErrorSaysRateLimited(outcome.rpcError);
}

/** The text contents of a tool result, in order. */
/**
 * The texts of a tool result's content, in order: each text content's, and each embedded resource's that is a JSON
 * document (MCP 2024-11-05 and 2025-03-26: a tool result holds text, image or embedded resource content, a resource
 * carrying its text with a mimeType), as a server that hands back data as a document answers (variant
 * mcp-results-as-json-resource).
 */
function textContents(result: { readonly content?: readonly unknown[] }): string[] {
  return (result.content ?? []).flatMap((c) => {
    const block = (c ?? {}) as { type?: unknown; text?: unknown; resource?: { mimeType?: unknown; text?: unknown } };
    if (block.type === "text" && typeof block.text === "string") return [block.text];
    const resource = block.resource;
    const json = typeof resource?.mimeType === "string" && /^application\/([\w.-]+\+)?json\b/i.test(resource.mimeType);
    return block.type === "resource" && json && typeof resource?.text === "string" ? [resource.text] : [];
  });
}

/**
 * The JSON a tool result's text carries: its first text content (or JSON resource) that parses as an envelope (an
 * object with a `code` member, §4), else its first that parses as JSON at all, so that a server may put a line for the
 * reader before the envelope, in words or as JSON of its own (a count, a summary object), as MCP gives content blocks
 * no order or count.
 */
export function textJson(result: { readonly content?: readonly unknown[] }): { readonly json: unknown } | undefined {
  let first: { readonly json: unknown } | undefined;
  for (const text of textContents(result)) {
    let json: unknown;
    try {
      json = JSON.parse(text) as unknown;
    } catch {
      continue;
    }
    if (typeof json === "object" && json !== null && !Array.isArray(json) && Object.hasOwn(json, "code"))
      return { json };
    first ??= { json };
  }
  return first;
}

/** The JSON a tool result carries: its text's JSON, else structuredContent. */
function toolOutcome(result: CallToolResult): ToolCallOutcome {
  const text = textContents(result)[0];
  // The revisions of §4.6 carry a result as content; structuredContent is a later revision's member, which a server
  // may shape otherwise (an SDK wraps a string as {"result": ...}): it is read only where no text carries JSON.
  const envelope: unknown = textJson(result)?.json ?? result.structuredContent;
  return {
    isError: result.isError === true,
    result,
    ...(envelope === undefined ? {} : { envelope }),
    ...(text === undefined ? {} : { text }),
  };
}

/**
 * The JSON-RPC error responses a session received and no call has claimed yet. The SDK client raises the same
 * McpError for an error response and for one it makes itself (a timeout, a closed connection, a result that fails
 * the tool's outputSchema); only the first is the server's answer, so each error response is counted as it arrives
 * and a caught McpError is the server's only when an unclaimed response with its code and message is there.
 */
class ServerErrors {
  private readonly unclaimed = new Map<string, number>();

  watch(transport: Transport): void {
    const deliver = transport.onmessage;
    transport.onmessage = (message, extra) => {
      const error = (message as { error?: { code?: unknown; message?: unknown } }).error;
      if ("id" in message && error && typeof error.code === "number") {
        const key = ServerErrors.key(error.code, typeof error.message === "string" ? error.message : "");
        this.unclaimed.set(key, (this.unclaimed.get(key) ?? 0) + 1);
      }
      deliver?.(message, extra);
    };
  }

  /** The server's error response behind a caught McpError, claimed; undefined when the client raised it itself. */
  take(error: McpError): RpcError | undefined {
    const message = error.message.replace(`MCP error ${error.code}: `, "");
    const key = ServerErrors.key(error.code, message);
    const count = this.unclaimed.get(key) ?? 0;
    if (count === 0) return undefined;
    if (count === 1) this.unclaimed.delete(key);
    else this.unclaimed.set(key, count - 1);
    return { code: error.code, message };
  }

  private static key(code: number, message: string): string {
    return `${code}\n${message}`;
  }
}

type SessionTransport = Transport & { setProtocolVersion: (v: string) => void };

/**
 * The SDK transport of one kind, sending the key on every request and asking for `requestRevision` at initialize;
 * `negotiated()` is the revision the server chose, once connected.
 */
function sessionTransport(
  options: McpClientOptions,
  kind: McpTransportKind,
  requestRevision: string | undefined,
  watch: Pick<OriginBoundFetchOptions, "onRateLimited" | "onUnavailable" | "onQueue" | "onNoAnswer">,
): { transport: SessionTransport; url: URL; negotiated: () => string | undefined } {
  const timeout = options.timeoutMs ?? DEFAULT_MCP_TIMEOUT_MS;
  const url = mcpUrl(options.baseUrl, kind);
  const requestInit = { headers: authorizationHeaders(options.authorization) };
  const fetchOptions = { ...fetchOptionsOf(options), ...watch };
  const fetchImpl = originBoundFetch(options.baseUrl, timeout, fetchOptions);
  // The SSE stream stays open for the whole session, so it gets no deadline; every POST does.
  const transport: SessionTransport =
    kind === "streamable-http"
      ? new StreamableHTTPClientTransport(url, { requestInit, fetch: fetchImpl })
      : new SSEClientTransport(url, {
          requestInit,
          fetch: fetchImpl,
          eventSourceInit: { fetch: originBoundFetch(options.baseUrl, timeout, { ...fetchOptions, endless: true }) },
        });
  let negotiated: string | undefined;
  const send = transport.send.bind(transport);
  transport.send = (message, sendOptions) => send(withRequestedRevision(message, requestRevision), sendOptions);
  const setProtocolVersion = transport.setProtocolVersion.bind(transport);
  transport.setProtocolVersion = (version) => {
    negotiated = version;
    setProtocolVersion(version);
  };
  return { transport, url, negotiated: () => negotiated };
}

/**
 * The SDK's own timeout of a request, left to `within` (the deadline that does not count the tester's turns): the
 * longest a timer takes.
 */
const SDK_TIMEOUT_MS = 2 ** 31 - 1;

/**
 * Connects the client within one deadline, the waits for the key's turns not counted. The SDK bounds the initialize
 * request, not the transport's start: an SSE stream that opens and then stays silent would wait for its endpoint
 * event forever.
 */
async function connectWithin(
  client: Client,
  transport: Transport,
  deadline: SdkDeadline,
  describe: (error: unknown) => Error,
): Promise<void> {
  try {
    const connected = client.connect(transport, { timeout: SDK_TIMEOUT_MS });
    await within(connected, deadline.ms, "no MCP session", { waited: deadline.waited });
  } catch (error) {
    await client.close().catch(() => undefined);
    throw describe(error);
  }
}

type RateRetries = <T>(attempt: () => Promise<T>, refused: (answer: T) => boolean) => Promise<T>;

/** How long a JSON-RPC exchange of a session may take, and how long its requests have waited for their turns. */
interface SdkDeadline {
  readonly ms: number;
  readonly waited: () => number;
}

/** An SDK request within `deadline`: past it the request is cancelled (the SDK sends notifications/cancelled). */
function sdkRequest<T>(deadline: SdkDeadline, request: (options: RequestOptions) => Promise<T>): Promise<T> {
  const cancel = new AbortController();
  const sent = request({ timeout: SDK_TIMEOUT_MS, signal: cancel.signal });
  return within(sent, deadline.ms, "no answer", { giveUp: () => cancel.abort(), waited: deadline.waited });
}

/**
 * Sends a request again after a rate-limit refusal in its JSON-RPC answer, as the fetch does after an HTTP 429:
 * the policy holds every request for the wait, and the retry goes while the request's patience (`timeout` of holds)
 * allows.
 */
function rateRetries(options: McpClientOptions, timeout: number): RateRetries {
  return async (attempt, refused) => {
    const patience = new Patience(timeout);
    for (let retries = 0; ; retries++) {
      const sentAt = performance.now();
      const answer = await attempt();
      if (!refused(answer) || !options.ratePolicy?.refused(undefined, retries, patience, sentAt)) return answer;
    }
  };
}

/**
 * A paginated tools/list followed to its end, each page one request (`listPage`, which renews an ended session, so
 * that a server ending sessions between pages still lists them all); the bound stops a server that never ends it.
 */
async function listAllTools(
  url: URL,
  listPage: (params: { cursor?: string }) => Promise<ListToolsResult | Error>,
  retry: RateRetries,
): Promise<Tool[]> {
  const tools: Tool[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 100; page++) {
    const params = cursor ? { cursor } : {};
    const result = await retry(() => listPage(params), saysRateLimited);
    if (result instanceof Error) {
      const status = httpStatusOf(result);
      if (status === undefined) throw result;
      throw new McpClientError(`tools/list at ${url.href}: HTTP ${status}: ${result.message}`, status);
    }
    tools.push(...result.tools);
    cursor = result.nextCursor;
    if (!cursor) return tools;
  }
  throw new McpClientError(`tools/list at ${url.href} returned more than 100 pages`);
}

/**
 * One tools/call attempt: the result, the server's JSON-RPC error, or what kept the call from an answer. An error
 * `rethrown` says is thrown as it is, for the caller to act on (a session the server ended).
 */
async function callToolOnce(
  client: Client,
  serverErrors: ServerErrors,
  deadline: SdkDeadline,
  name: string,
  args: Record<string, unknown> | undefined,
  rethrown: (error: unknown) => boolean = () => false,
): Promise<ToolCallOutcome> {
  try {
    const params = { name, ...(args === undefined ? {} : { arguments: args }) };
    const result = (await sdkRequest(deadline, (o) => client.callTool(params, undefined, o))) as CallToolResult;
    return toolOutcome(result);
  } catch (error) {
    if (rethrown(error)) throw error;
    const sent = error instanceof McpError ? serverErrors.take(error) : undefined;
    if (sent !== undefined && sent.code !== SERVER_TIMEOUT_CODE) return { isError: true, rpcError: sent };
    const status = httpStatusOf(error);
    const limited = status === 429;
    const message = (error as Error).message;
    // The transport lets a server answer input it cannot accept with an HTTP error status and a JSON-RPC error in
    // the body (MCP 2025-03-26, transports: "The HTTP response body MAY comprise a JSON-RPC error response"): that
    // error is the server's answer, as it is under a 200.
    const refusedOnTransport = status !== undefined && CALL_REFUSED_STATUSES.has(status);
    const carried = refusedOnTransport ? rpcErrorIn(message) : undefined;
    if (carried) return { isError: true, rpcError: carried, httpStatus: status };
    // Without one, the status itself refuses the call, as a 4xx refuses a REST request (src/checks/answer.ts).
    if (refusedOnTransport && !(error instanceof McpError)) return { isError: true, httpStatus: status, text: message };
    const said = status === undefined || message.includes(`HTTP ${status}`) ? message : `HTTP ${status}: ${message}`;
    return {
      isError: true,
      error: sent ? `the server answered JSON-RPC error ${sent.code}: ${sent.message}` : said,
      ...(limited ? { rateLimited: true as const } : {}),
      ...(!sent && !limited && isNoAnswer(error) ? { unanswered: true as const } : {}),
    };
  }
}

/** One connected SDK client, its transport and the error responses it received. */
interface Connection {
  readonly client: Client;
  readonly transport: SessionTransport;
  readonly serverErrors: ServerErrors;
  readonly negotiated: () => string | undefined;
  readonly deadline: SdkDeadline;
}

/**
 * Whether `error` says the server ended the session the request carried: HTTP 404 to a request with an
 * Mcp-Session-Id on Streamable HTTP (the 2024-11-05 SSE transport has no such rule). MCP 2025-03-26 (transports,
 * Session Management): "The server MAY terminate the session at any time, after which it MUST respond to requests
 * containing that session ID with HTTP 404 Not Found"; the request was then not served, and "the client MUST start a
 * new session by sending a new InitializeRequest without a session ID attached".
 */
function endedSession(connection: Connection, error: unknown): boolean {
  const { transport } = connection;
  return (
    transport instanceof StreamableHTTPClientTransport &&
    transport.sessionId !== undefined &&
    httpStatusOf(error) === 404
  );
}

/** A request sent in the session at hand, given the connection and what errors it is to throw rather than answer. */
type SessionAttempt<T> = (c: Connection, rethrown: (error: unknown) => boolean) => Promise<T>;

/**
 * The session requests are sent in, renewed when the server ends it. A request that finds its session ended is sent
 * again in a new session (endedSession says why). Requests in flight together that find it ended share the one new
 * session; a server may end every session after one request, so a request that finds the shared new session ended
 * too is sent in a session of its own, once: a server that ends that one before serving it leaves the 404 the answer.
 * A session found ended is closed once no request is in flight on it: closing it sooner fails those requests
 * ("Connection closed") before the server's 404 can send them to the new session.
 */
function renewingSessions(first: Connection, connect: () => Promise<Connection>) {
  let connection = first;
  let renewal: { readonly from: Connection; readonly to: Promise<Connection> } | undefined;
  const inFlight = new Map<Connection, number>();
  const retired = new Set<Connection>();
  const closeIfIdle = (c: Connection) => {
    if (!retired.has(c) || inFlight.get(c)) return;
    retired.delete(c);
    inFlight.delete(c);
    void c.client.close().catch(() => undefined);
  };
  const retire = (c: Connection) => void (retired.add(c), closeIfIdle(c));
  const renewing = async <T>(attempt: SessionAttempt<T>): Promise<T> => {
    let used = connection;
    for (let renewals = 0; ; renewals++) {
      const ended = (error: unknown) => renewals < 2 && endedSession(used, error);
      const on = used;
      inFlight.set(on, (inFlight.get(on) ?? 0) + 1);
      try {
        return await attempt(on, ended);
      } catch (error) {
        if (!ended(error)) throw error;
      } finally {
        inFlight.set(on, inFlight.get(on)! - 1);
        // The request's own session served it, or was ended before: nothing else uses it.
        if (renewals === 2) retire(on);
        closeIfIdle(on);
      }
      if (renewals === 0) {
        if (renewal?.from !== used) {
          retire(used);
          renewal = { from: used, to: connect() };
        }
        connection = used = await renewal.to;
      } else used = await connect();
    }
  };
  return { renewing, current: () => connection };
}

/** The time a session's requests have spent waiting for their turns, waits still going on included. */
class QueueTime {
  private over = 0;
  private readonly going = new Set<{ readonly since: number }>();

  /** A wait begins; the function returned ends it. */
  start(): () => void {
    const wait = { since: performance.now() };
    this.going.add(wait);
    return () => {
      if (this.going.delete(wait)) this.over += performance.now() - wait.since;
    };
  }

  ms(): number {
    const now = performance.now();
    let going = 0;
    for (const wait of this.going) going += now - wait.since;
    return this.over + going;
  }
}

/**
 * Opens an MCP session with the official SDK client on one transport, sending the key on every request.
 * `requestRevision` makes initialize ask for that revision instead of the SDK's latest, which is how a run
 * asks each transport for the revision §4.6 gives it.
 */
export async function openMcpSession(
  options: McpClientOptions,
  kind: McpTransportKind,
  requestRevision?: string,
): Promise<McpSession> {
  const timeout = options.timeoutMs ?? DEFAULT_MCP_TIMEOUT_MS;
  let url!: URL;
  const connect = async (): Promise<Connection> => {
    let rateLimited = false;
    let unavailable = false;
    let unanswered = false;
    const queue = new QueueTime();
    const opened = sessionTransport(options, kind, requestRevision, {
      onRateLimited: () => (rateLimited = true),
      onUnavailable: () => (unavailable = true),
      onNoAnswer: () => (unanswered = true),
      onQueue: () => queue.start(),
    });
    url = opened.url;
    // An exchange may take two answers (an SSE session's POST, then its answer on the stream), each within `timeout`;
    // the session's waits for its turns move the deadline back (the requests in flight share them), those still going
    // on included: a deadline that counted only the waits already over gave up on a request still in the run's queue
    // (20 s into a queue under a rate limit of 5 a second, "no answer within 20000 ms").
    const deadline: SdkDeadline = { ms: 2 * timeout, waited: () => queue.ms() };
    const client = new Client({ name: "tdss", version: "1" }, { jsonSchemaValidator: validatorOnFirstUse() });
    client.onerror = () => undefined;
    const serverErrors = new ServerErrors();
    const describe = (error: unknown) =>
      describeConnectFailure(error, opened.url, rateLimited, unavailable, unanswered);
    await connectWithin(client, opened.transport, deadline, describe);
    serverErrors.watch(opened.transport);
    return { client, transport: opened.transport, serverErrors, negotiated: opened.negotiated, deadline };
  };
  const retry = rateRetries(options, timeout);
  /** A session opened, and opened again while the rate limit refused it in words (an HTTP 429 was retried already). */
  const open = async () => {
    const opened = await retry(
      () => connect().catch((error: unknown) => error as Error),
      (answer) => answer instanceof McpClientError && answer.rateLimitedInWords,
    );
    if (opened instanceof Error) throw opened;
    return opened;
  };
  const sessions = renewingSessions(await open(), open);
  const renewing = sessions.renewing;
  return {
    transport: kind,
    protocolVersion: sessions.current().negotiated(),
    serverInfo: sessions.current().client.getServerVersion(),
    listTools: () =>
      listAllTools(
        url,
        (params) =>
          renewing(async (c, rethrown) => {
            const page = await sdkRequest(c.deadline, (o) => c.client.listTools(params, o)).catch(
              (error: unknown) => error as Error,
            );
            if (page instanceof Error && rethrown(page)) throw page;
            return page;
          }),
        retry,
      ),
    async callTool(name, args) {
      const outcome = await retry(
        () => renewing((c, rethrown) => callToolOnce(c.client, c.serverErrors, c.deadline, name, args, rethrown)),
        refusedForRate,
      );
      return refusedForRate(outcome) ? { ...outcome, rateLimited: true } : outcome;
    },
    async close() {
      await sessions
        .current()
        .client.close()
        .catch(() => undefined);
    },
  };
}

/** The fetch options of a client's requests: the run's health and rate policy. */
function fetchOptionsOf(options: McpClientOptions): OriginBoundFetchOptions {
  return {
    ...(options.health ? { health: options.health } : {}),
    ...(options.ratePolicy ? { ratePolicy: options.ratePolicy } : {}),
  };
}

// ---------------------------------------------------------------- raw probes

/** One raw exchange with an MCP address, for what the SDK client cannot show: HTTP statuses of refusals. */
export interface McpProbe {
  readonly url: string;
  readonly status?: number;
  readonly wwwAuthenticate?: string;
  /** The JSON-RPC response to the probe's initialize, when one came back. */
  readonly response?: {
    readonly result?: Record<string, unknown>;
    readonly error?: { readonly code: number; readonly message: string };
  };
  /** A transport failure, or why the exchange could not go on. */
  readonly error?: string;
  /**
   * The key's rate limit stopped the probe: answered HTTP 429 (`status`, of the probed request or of the stream it
   * needed) after every retry the deadline allowed, or not sent because no turn came before the deadline.
   */
  readonly rateLimited?: true;
  /** No answer came (`error` says why: a timeout, a failed connection, ...): nothing of the server's to judge. */
  readonly unanswered?: true;
}

/** A probe that failed with `error`, marked when the rate limit was the cause. */
function probeFailure(url: string, error: unknown, timeoutMs: number): McpProbe {
  return {
    url,
    error: describeFetchError(error, timeoutMs),
    ...(isRateLimitError(error) ? { rateLimited: true } : isNoAnswer(error) ? { unanswered: true } : {}),
  };
}

/** A probe answered with HTTP 429 is marked: the status alone would not say that no retry was left. */
function marked(probe: McpProbe): McpProbe {
  return probe.status === 429 ? { ...probe, rateLimited: true } : probe;
}

interface SseEvent {
  readonly event: string;
  readonly data: string;
}

/** Reads server-sent events from a response body, one at a time. */
class EventReader {
  private buffer = "";
  private readonly decoder = new TextDecoder();
  constructor(private readonly reader: ReadableStreamDefaultReader<Uint8Array>) {}

  async next(): Promise<SseEvent | undefined> {
    for (;;) {
      const boundary = /\r?\n\r?\n/.exec(this.buffer);
      if (boundary) {
        const block = this.buffer.slice(0, boundary.index);
        this.buffer = this.buffer.slice(boundary.index + boundary[0].length);
        let event = "message";
        const data: string[] = [];
        for (const line of block.split(/\r?\n/)) {
          if (line.startsWith("event:")) event = line.slice(6).trim();
          else if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
        }
        if (data.length > 0) return { event, data: data.join("\n") };
        continue;
      }
      const { value, done } = await this.reader.read();
      if (done) return undefined;
      this.buffer += this.decoder.decode(value, { stream: true });
      if (this.buffer.length > 4 * 1024 * 1024)
        throw new Error("event stream sent over 4 MiB without an event boundary");
    }
  }

  /** The first JSON-RPC response with the given id among the next events. */
  async response(id: number): Promise<McpProbe["response"]> {
    for (let event = await this.next(); event; event = await this.next()) {
      if (event.event !== "message") continue;
      const message = parseJson(event.data);
      if (isResponseTo(message, id)) return message;
    }
    return undefined;
  }

  cancel(): void {
    void this.reader.cancel().catch(() => undefined);
  }
}

/**
 * HTTP statuses by which the transport refuses a call itself, as a REST route refuses a request: its input (400, 413,
 * 422) or its key (401, 402, 403). Not 404 (an ended session, or no endpoint), 405, 406 or 415 (how MCP was spoken),
 * 408 or 429 (come back later): none of those judged the call.
 */
const CALL_REFUSED_STATUSES: ReadonlySet<number> = new Set([400, 401, 402, 403, 413, 422]);

/** The JSON-RPC error response an HTTP error answer carried, from the SDK's error message that quotes its body. */
function rpcErrorIn(message: string): RpcError | undefined {
  const start = message.indexOf("{");
  if (start < 0) return undefined;
  const parsed = parseJson(message.slice(start)) as { jsonrpc?: unknown; error?: Partial<RpcError> } | undefined;
  const error = parsed?.error;
  if (parsed?.jsonrpc !== "2.0" || typeof error?.code !== "number") return undefined;
  return { code: error.code, message: typeof error.message === "string" ? error.message : "" };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const PROBE_ID = 1;

function initializeMessage(revision: string): string {
  return JSON.stringify({
    jsonrpc: "2.0",
    id: PROBE_ID,
    method: "initialize",
    params: { protocolVersion: revision, capabilities: {}, clientInfo: { name: "tdss-probe", version: "1" } },
  });
}

/** The Authorization header a probe sends: by default the options' own; `null` sends none. */
export type ProbeAuthorization = string | null | undefined;

function probeHeaders(options: McpClientOptions, auth: ProbeAuthorization): Record<string, string> {
  return auth === null ? {} : authorizationHeaders(auth ?? options.authorization);
}

/**
 * Reads from a stream within `timeoutMs`: past it the reader is cancelled and a TimeoutError thrown, so that a
 * silent stream reads as no answer (src/client/no-answer.ts) rather than as a stream that ended without one.
 */
async function readWithin<T>(reader: EventReader, timeoutMs: number, read: () => Promise<T>): Promise<T> {
  return within(read(), timeoutMs, "no answer", { giveUp: () => reader.cancel() });
}

async function responseMessage(response: Response, timeoutMs: number): Promise<McpProbe["response"]> {
  const type = response.headers.get("content-type") ?? "";
  if (type.includes("text/event-stream") && response.body) {
    const reader = new EventReader(response.body.getReader());
    try {
      return await readWithin(reader, timeoutMs, () => reader.response(PROBE_ID));
    } finally {
      reader.cancel();
    }
  }
  const body = parseJson(await response.text());
  const messages = Array.isArray(body) ? body : [body];
  return messages.find((m) => isResponseTo(m, PROBE_ID));
}

/**
 * Whether a JSON-RPC message is the response to the request of `id`: a request of the server's own may carry the same
 * id, since each party numbers its requests apart (JSON-RPC 2.0 §4 and §5: a request has a method, a response a result
 * or an error), as a server that pings its client from 1 does (MCP 2024-11-05, ping: either party may send one).
 */
function isResponseTo(message: unknown, id: number): message is NonNullable<McpProbe["response"]> {
  if (typeof message !== "object" || message === null) return false;
  const { id: answered, method, result, error } = message as Record<string, unknown>;
  return answered === id && method === undefined && (result !== undefined || error !== undefined);
}

function describeFetchError(error: unknown, timeoutMs: number): string {
  const e = error as { name?: string; message?: string; cause?: { message?: string } };
  if (e.name === "TimeoutError" || e.name === "AbortError") return `no answer within ${timeoutMs} ms`;
  return e.cause?.message ?? e.message ?? String(error);
}

/**
 * POSTs one initialize request to {base_url}/mcp asking for `revision`, with the given Authorization, and
 * reports the HTTP status, the challenge and the JSON-RPC answer. A session the server opened is ended again.
 */
export function probeStreamableInitialize(
  options: McpClientOptions,
  revision: string,
  auth?: ProbeAuthorization,
): Promise<McpProbe> {
  return retriedInWords(options, () => probeStreamableInitializeOnce(options, revision, auth));
}

/** Whether a probe's initialize was answered with a JSON-RPC error that refuses for the key's rate by its words. */
function refusedInWords(probe: McpProbe): boolean {
  return probe.response?.error !== undefined && rpcErrorSaysRateLimited(probe.response.error);
}

/**
 * A probe sent again, under the rate policy, while its initialize is refused for the key's rate in JSON-RPC (an HTTP
 * 429 was retried by the fetch already), and marked rate limited when no retry was left.
 */
async function retriedInWords(options: McpClientOptions, attempt: () => Promise<McpProbe>): Promise<McpProbe> {
  const probe = await rateRetries(options, options.timeoutMs ?? DEFAULT_MCP_TIMEOUT_MS)(attempt, refusedInWords);
  return refusedInWords(probe) ? { ...probe, rateLimited: true } : probe;
}

async function probeStreamableInitializeOnce(
  options: McpClientOptions,
  revision: string,
  auth?: ProbeAuthorization,
): Promise<McpProbe> {
  const timeout = options.timeoutMs ?? DEFAULT_MCP_TIMEOUT_MS;
  const url = mcpUrl(options.baseUrl, "streamable-http");
  const fetchImpl = originBoundFetch(options.baseUrl, timeout, fetchOptionsOf(options));
  const headers = {
    ...probeHeaders(options, auth),
    "Content-Type": "application/json",
    Accept: "application/json, text/event-stream",
  };
  try {
    const response = await fetchImpl(url, { method: "POST", headers, body: initializeMessage(revision) });
    const base = { url: url.href, status: response.status, ...challenge(response) };
    if (response.status < 200 || response.status >= 300) {
      await response.body?.cancel().catch(() => undefined);
      return marked(base);
    }
    const message = await responseMessage(response, timeout);
    const session = response.headers.get("mcp-session-id");
    if (session)
      await fetchImpl(url, {
        method: "DELETE",
        headers: { ...probeHeaders(options, undefined), "mcp-session-id": session },
      }).catch(() => undefined);
    return { ...base, ...(message ? { response: message } : { error: "no JSON-RPC response to initialize" }) };
  } catch (error) {
    return probeFailure(url.href, error, timeout);
  }
}

function challenge(response: Response): { wwwAuthenticate?: string } {
  const value = response.headers.get("www-authenticate");
  return value === null ? {} : { wwwAuthenticate: value };
}

/** An open SSE stream (GET {base_url}/sse) and the message endpoint it announced. */
interface OpenStream {
  readonly status: number;
  readonly wwwAuthenticate?: string;
  readonly endpoint?: URL;
  readonly events?: EventReader;
  readonly error?: string;
  readonly unanswered?: true;
}

async function openSseStream(
  options: McpClientOptions,
  auth: ProbeAuthorization,
  timeoutMs: number,
): Promise<OpenStream> {
  const url = mcpUrl(options.baseUrl, "sse");
  // The stream itself stays open past the deadline (the endpoint event is bounded below); its headers do not, once
  // the request has had its turn under the rate limit (at most `timeoutMs` too).
  const headersDeadline = new AbortController();
  const headersTimer = setTimeout(() => headersDeadline.abort(deadlineError("no answer", timeoutMs)), 2 * timeoutMs);
  let response: Response;
  try {
    response = await originBoundFetch(options.baseUrl, timeoutMs, { ...fetchOptionsOf(options), endless: true })(url, {
      headers: { ...probeHeaders(options, auth), Accept: "text/event-stream" },
      signal: headersDeadline.signal,
    });
  } finally {
    clearTimeout(headersTimer);
  }
  const base = { status: response.status, ...challenge(response) };
  if (response.status !== 200 || !response.body) {
    await response.body?.cancel().catch(() => undefined);
    return base;
  }
  const events = new EventReader(response.body.getReader());
  try {
    return await readWithin(events, timeoutMs, async (): Promise<OpenStream> => {
      for (let event = await events.next(); event; event = await events.next()) {
        if (event.event !== "endpoint") continue;
        const endpoint = new URL(event.data, url);
        if (endpoint.origin !== url.origin) {
          events.cancel();
          return {
            ...base,
            error:
              `the stream announced a message endpoint on another origin (${endpoint.origin}); the key is not ` +
              `sent there`,
          };
        }
        return { ...base, endpoint, events };
      }
      return { ...base, error: "the stream ended without announcing a message endpoint" };
    });
  } catch (error) {
    events.cancel();
    const error_ = `no endpoint event within ${timeoutMs} ms (${(error as Error).message})`;
    return { ...base, error: error_, ...(isNoAnswer(error) ? { unanswered: true } : {}) };
  }
}

/** GET {base_url}/sse with the given Authorization: the status and challenge the stream is answered with. */
export async function probeSseStream(options: McpClientOptions, auth?: ProbeAuthorization): Promise<McpProbe> {
  const timeout = options.timeoutMs ?? DEFAULT_MCP_TIMEOUT_MS;
  const url = mcpUrl(options.baseUrl, "sse").href;
  try {
    const stream = await openSseStream(options, auth, timeout);
    stream.events?.cancel();
    return marked({
      url,
      status: stream.status,
      ...(stream.wwwAuthenticate ? { wwwAuthenticate: stream.wwwAuthenticate } : {}),
      ...(stream.error ? { error: stream.error } : {}),
      ...(stream.unanswered ? { unanswered: true } : {}),
    });
  } catch (error) {
    return probeFailure(url, error, timeout);
  }
}

/**
 * Opens the SSE stream with the configured key, then POSTs initialize (asking for `revision`) to the announced
 * message endpoint with the given Authorization: the endpoint's status and challenge, and the JSON-RPC answer
 * that came back on the stream, if any.
 */
export function probeSseInitialize(
  options: McpClientOptions,
  revision: string,
  auth?: ProbeAuthorization,
): Promise<McpProbe> {
  return retriedInWords(options, () => probeSseInitializeOnce(options, revision, auth));
}

async function probeSseInitializeOnce(
  options: McpClientOptions,
  revision: string,
  auth?: ProbeAuthorization,
): Promise<McpProbe> {
  const timeout = options.timeoutMs ?? DEFAULT_MCP_TIMEOUT_MS;
  const streamUrl = mcpUrl(options.baseUrl, "sse").href;
  let stream: OpenStream | undefined;
  try {
    stream = await openSseStream(options, undefined, timeout);
    if (!stream.endpoint || !stream.events) {
      return {
        url: streamUrl,
        error:
          stream.error ??
          `GET ${streamUrl} with the configured key answered HTTP ${stream.status}, so its message endpoint is unknown`,
        ...(stream.status === 429 ? { rateLimited: true } : {}),
        ...(stream.unanswered ? { unanswered: true } : {}),
      };
    }
    const url = stream.endpoint.href;
    const posted = await originBoundFetch(
      options.baseUrl,
      timeout,
      fetchOptionsOf(options),
    )(stream.endpoint, {
      method: "POST",
      headers: { ...probeHeaders(options, auth), "Content-Type": "application/json" },
      body: initializeMessage(revision),
    });
    await posted.body?.cancel().catch(() => undefined);
    const base = { url, status: posted.status, ...challenge(posted) };
    if (posted.status < 200 || posted.status >= 300) return marked(base);
    const events = stream.events;
    try {
      const message = await readWithin(events, timeout, () => events.response(PROBE_ID));
      return {
        ...base,
        ...(message ? { response: message } : { error: "no JSON-RPC response to initialize on the stream" }),
      };
    } catch (error) {
      if (!isNoAnswer(error)) throw error;
      const unanswered = `no JSON-RPC response to initialize on the stream within ${timeout} ms`;
      return { ...base, error: unanswered, unanswered: true };
    }
  } catch (error) {
    return probeFailure(streamUrl, error, timeout);
  } finally {
    stream?.events?.cancel();
  }
}
