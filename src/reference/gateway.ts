import type { IncomingMessage, ServerResponse } from "node:http";
import { MCP_PATHS } from "../contract/mcp.js";

type Listener = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/**
 * What an API gateway in front of a deployment does to every HTTP request of a key, REST and MCP alike, before the
 * service sees it (Variant.server.gateway; docs/variants.md): limits of its own that the key status need not state
 * (§8: "Numeric rate limit ... not shown"), its own clock, and headers of its own on every answer.
 */
export interface GatewayConditions {
  /** The gateway's clock runs this many milliseconds ahead of the client's: its `Date` header says so. */
  readonly clockAheadMs?: number;
  /**
   * At most this many requests of a key in flight at once (from arrival to the end of the answer); the excess is
   * answered 429 with `Retry-After: 1` at once. An event stream a client opens with GET (`/sse`, `/mcp`) is not
   * counted: it stays open by design.
   */
  readonly inFlightPerKey?: number;
  /**
   * At most `requests` requests of a key per fixed window of `seconds` (windows start when the gateway does); the
   * excess is answered 429 with `Retry-After` the seconds left in the window, rounded up. With `headers`, every
   * answer carries the window's state: the IETF draft's `RateLimit-Limit`, `-Remaining` and `-Reset` (seconds left),
   * or `X-RateLimit-Limit`, `-Remaining` and `-Reset` (the window's end in epoch seconds, as GitHub writes it).
   */
  readonly window?: { readonly requests: number; readonly seconds: number; readonly headers?: "ietf" | "x" };
}

/** The listener behind a gateway with these conditions (the listener itself when there are none). */
export function behindGateway(listener: Listener, conditions: GatewayConditions | undefined): Listener {
  if (!conditions) return listener;
  const { clockAheadMs, inFlightPerKey, window } = conditions;
  const inFlight = new Map<string, number>();
  const windows = new Map<string, { readonly index: number; count: number }>();
  const started = Date.now();
  return (req, res) => {
    const now = Date.now();
    if (clockAheadMs !== undefined) res.setHeader("Date", new Date(now + clockAheadMs).toUTCString());
    const key = req.headers.authorization ?? "";
    if (window) {
      const length = window.seconds * 1000;
      const index = Math.floor((now - started) / length);
      let current = windows.get(key);
      if (current?.index !== index) windows.set(key, (current = { index, count: 0 }));
      current.count++;
      const endsAt = started + (index + 1) * length;
      const resetSeconds = Math.max(1, Math.ceil((endsAt - now) / 1000));
      const remaining = Math.max(0, window.requests - current.count);
      if (window.headers === "ietf") {
        res.setHeader("RateLimit-Limit", String(window.requests));
        res.setHeader("RateLimit-Remaining", String(remaining));
        res.setHeader("RateLimit-Reset", String(resetSeconds));
      } else if (window.headers === "x") {
        res.setHeader("X-RateLimit-Limit", String(window.requests));
        res.setHeader("X-RateLimit-Remaining", String(remaining));
        res.setHeader("X-RateLimit-Reset", String(Math.ceil(endsAt / 1000)));
      }
      if (current.count > window.requests) {
        const what = `${window.requests} requests per ${window.seconds} s`;
        return refuse(req, res, resetSeconds, `rate limit of ${what} exceeded; retry after ${resetSeconds} s`);
      }
    }
    const path = new URL(req.url ?? "/", "http://x").pathname;
    const stream = req.method === "GET" && (Object.values(MCP_PATHS) as string[]).includes(path);
    if (inFlightPerKey === undefined || stream) return listener(req, res);
    const count = inFlight.get(key) ?? 0;
    if (count >= inFlightPerKey)
      return refuse(req, res, 1, `at most ${inFlightPerKey} requests of a key in flight at once; retry after 1 s`);
    inFlight.set(key, count + 1);
    // Over once the answer is handed on (its end written), or the exchange closed without one: a 'close' event alone
    // comes a few turns of the event loop later, after the client may have read the answer and sent its next request.
    let over = false;
    const done = () => {
      if (over) return;
      over = true;
      inFlight.set(key, (inFlight.get(key) ?? 1) - 1);
    };
    const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
    res.end = ((...args: unknown[]) => {
      done();
      return end(...args);
    }) as typeof res.end;
    res.once("close", done);
    return listener(req, res);
  };
}

/**
 * A gateway's 429: the envelope of §4 whatever the path (a gateway does not speak JSON-RPC; an MCP client reads the
 * HTTP status), with Retry-After in seconds.
 */
function refuse(req: IncomingMessage, res: ServerResponse, seconds: number, msg: string): Promise<void> {
  req.resume();
  res.writeHead(429, { "Content-Type": "application/json", "Retry-After": String(seconds) });
  res.end(JSON.stringify({ code: 429, msg, data: null }));
  return Promise.resolve();
}
