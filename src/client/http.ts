import { type Agent, request } from "undici";
import {
  CLOSED_BEFORE_ANSWER,
  createAgent,
  decodedContent,
  idleClose,
  isIdempotent,
  readCapped,
  resendAfterIdle,
  userAgent,
} from "./connections.js";
import { bodySaysRateLimited } from "./rate-limit-answer.js";
import { countRoundTrip } from "./round-trips.js";
import { KeyRatePolicies } from "./key-rate-policies.js";
import { Patience, describeUnavailable, isTransientUnavailable, retryAfterOf } from "./rate-policy.js";
import { TransportHealth } from "./transport-health.js";

/** One HTTP request, relative to the client's base URL (§4: "All paths are relative to {base_url}"). */
export interface HttpRequest {
  readonly method: string;
  /** Path (and query) beginning with "/"; joined to the base URL's own path. */
  readonly path: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
  /**
   * 429 answers re-sent at most this many times (default: the rate policy's; a 503 with Retry-After always has them).
   * 0 where a 429 is itself the answer the caller expects, a refusal for the key's balance (docs/runner-robustness.md,
   * "One exception"): waiting to send it again would only hold the key.
   */
  readonly rateRetries?: number;
}

/** What came back: a response, or a transport failure with a reason a person can read. Never both. */
export interface HttpResult {
  readonly url: string;
  readonly status?: number;
  readonly headers?: Readonly<Record<string, string>>;
  readonly bodyText?: string;
  /**
   * No answer to judge: a transport failure (timeout, reset, refused connection, oversized body, ...), or (with
   * `unavailable`) a 503 with Retry-After still answered after every retry.
   */
  readonly error?: string;
  readonly durationMs: number;
  /** How many 429 answers (and 503s with Retry-After) were retried before this result. */
  readonly retries: number;
  /** The request was not sent: the run had stopped after consecutive transport failures, or (with `rateLimited`) a
   * 429's Retry-After held it longer than it may wait. */
  readonly notSent?: true;
  /**
   * The key's rate limit stopped the request: its last answer was a 429 (`status`), or a failure envelope saying rate
   * limit under another status (src/client/rate-limit-answer.ts), with no retry left within its
   * patience, or it was not sent (`notSent`) because a 429's Retry-After held it longer than it may wait.
   */
  readonly rateLimited?: true;
  /**
   * The deployment was only for now unavailable: its last answer was a 503 with Retry-After (`status`), with no retry
   * left within its patience, or it was not sent (`notSent`) because such an answer's Retry-After held it longer than
   * it may wait (`error` says which); a 503 without Retry-After is an answer like any other.
   */
  readonly unavailable?: true;
}

export interface HttpClientOptions {
  readonly baseUrl: string;
  /**
   * Milliseconds an exchange has to answer (headers and body), and how long one request may wait in all on the
   * Retry-After holds of the deployment's 429s and 503s (`Patience`): it is re-sent after a 429 only while that
   * lasts. Its waits behind the run's own requests for its turns are not bounded.
   */
  readonly timeoutMs?: number;
  /** Largest response body read; a bigger one is cut off and reported. */
  readonly maxBodyBytes?: number;
  readonly connections?: number;
  /** Counts consecutive transport failures and stops sending at its limit (one per run, shared with MCP). */
  readonly health?: TransportHealth;
  /** Paces each key's requests by its rate limit and learns from 429 answers (one per run, shared with MCP). */
  readonly rates?: KeyRatePolicies;
}

export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_BODY_BYTES = 16 * 1024 * 1024;

/** Thrown for a base URL that cannot be used; the caller turns it into a usage error. */
export class BaseUrlError extends Error {
  override readonly name = "BaseUrlError";
}

/** Parses and checks a base URL: http(s), no credentials, no query or fragment. */
export function parseBaseUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new BaseUrlError(`base URL ${JSON.stringify(raw)} is not a URL`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new BaseUrlError(`base URL ${raw} must use http or https`);
  if (url.username || url.password)
    throw new BaseUrlError(`base URL must not carry credentials; pass the key with --api-key or TDSS_API_KEY`);
  if (url.search || url.hash) throw new BaseUrlError(`base URL ${raw} must not have a query or fragment`);
  return url;
}

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/** True when plain http would send the key across a network: http:// to a host other than loopback. */
export function isInsecureRemote(url: URL): boolean {
  return url.protocol === "http:" && !LOOPBACK.test(url.hostname);
}

/**
 * The runner's only way out to the network. It talks to one origin: paths are joined to the base URL
 * and a path that would leave its origin is refused before anything is sent, so the Authorization
 * header can never reach another host. Redirects are never followed (a 3xx is returned as it is).
 * `send` never throws: timeouts, resets, slow drips and oversized bodies come back as `error` (no answer: every
 * answer of the deployment comes back as one). Every request waits for its turn under its key's policy in `rates`
 * and is retried after a 429, or a 503 with Retry-After, only while its patience (`timeoutMs` of the deployment's
 * Retry-After holds) allows; a Retry-After longer than that comes back as the 429 it is (a 503 as
 * `unavailable`, with `error`). Once `health` has stopped
 * the run, nothing more is sent.
 */
