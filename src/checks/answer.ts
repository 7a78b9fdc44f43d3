import type { Exchange } from "./exchange.js";

/**
 * What a deployment's answer is, read one way everywhere (docs/runner-robustness.md, "A refusal"):
 *
 * - a **success**: HTTP 2xx (or no HTTP layer, for an MCP tool result) and the envelope `{code: 200, msg: "ok", data}`
 *   (§4: "a success carries code 200 and msg ok");
 * - a **refusal**: an HTTP 4xx other than 408 and 429, or a 2xx whose envelope `code` is a number other than 200
 *   (§7: the codes, statuses and body shape of failures are not shown, so any 4xx body and any code will do); over
 *   MCP, a tool result marked `isError` (with or without the envelope) and a JSON-RPC error response of any code
 *   alike, since MCP answers a refused call either way (tools, "Error Handling"; clause s4-6-tool-refusal-form);
 * - **neither**: a transport failure, a 1xx/3xx/5xx, a 408 or 429, a 2xx body that is not the envelope (not JSON,
 *   not an object, no numeric `code`), an envelope code of 500–599 or 408/429, or code 200 without `msg: "ok"` and
 *   `data`. A 5xx is the server failing a request, not refusing it (RFC 9110 §15.6); 408 and 429 ask the client to
 *   come back later (RFC 9110 §15.5.9, RFC 6585 §4). Neither passes a case that expects a refusal.
 *
 * One exception: a refusal about the key's balance or rate (an exhausted balance, a rate limit) may be a 429 as
 * well as a 402 or 403, since the spec leaves the status open and what matters is that nothing is served or
 * charged (`about: "balance"` or `"rate"`).
 */
export type Answer =
  | { readonly kind: "success" }
  | { readonly kind: "refusal"; readonly status?: number; readonly code?: number; readonly summary: string }
  | { readonly kind: "neither"; readonly reason: string };

/** What a refusal is about, when a case says so: for these a 429 is that refusal too. */
export type RefusalAbout = "balance" | "rate";

export interface AnswerOptions {
  readonly about?: RefusalAbout;
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

function excerpt(text: string | undefined, max = 80): string {
  if (text === undefined) return "";
  const one = text.replace(/\s+/g, " ").trim();
  return one.length > max ? ` (${one.slice(0, max)}…)` : one ? ` (${one})` : "";
}

/** Why a status (HTTP, or an envelope code read as one) is neither a success nor a refusal; undefined for a refusal. */
function notARefusal(status: number, what: string, about: RefusalAbout | undefined): string | undefined {
  if (status >= 500 && status <= 599)
    return `${what} ${status}: the server failed the request (RFC 9110 §15.6), which is not a refusal`;
  if (status === 408) return `${what} 408: the server timed out waiting for the request, which is not a refusal`;
  if (status === 429 && about === undefined)
    return `${what} 429: rate limited (come back later), which is not a refusal of the request`;
  return undefined;
}

/** The one reading of an answer that every check, the Credit booking and the engine use. */
export function classifyAnswer(exchange: Exchange, options: AnswerOptions = {}): Answer {
  if (exchange.error !== undefined) return { kind: "neither", reason: `no answer: ${exchange.error}` };
  const status = exchange.status;
  const shown = excerpt(exchange.bodyText);
  if (status !== undefined) {
    if (status < 200 || status > 599 || !Number.isInteger(status))
      return { kind: "neither", reason: `HTTP ${status} is not a final status of RFC 9110` };
    if (status >= 300 && status <= 399) {
      const location = exchange.headers?.location;
      return {
        kind: "neither",
        reason: `HTTP ${status}: a redirect${location ? ` to ${location}` : ""} (not followed), which is not a refusal`,
      };
    }
    const retry = exchange.headers?.["retry-after"];
    const why = notARefusal(status, "HTTP", options.about);
    if (why)
      return {
        kind: "neither",
        reason: `${why}${status === 429 && retry !== undefined ? ` (Retry-After: ${retry})` : ""}${shown}`,
      };
    if (status >= 400) return { kind: "refusal", status, summary: `HTTP ${status}` };
  }
  const at = status === undefined ? "" : `HTTP ${status}: `;
  if (exchange.rpcError) {
    // The client keeps timeouts and closed connections out of rpcError (src/client/mcp.ts): what is left is the
    // server's own answer, MCP's protocol-level refusal.
    return { kind: "refusal", summary: `a JSON-RPC error ${exchange.rpcError.code}` };
  }
  if (exchange.toolError) {
    // A tool error is the MCP form of a refusal; only an envelope saying the server failed makes it something else.
    const code = (exchange.json as { code?: unknown } | null | undefined)?.code;
    const why = typeof code === "number" ? notARefusal(code, "envelope code", options.about) : undefined;
    if (why) return { kind: "neither", reason: why };
    return { kind: "refusal", ...(typeof code === "number" ? { code } : {}), summary: "an MCP tool error" };
  }
  if (exchange.json === undefined) {
    return {
      kind: "neither",
      reason: `${at}${exchange.jsonError ?? "no body"}${shown}, so not the envelope {code, msg, data}`,
    };
  }
  const body = exchange.json;
  if (body === null || typeof body !== "object" || Array.isArray(body))
    return { kind: "neither", reason: `${at}the body is ${describe(body)}, not the envelope {code, msg, data}` };
  const envelope = body as { code?: unknown; msg?: unknown; data?: unknown };
  if (!Object.hasOwn(envelope, "code"))
    return { kind: "neither", reason: `${at}the body has no code member, so it is not the envelope {code, msg, data}` };
  const code = envelope.code;
  if (typeof code !== "number" || !Number.isFinite(code))
    return {
      kind: "neither",
      reason: `${at}the envelope code is ${JSON.stringify(code) ?? describe(code)}, not a number`,
    };
  if (code === 200) {
    if (envelope.msg === "ok" && Object.hasOwn(envelope, "data")) return { kind: "success" };
    const problems = [
      envelope.msg !== "ok" ? `msg ${JSON.stringify(envelope.msg)?.slice(0, 60) ?? "missing"} instead of "ok"` : "",
      Object.hasOwn(envelope, "data") ? "" : "no data member",
    ];
    return {
      kind: "neither",
      reason: `${at}envelope code 200 but ${problems.filter(Boolean).join(" and ")}: neither a success nor a refusal`,
    };
  }
  const why = notARefusal(code, "envelope code", options.about);
  if (why) return { kind: "neither", reason: `${at}${why}` };
  return {
    kind: "refusal",
    ...(status !== undefined ? { status } : {}),
    code,
    summary: `${status !== undefined ? `HTTP ${status}, ` : ""}envelope code ${code}`,
  };
}

/** A success: HTTP 2xx with the envelope {code: 200, msg: "ok", data}. */
export function isSuccess(exchange: Exchange): boolean {
  return classifyAnswer(exchange).kind === "success";
}

/** A refusal, as the module comment defines it. */
export function isRefusal(exchange: Exchange, options: AnswerOptions = {}): boolean {
  return classifyAnswer(exchange, options).kind === "refusal";
}
