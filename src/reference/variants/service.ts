import { randomUUID } from "node:crypto";
import { gzipSync } from "node:zlib";
import type { ServerResponse } from "node:http";
import { SEARCH_ROUTES } from "../mutants/rewrite.js";
import { rewriteData } from "../mutants/rewrite.js";
import { bodyLimit } from "../pipeline/stages/body-limit.js";
import { after, operationOf, type StageHook } from "../pipeline/context.js";
import { rateLimitWith } from "../pipeline/stages/rate-limit.js";
import type { KeyAccount } from "../keys.js";
import type { ServiceResponse } from "../service.js";
import { rateLimitAsText } from "./members.js";
import type { Variant } from "./variant.js";

/** A page's IDs in a random order: the same set, arranged anew on every call. */
function shuffled(ids: unknown): unknown {
  if (!Array.isArray(ids)) return ids;
  const out: unknown[] = [...(ids as unknown[])];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/**
 * A REST answer as a deployment's own stack and a proxy in front of it may write it: the envelope's members in
 * another order and pretty-printed, `charset=UTF-8` in the Content-Type, header fields the spec does not name, and the
 * body in two chunks with no Content-Length (chunked transfer coding).
 */
function throughProxy(res: ServerResponse, response: ServiceResponse): void {
  const { code, msg, data } = response.envelope;
  const body = Buffer.from(JSON.stringify({ data, msg, code }, null, 2) + "\n");
  res.writeHead(response.status, {
    ...response.headers,
    "Content-Type": "application/json;charset=UTF-8",
    Via: "1.1 edge-proxy",
    "Server-Timing": "upstream;dur=1.5",
    "Access-Control-Allow-Origin": "*",
    "Cache-Control": "no-store",
    "X-Request-Id": randomUUID(),
  });
  const half = Math.floor(body.length / 2);
  res.write(body.subarray(0, half));
  res.end(body.subarray(half));
}

/**
 * A REST answer compressed with gzip, as RFC 9110 §12.5.3 lets a server answer a request that sends no
 * Accept-Encoding ("any content coding is considered acceptable by the user agent") or one that accepts gzip; a
 * request whose Accept-Encoding leaves gzip out gets the JSON as it is.
 */
function gzipped(res: ServerResponse, response: ServiceResponse): void {
  const json = Buffer.from(JSON.stringify(response.envelope));
  const accepted = res.req.headers["accept-encoding"];
  const gzip = accepted === undefined || /gzip|\*/i.test(accepted);
  const body = gzip ? gzipSync(json) : json;
  res.writeHead(response.status, {
    ...response.headers,
    "Content-Type": "application/json",
    "Content-Length": body.length,
    Vary: "Accept-Encoding",
    ...(gzip ? { "Content-Encoding": "gzip" } : {}),
  });
  res.end(body);
}

/** A REST answer of 429 (the rate limit's) as an HTTP 200 carrying a failure envelope of the service's own code. */
function rateLimitInBand(_operationId: unknown, response: ServiceResponse): ServiceResponse {
  if (response.status !== 429) return response;
  return {
    status: 200,
    envelope: { code: 1015, msg: `Rate limit exceeded: ${String(response.envelope.msg)}`, data: null },
  };
}

/**
 * A key's rate limit on every surface (§8, s8-rate-limit-quota-not-shown): 250 requests per second with no burst
 * (one token, refilled every 4 ms), so that a run paced a little below it is still refused now and then, on REST and
 * on MCP requests alike, and a whole run of the suite stays under 20 s (about 1,600 requests; docs/variants.md).
 */
const STRICT_RATE_LIMIT = { requests: 1, perSeconds: 0.004 } as const;

/**
 * Key status reporting the balance as it stood `lagMs` ago (billing that settles late): the ledger itself charges at
 * once (a 402 is still decided on the true balance), only what key status shows lags.
 */
function balanceShownLate(lagMs: number): StageHook {
  const history = new WeakMap<KeyAccount, { at: number; remaining: number; used: number }[]>();
  return {
    stage: "key",
    wrap: (inner) => (ctx, next) => {
      const seen = (account: KeyAccount, at: number) => {
        const log = history.get(account) ?? [];
        history.set(account, log);
        const last = log.at(-1);
        if (last?.remaining !== account.remaining || last.used !== account.used)
          log.push({ at, remaining: account.remaining, used: account.used });
        // What is older than the lag is kept only as the newest such entry.
        while (log.length > 1 && log[1]!.at <= at - lagMs) log.shift();
        return log;
      };
      return after(inner(ctx, next), () => {
        const account = ctx.account;
        if (!account) return;
        const now = Date.now();
        const log = seen(account, now);
        const data = ctx.response?.envelope.data as Record<string, unknown> | null | undefined;
        if (operationOf(ctx) !== "getKeyStatus" || ctx.response?.status !== 200 || !data) return;
        const shown = [...log].reverse().find((e) => e.at <= now - lagMs) ?? log[0]!;
        ctx.response = {
          ...ctx.response,
          envelope: {
            ...ctx.response.envelope,
            data: { ...data, remaining_credits: shown.remaining, used_credits: shown.used },
          },
        };
      });
    },
  };
}

/** How far the clock of a variant's server runs ahead of the client's. */
const CLOCK_AHEAD_MS = 90_000;

/** Choices of pricing, paging and the MCP surface the specification leaves open (§4.2 rule 5, §4.1, §4.6, §8). */
export const SERVICE_VARIANTS: readonly Variant[] = [
  {
    id: "service-rate-limit-every-surface",
    clause: "s8-rate-limit-quota-not-shown",
    area: "limits",
    description:
      "Keys may make 250 requests per second with no burst, counted over every HTTP request of REST and MCP " +
      "(initialize, tools/list, tool calls, streams); an empty bucket is answered 429 with Retry-After.",
    faults: {},
    server: { rateLimit: STRICT_RATE_LIMIT },
  },
  {
    id: "service-rate-limit-unreported",
    clause: "s8-rate-limit-quota-not-shown",
    area: "limits",
    description:
      "Keys may make 100 requests per second in bursts of 10 at most, on every surface, and key status states " +
      'that limit as text ("10 requests per 0.1 s"), which the runner does not read: it learns its pace from the ' +
      "429s alone (Retry-After: 1, which holds every request of the key a whole second).",
    faults: { response: rateLimitAsText },
    server: { rateLimit: { requests: 10, perSeconds: 0.1 } },
  },
  {
    id: "service-rate-limit-without-retry-after",
    clause: "s8-rate-limit-quota-not-shown",
    area: "limits",
    description:
      "The same strict limit of 250 requests per second on every surface, refused with 429 and no Retry-After " +
      "(RFC 6585 makes it optional), behind a network latency of 5 ms.",
    faults: { stages: [{ stage: "rate-limit", replace: rateLimitWith({ retryAfter: false }) }] },
    server: { rateLimit: STRICT_RATE_LIMIT, latencyMs: 5 },
  },
  {
    id: "service-rate-limit-retry-after-date",
    clause: "s8-rate-limit-quota-not-shown",
    area: "limits",
    description:
      "The same strict limit of 250 requests per second on every surface, refused with 429 and Retry-After as an " +
      "HTTP date (RFC 9110 §10.2.3 allows a date or seconds), written by a server whose clock runs 90 s ahead of the " +
      "client's, as its Date header says (RFC 9110 §6.6.1: the date is the origin server's own).",
    faults: {
      stages: [{ stage: "rate-limit", replace: rateLimitWith({ retryAfter: "date", clockAheadMs: CLOCK_AHEAD_MS }) }],
    },
    server: { rateLimit: STRICT_RATE_LIMIT, gateway: { clockAheadMs: CLOCK_AHEAD_MS } },
  },
  {
    id: "service-rate-limit-in-band",
    clause: "s8-rate-limit-quota-not-shown",
    area: "limits",
    description:
      "The same strict limit of 250 requests per second, refused in the body instead of with 429: REST with HTTP " +
      '200 and the envelope {code: 1015, msg: "Rate limit exceeded: ..."} (§7 shows neither the status nor the ' +
      "body of a failure), /mcp with HTTP 200 and, for a tool call, an isError result of plain text saying so, " +
      "else a JSON-RPC error -32000 saying so; no Retry-After on either (SSE keeps 429).",
    faults: {
      response: rateLimitInBand,
      mcp: { rateLimitInBand: true },
    },
    server: { rateLimit: STRICT_RATE_LIMIT },
  },
  {
    id: "service-in-flight-limit",
    clause: "s8-rate-limit-quota-not-shown",
    area: "limits",
    description:
      "A gateway lets a key have at most 4 requests in flight at once, REST and MCP together (an event stream opened " +
      "by GET aside), and answers the excess 429 with Retry-After: 1 at once, in front of a service 20 ms away; key " +
      "status reports the rate limit alone, as a deployment whose concurrency limit is its gateway's need not say.",
    faults: {},
    server: { latencyMs: 20, gateway: { inFlightPerKey: 4 } },
  },
  {
    id: "service-rate-limit-per-minute",
    clause: "s8-rate-limit-quota-not-shown",
    area: "limits",
    description:
      'Key status reports the rate limit per minute in words ({requests: 6000, unit: "minute"}), which the ' +
      "server enforces a second at a time (at most 100 in any second, refilled evenly), as APIs that state limits " +
      "per minute often quantize them: every surface, 429 with Retry-After.",
    faults: {
      response: rewriteData(["getKeyStatus"], (d) => ({ ...d, rate_limit: { requests: 6000, unit: "minute" } })),
    },
    server: { rateLimit: { requests: 100, perSeconds: 1 } },
  },
  {
    id: "service-rate-limit-fixed-window",
    clause: "s8-rate-limit-quota-not-shown",
    area: "limits",
    description:
      "A gateway counts a key's requests, REST and MCP, per fixed window of 10 s (1,000 each, all at once if the " +
      "client likes) and answers the excess 429 until the window turns, with Retry-After the seconds left in it; key " +
      "status reports {requests: 1000, per_seconds: 10}.",
    faults: {
      response: rewriteData(["getKeyStatus"], (d) => ({ ...d, rate_limit: { requests: 1000, per_seconds: 10 } })),
    },
    server: { gateway: { window: { requests: 1000, seconds: 10 } } },
  },
  {
    id: "service-rate-limit-headers",
    clause: "s8-rate-limit-quota-not-shown",
    area: "limits",
    description:
      "Every answer, REST and MCP, carries the IETF draft's RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset " +
      "for a gateway's fixed window of 100 requests a second, answered 429 only once it is spent; key status states " +
      'the limit as text ("100 requests a second"), which the runner does not read.',
    faults: {
      response: rewriteData(["getKeyStatus"], (d) => ({ ...d, rate_limit: "100 requests a second" })),
    },
    server: { gateway: { window: { requests: 100, seconds: 1, headers: "ietf" } } },
  },
  {
    id: "service-transient-503",
    clause: "s4-network-latency-unstated",
    area: "limits",
    description:
      "Every 100th HTTP request of a key on REST, and on MCP, is answered 503 Service Unavailable with " +
      "Retry-After: 1 " +
      "(an HTML page, nothing served or charged), as a load balancer answers while a backend is briefly away (RFC " +
      "9110 §15.6.4); the same request sent again is served.",
    faults: {},
    server: { unavailableEvery: 100 },
  },
  {
    id: "service-latency-40ms",
    clause: "s4-network-latency-unstated",
    area: "limits",
    description:
      "Every answer, REST and MCP, comes 40 ms after its request, as across a network (the run's wall time is then " +
      "bound by its longest chain of requests that wait for each other).",
    faults: {},
    server: { latencyMs: 40 },
  },
  {
    id: "service-latency-jittered",
    clause: "s4-network-latency-unstated",
    area: "limits",
    description:
      "Every answer, REST and MCP, comes 5 to 150 ms after its request, drawn anew each time, so that answers to " +
      "requests sent together come back in any order, as across a network whose paths and backends differ.",
    faults: {},
    server: { latencyMs: 5, latencyJitterMs: 145 },
  },
  {
    id: "http-answers-through-a-proxy",
    clause: "s4-bodies-http-carriage",
    area: "envelope",
    description:
      "REST answers come pretty-printed with the envelope's members in the order data, msg, code, as " +
      "application/json;charset=UTF-8, chunked with no Content-Length, with Via, Server-Timing, CORS, Cache-Control " +
      "and X-Request-Id fields: RFC 8259 §4 (an object is unordered), RFC 9110 §8.3.1 (media type parameters), " +
      "RFC 9112 §6.1 (chunked) and §5 of RFC 9110 (fields a recipient does not know are ignored).",
    faults: { writeAnswer: throughProxy },
  },
  {
    id: "http-answers-compressed",
    clause: "s4-bodies-http-carriage",
    area: "envelope",
    description:
      "REST answers, refusals included, come gzip-compressed (Content-Encoding: gzip) to a request without " +
      "Accept-Encoding, as RFC 9110 §12.5.3 allows: such a request makes any content coding acceptable.",
    faults: { writeAnswer: gzipped },
  },
  {
    id: "http-base-url-path-prefix",
    clause: "s4-base-url-form",
    area: "envelope",
    description:
      "The service behind a gateway that routes the path /tdss to it: its base URL is http://host:port/tdss, every " +
      "route and both MCP transports are under it and nothing else is served (404), and the SSE stream announces its " +
      "message endpoint under the prefix: §4 puts every path relative to {base_url}, §4.6 MCP at {base_url}/mcp " +
      "and {base_url}/sse.",
    faults: {},
    server: { pathPrefix: "/tdss" },
  },
  {
    id: "http-connection-close",
    clause: "s4-bodies-http-carriage",
    area: "envelope",
    description:
      "Every answer, REST and MCP, closes its connection (Connection: close), as a proxy without keep-alive does: " +
      "RFC 9112 §9.6 lets either side signal close; the client opens a new connection for the next request.",
    faults: {},
    server: { connections: "close" },
  },
  {
    id: "http-idle-connections-closed",
    clause: "s4-bodies-http-carriage",
    area: "envelope",
    description:
      "Every connection, REST and MCP, left idle for 1 s after an answer is closed by the server, unannounced (no " +
      "Keep-Alive: timeout), as a load balancer with a short keep-alive limit does: RFC 9112 §9.3 and §9.6 let a " +
      "server close an idle connection at any time; a request that meets the close was not processed.",
    faults: {},
    server: { idleCloseMs: 1_000 },
  },
  {
    id: "http-connections-slow-to-open",
    clause: "s4-network-latency-unstated",
    area: "envelope",
    description:
      "Every new connection, REST and MCP, is served only 300 ms after it was accepted, as one through a distant " +
      "load balancer or a slow TLS handshake opens late; answers on an open connection come at once.",
    faults: {},
    server: { openDelayMs: 300 },
  },
  {
    id: "limits-body-8-mib",
    clause: "s8-limits-silent-size-nodes",
    area: "limits",
    description:
      "The server reads request bodies of up to 8 MiB (the reference: 1 MiB) before it refuses them with 413.",
    faults: { stages: [{ stage: "body-limit", replace: bodyLimit(8 * 1024 * 1024) }] },
  },
  {
    id: "credits-version-charged",
    clause: "s8-cost-version-not-shown",
    area: "credits",
    description: "GET /version costs one Credit.",
    faults: { charge: (op, correct) => (op === "getVersion" ? 1 : correct) },
  },
  {
    id: "search-page-order-varies",
    clause: "s4-2-rule5-page-contents",
    area: "people-query",
    description:
      "The IDs of a search page come in another order on every call (pages are not consistent with each other).",
    faults: {
      response: rewriteData(SEARCH_ROUTES, (d) => {
        const key = Object.keys(d).find((k) => k.endsWith("_ids"));
        return key ? { ...d, [key]: shuffled(d[key]) } : d;
      }),
    },
  },
  {
    id: "mcp-tools-other-prefix",
    clause: "s4-1-tools-list-authoritative",
    area: "mcp",
    description: "The tools are named under the deployment's own prefix (acme_query_people, ...) on both transports.",
    faults: { mcp: { toolPrefix: "acme_" } },
  },
  {
    id: "mcp-loose-tool-schemas",
    clause: "s4-1-tool-schema-direction",
    area: "mcp",
    description:
      "Every tool's input schema is {type: object}: the route's own validation refuses what it must, at no cost.",
    faults: { mcp: { looseSchemas: true } },
  },
  {
    id: "mcp-streamable-http-sessions",
    clause: "s4-6-streamable-http-sessions",
    area: "mcp",
    description:
      "/mcp keeps sessions: initialize answers an Mcp-Session-Id that later requests carry, and DELETE ends it.",
    faults: { mcp: { streamableSessions: true } },
  },
  {
    id: "mcp-streamable-http-sessions-expire",
    clause: "s4-6-streamable-http-sessions",
    area: "mcp",
    description:
      "/mcp keeps sessions and ends each after three POSTs (initialize, the initialized notification, one request), " +
      "answering 404 to its id afterwards: MCP 2025-03-26 (transports, Session Management) lets a server end a " +
      "session at any time, answer its id with 404, and the client MUST then initialize a new one.",
    faults: { mcp: { streamableSessions: true, streamableSessionPosts: 3 } },
  },
  {
    id: "mcp-streamable-http-streams-held",
    clause: "s4-6-streamable-http-sessions",
    area: "mcp",
    description:
      "/mcp keeps sessions that it answers every POST in on an event stream held open 20 s after the response " +
      "(longer than a run's deadline for a request), as a server keeping a request's stream for messages it might " +
      "still send does, and answers GET and DELETE with 405: " +
      "MCP 2025-03-26 (transports) says only that the server SHOULD close the stream once the response is sent, and " +
      "lets it answer 405 to a GET (no stream of its own) and to a DELETE (a client may not end a session).",
    faults: {
      mcp: {
        streamableSessions: true,
        eventStreamResponses: true,
        streamHeldMs: 20000,
        sessionsWithoutStreamOrEnd: true,
      },
    },
  },
  {
    id: "mcp-invalid-arguments-jsonrpc-error",
    clause: "s4-6-tool-refusal-form",
    area: "mcp",
    description:
      "A tool call whose arguments the route refuses as invalid is answered with a JSON-RPC error -32602 (invalid " +
      "params) instead of an isError result; refusals for other reasons stay results.",
    faults: { mcp: { invalidArgumentsAsRpcError: true } },
  },
  {
    id: "mcp-invalid-arguments-http-400",
    clause: "s4-6-tool-refusal-form",
    area: "mcp",
    description:
      "The same JSON-RPC error -32602 for invalid tool arguments, sent by /mcp with HTTP 400 instead of 200, as the " +
      'transport lets a server answer input it cannot accept ("The HTTP response body MAY comprise a JSON-RPC error ' +
      'response"); SSE answers on its stream as before.',
    faults: { mcp: { invalidArgumentsAsRpcError: true, invalidArgumentsOnTransport: () => ({ status: 400 }) } },
  },
  {
    id: "mcp-invalid-arguments-http-422",
    clause: "s4-6-tool-refusal-form",
    area: "mcp",
    description:
      "Invalid tool arguments refused by /mcp before any JSON-RPC answer, as a web framework validating the body " +
      'does: HTTP 422 and {"detail": [{"msg": ...}]}, no JSON-RPC error (the transport: "it MUST return an HTTP ' +
      'error status code"); SSE answers on its stream as before.',
    faults: {
      mcp: {
        invalidArgumentsAsRpcError: true,
        invalidArgumentsOnTransport: ({ message }: { readonly message: string }) => ({
          status: 422,
          body: JSON.stringify({ detail: [{ loc: ["body", "params", "arguments"], msg: message }] }),
        }),
      },
    },
  },
  {
    id: "mcp-refusals-plain-text",
    clause: "s4-6-tool-refusal-form",
    area: "mcp",
    description: "A refused tool call is an isError result carrying the route's message as plain text, no envelope.",
    faults: { mcp: { refusalsAsPlainText: true } },
  },
  {
    id: "mcp-structured-content-wrapped",
    clause: "s4-6-mcp-protocol-latitude",
    area: "mcp",
    description:
      'Every /mcp tool lists an outputSchema of one string member "result", and a success carries structuredContent ' +
      '{"result": <the envelope as text>} beside the envelope\'s text, as an SDK wraps a tool that returns a string; ' +
      "refusals carry none. 2025-03-26 has no structuredContent: its clients read the text.",
    faults: { mcp: { wrappedStructuredContent: true } },
  },
  {
    id: "mcp-streamable-http-event-stream",
    clause: "s4-6-mcp-protocol-latitude",
    area: "mcp",
    description: "/mcp answers every POST with an event stream (text/event-stream) instead of a JSON body.",
    faults: { mcp: { eventStreamResponses: true } },
  },
  {
    id: "mcp-server-messages-before-results",
    clause: "s4-6-mcp-protocol-latitude",
    area: "mcp",
    description:
      "Each tool call is answered on an event stream after a log message (notifications/message, logging declared) " +
      "and a ping request of the server's own, and every event comes after a `: keep-alive` comment line: MCP " +
      "2025-03-26 (transports) lets a server send requests and notifications before the response, ping is either " +
      "party's, and a comment line is skipped by every reader of server-sent events.",
    faults: { mcp: { eventStreamResponses: true, serverChatter: true } },
  },
  {
    id: "mcp-results-as-json-resource",
    clause: "s4-6-mcp-protocol-latitude",
    area: "mcp",
    description:
      "Every tool result, success or refusal, carries the envelope as an embedded resource (type resource, mimeType " +
      "application/json, the envelope as its text) and no text content or structuredContent, as servers that hand " +
      "back data as a JSON document do: MCP 2024-11-05 and 2025-03-26 let a tool result hold text, image or " +
      "embedded resource content.",
    faults: { mcp: { resultsAsJsonResource: true } },
  },
  {
    id: "mcp-sse-tool-schemas-other-build",
    clause: "s4-6-tool-schema-same-text",
    area: "mcp",
    description:
      "The SSE transport, served by another build, lists every tool's input schema as zod-to-json-schema or pydantic " +
      "write the same constraints: JSON Schema draft-07 ($schema, definitions for $defs), a title on every property " +
      "and no descriptions; /mcp lists the contract's own. Both accept and refuse the same bodies.",
    faults: { mcp: { sseSchemasOtherBuild: true } },
  },
  {
    id: "mcp-sse-stream-other-server",
    clause: "s4-6-mcp-protocol-latitude",
    area: "mcp",
    description:
      "The legacy SSE stream as other servers write it: the message endpoint at /messages/ with the session in " +
      "session_id (as the Python SDK names them), announced as an absolute URL on the stream's origin; every line " +
      "ended in CR LF and a `: ping - <time>` comment every second (as sse-starlette writes them); and a keep-alive " +
      "ping request of the server's own right after the endpoint event and every second, numbered from 1 (as mcp-go " +
      "numbers them), which the client answers: MCP 2024-11-05 asks only for an endpoint event giving a URI and for " +
      "message events, and lets either party ping at any time.",
    faults: {
      mcp: {
        sseStreamForm: {
          messagesPath: "/messages/",
          sessionParam: "session_id",
          absoluteEndpoint: true,
          keepAliveMs: 1000,
        },
      },
    },
  },
  {
    id: "mcp-tools-output-schema",
    clause: "s4-6-mcp-protocol-latitude",
    area: "mcp",
    description:
      "Every tool declares an outputSchema of the envelope {code, msg, data}, which its results' structuredContent " +
      "meets, as a server built on an SDK of the 2025-06-18 revision lists its tools: a member the 2025-03-26 and " +
      "2024-11-05 revisions do not name, which they do not forbid, and a client that knows it validates results by it.",
    faults: { mcp: { outputSchemas: true } },
  },
  {
    id: "mcp-protocol-extras",
    clause: "s4-6-mcp-protocol-latitude",
    area: "mcp",
    description:
      "The MCP server declares resources, prompts, logging and completions beside tools, adds instructions, titles " +
      "and _meta, and puts a line for the reader before the envelope, without structuredContent.",
    faults: { mcp: { protocolExtras: true } },
  },
  {
    id: "mcp-tools-list-paged",
    clause: "s4-6-mcp-protocol-latitude",
    area: "mcp",
    description: "tools/list answers pages of two tools, in reverse route order, each leading on with nextCursor.",
    faults: { mcp: { toolsListPageSize: 2 } },
  },
  {
    id: "mcp-unauthorized-403",
    clause: "s5-request-without-valid-key",
    area: "mcp",
    description:
      "An MCP request without a valid key gets HTTP 403 with a JSON-RPC error body and no WWW-Authenticate challenge.",
    faults: { mcp: { unauthorizedStatus: 403 } },
  },
  {
    id: "credits-balance-settles-late",
    clause: "s8-rate-limit-quota-not-shown",
    area: "credits",
    description:
      "Key status reports the balance as it stood 400 ms earlier, as billing that settles late does: a charge shows " +
      "in remaining_credits and used_credits only 400 ms after its answer (§4.5 and §8 say key status reports the " +
      "remaining quota, not how soon); the ledger itself charges at once.",
    faults: { stages: [balanceShownLate(400)] },
  },
];

/**
 * Service variants built but not yet held by selftest, because a case still fails them (docs/variants.md, "Not yet
 * held"): none at present.
 */
export const PENDING_SERVICE_VARIANTS: readonly Variant[] = [];