export class HttpClient {
  readonly baseUrl: URL;
  readonly health: TransportHealth;
  readonly rates: KeyRatePolicies;
  private readonly agent: Agent;
  private readonly timeoutMs: number;
  private readonly maxBodyBytes: number;
  private openConnections = 0;

  constructor(options: HttpClientOptions) {
    this.baseUrl = parseBaseUrl(options.baseUrl);
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
    this.health = options.health ?? new TransportHealth();
    this.rates = options.rates ?? new KeyRatePolicies();
    this.agent = createAgent({ connections: options.connections ?? 8, connectTimeoutMs: this.timeoutMs });
    // Whether a connection to the deployment is open tells a server that never accepts from one that accepts
    // and never answers: both leave a request without response headers.
    this.agent.on("connect", () => this.openConnections++);
    this.agent.on("disconnect", () => this.openConnections--);
  }

  /** The absolute URL of a path under the base URL; throws when the path would leave the base origin. */
  urlFor(path: string): string {
    if (!path.startsWith("/") || path.startsWith("//") || /[\r\n]/.test(path))
      throw new BaseUrlError(`request path ${JSON.stringify(path)} must start with a single "/"`);
    const base = this.baseUrl.href.replace(/\/+$/, "");
    const url = new URL(base + path);
    if (url.origin !== this.baseUrl.origin)
      throw new BaseUrlError(`request path ${JSON.stringify(path)} leaves ${this.baseUrl.origin}`);
    return url.href;
  }

  async send(req: HttpRequest): Promise<HttpResult> {
    let url: string;
    try {
      url = this.urlFor(req.path);
    } catch (error) {
      return { url: req.path, error: (error as Error).message, durationMs: 0, retries: 0 };
    }
    const notSent = (): HttpResult | undefined => {
      const stopped = this.health.stopped;
      if (stopped === undefined) return undefined;
      return { url, error: `not sent: the run stopped after ${stopped}`, durationMs: 0, retries: 0, notSent: true };
    };
    const started = performance.now();
    // The deployment's Retry-After holds are bounded; the waits behind the run's own queue are not, so a request that
    // waited long for its turns still has its retries.
    const patience = new Patience(this.timeoutMs);
    let refused: HttpResult | undefined;
    const ratePolicy = this.rates.forHeaders(req.headers);
    for (let retries = 0; ; retries++) {
      const skipped = notSent();
      if (skipped) return skipped;
      // A place among the key's requests in flight first, then the turn: a request waiting for its turn holds its
      // place, so that the turns go to requests that can be sent.
      const slot = await ratePolicy.slot();
      const sentAt = await ratePolicy.turn(patience);
      if (sentAt === undefined) {
        slot.release();
        if (refused) return refused;
        const durationMs = Math.round(performance.now() - started);
        const error = `not sent: ${ratePolicy.describeHold()}`;
        const held = ratePolicy.heldUnavailable() ? { unavailable: true as const } : { rateLimited: true as const };
        return { url, error, durationMs, retries, notSent: true, ...held };
      }
      let result: HttpResult;
      // A request that met a connection the deployment closed while idle, before any byte of the answer, is sent
      // again on another when its method allows it (RFC 9112 §9.3.1), and one never written, whatever its method;
      // neither is a sign of a deployment gone (src/client/connections.ts).
      try {
        for (let resends = 0; ; resends++) {
          const { idle, ...answer } = await this.once(url, req, started, retries, this.timeoutMs);
          result = answer;
          if (idle !== "unsent") countRoundTrip();
          if (result.status === undefined) this.health.failed(result.error ?? "no answer", idle !== undefined);
          else this.health.answered();
          if (!resendAfterIdle(idle, resends, isIdempotent(req.method))) break;
        }
      } finally {
        slot.release();
      }
      const retryAfter = retryAfterOf((name) => result.headers?.[name]);
      if (result.headers) ratePolicy.observe((name) => result.headers?.[name]);
      const unavailable = isTransientUnavailable(result.status, retryAfter);
      if (!refusedForRate(result) && !unavailable) {
        if (result.status !== undefined) ratePolicy.served(slot);
        return result;
      }
      // A 503 with Retry-After was not processed (RFC 9110 §15.6.4), so re-sending it is safe; still so after the
      // retries, it is no answer to judge. `rateRetries` concerns 429s alone: a 503 is never a balance refusal.
      refused = unavailable
        ? { ...result, error: describeUnavailable(retries), unavailable: true }
        : { ...result, rateLimited: true };
      const cause = unavailable ? "unavailable" : "rate";
      const retry = ratePolicy.refused(retryAfter, retries, patience, sentAt, cause, slot.inFlight);
      if (!retry || (!unavailable && retries >= (req.rateRetries ?? Infinity))) return refused;
    }
  }

  private async once(
    url: string,
    req: HttpRequest,
    started: number,
    retries: number,
    budgetMs: number,
  ): Promise<HttpResult & { idle?: "unsent" | "closed" }> {
    const signal = AbortSignal.timeout(budgetMs);
    const elapsed = () => Math.round(performance.now() - started);
    let stage = "connecting";
    try {
      const response = await request(url, {
        method: req.method as "GET",
        headers: { "user-agent": userAgent(), ...req.headers },
        body: req.body,
        signal,
        dispatcher: this.agent,
        headersTimeout: budgetMs,
        bodyTimeout: budgetMs,
      });
      stage = "reading the body";
      const headers = flattenHeaders(response.headers);
      const read = await readCapped(response.body, this.maxBodyBytes);
      if (read.pastCap) return this.tooLarge(url, response.statusCode, headers, elapsed(), retries);
      // What the body stream threw (a reset, the deadline's abort) is handled below, as when it was read here.
      if (read.failure !== undefined) throw read.failure as Error;
      const body = decodedContent(response.headers["content-encoding"], Buffer.concat(read.chunks), this.maxBodyBytes);
      if (body === "too large") return this.tooLarge(url, response.statusCode, headers, elapsed(), retries);
      return {
        url,
        status: response.statusCode,
        headers,
        bodyText: body.toString("utf8"),
        durationMs: elapsed(),
        retries,
      };
    } catch (error) {
      const idle = idleClose(error);
      if (idle) return { url, error: describeIdleClose(idle, req.method), durationMs: elapsed(), retries, idle };
      if (stage === "connecting" && this.openConnections > 0)
        stage = "waiting for a response; the server accepted the connection but sent nothing";
      return {
        url,
        error: describeTransportError(error, signal, stage, this.timeoutMs),
        durationMs: elapsed(),
        retries,
      };
    }
  }

  /** An answer whose body (decoded, when it came in a content coding) passed the cap: not read further. */
  private tooLarge(
    url: string,
    status: number,
    headers: Record<string, string>,
    durationMs: number,
    retries: number,
  ): HttpResult {
    const error = `response body larger than ${formatBytes(this.maxBodyBytes)}; reading stopped`;
    return { url, status, headers, error, durationMs, retries };
  }

  async close(): Promise<void> {
    // The bound on a graceful close is cleared once the close is done: left pending, it held every run's process
    // open for half a second after its reports were written (docs/benchmarks.md, "The run's own work").
    let bound: NodeJS.Timeout | undefined;
    await Promise.race([this.agent.close(), new Promise((resolve) => (bound = setTimeout(resolve, 500)))]);
    clearTimeout(bound);
    await this.agent.destroy().catch(() => undefined);
  }
}

function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers))
    if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : value;
  return out;
}

function describeTransportError(error: unknown, signal: AbortSignal, stage: string, timeoutMs: number): string {
  if (signal.aborted) return `no complete response within ${timeoutMs} ms (timed out while ${stage})`;
  const e = error as { code?: string; message?: string; cause?: { code?: string; message?: string } };
  const code = e.code ?? e.cause?.code;
  const known: Record<string, string> = {
    ECONNREFUSED: "connection refused",
    ECONNRESET: "connection reset by the server",
    ENOTFOUND: "host not found",
    EAI_AGAIN: "host name lookup failed",
    UND_ERR_SOCKET: "connection closed by the server",
    UND_ERR_HEADERS_TIMEOUT: `no response headers within ${timeoutMs} ms`,
    UND_ERR_BODY_TIMEOUT: `response body stalled for ${timeoutMs} ms`,
    UND_ERR_CONNECT_TIMEOUT: `could not connect within ${timeoutMs} ms`,
    HPE_INVALID_CONSTANT: "the server did not answer with valid HTTP",
  };
  const reason = (code && known[code]) ?? e.cause?.message ?? e.message ?? String(error);
  return `${reason} (while ${stage})`;
}

/** Why a request that met an idle connection's close got no answer (src/client/connections.ts, `idleClose`). */
function describeIdleClose(idle: "unsent" | "closed", method: string): string {
  if (idle === "unsent") return "not sent: every connection it was given had been idle too long";
  const resent = isIdempotent(method) ? "" : `; a ${method} is not sent again, since it may have been applied`;
  return `${CLOSED_BEFORE_ANSWER}${resent}`;
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MiB` : `${bytes} bytes`;
}

/** A 429, or another answer whose failure envelope says the key's rate limit refused it (rate-limit-answer.ts). */
function refusedForRate(result: HttpResult): boolean {
  return result.status === 429 || (result.status !== undefined && bodySaysRateLimited(result.bodyText));
}
