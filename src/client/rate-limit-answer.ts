/**
 * Words that say the key's rate limit refused a request, where no status says so: no JSON-RPC error code is standard
 * for it, and §7 leaves the codes and body of a failure response open ("The numeric codes, HTTP status codes and body
 * shape of failure responses: not shown").
 */
export const RATE_LIMIT_WORDS = /rate[\s_-]?limit|too many requests/i;

/** An envelope `code` that says 429 (a number or its text). */
function codeSays429(code: unknown): boolean {
  return code === 429 || code === "429";
}

/**
 * Whether a failure envelope (§4: `{code, msg, data}` with a code other than 200) refuses for the key's rate: its code
 * is 429, or its message says rate limit. A success is never one, whatever its data holds.
 */
export function envelopeSaysRateLimited(json: unknown): boolean {
  if (typeof json !== "object" || json === null || Array.isArray(json)) return false;
  const { code, msg, message } = json as { code?: unknown; msg?: unknown; message?: unknown };
  if (code === 200 || code === "200") return false;
  if (codeSays429(code)) return true;
  return [msg, message].some((text) => typeof text === "string" && RATE_LIMIT_WORDS.test(text));
}

/** A JSON-RPC error that refuses for the key's rate: code 429, or its message or data says rate limit. */
export function rpcErrorSaysRateLimited(error: {
  readonly code?: unknown;
  readonly message?: unknown;
  readonly data?: unknown;
}): boolean {
  if (codeSays429(error.code)) return true;
  if (typeof error.message === "string" && RATE_LIMIT_WORDS.test(error.message)) return true;
  return error.data !== undefined && RATE_LIMIT_WORDS.test(JSON.stringify(error.data));
}

/** A failure envelope or a JSON-RPC error response (an MCP address asked as REST) that refuses for the key's rate. */
function answerSaysRateLimited(json: unknown): boolean {
  const rpcError = (json as { error?: unknown } | null | undefined)?.error;
  if (typeof rpcError === "object" && rpcError !== null && "jsonrpc" in (json as object))
    return rpcErrorSaysRateLimited(rpcError);
  return envelopeSaysRateLimited(json);
}

/** Bodies longer than this are records, not a refusal's few words: they are not read for one. */
const REFUSAL_BODY_CHARS = 4096;

/**
 * Whether an HTTP answer other than 429 still refuses for the key's rate: a failure envelope saying so (an HTTP 200,
 * 400 or 403 carrying `{code: 429}` or "rate limit exceeded"), or a JSON-RPC error saying so, which a deployment may
 * send since §7 shows neither the status nor the body of a failure (docs/runner-robustness.md, "Rate limits"). Only a
 * short body that names the rate limit or a 429 is parsed, so the run reads no record for it.
 */
export function bodySaysRateLimited(bodyText: string | undefined): boolean {
  if (bodyText === undefined || bodyText.length > REFUSAL_BODY_CHARS) return false;
  if (!RATE_LIMIT_WORDS.test(bodyText) && !bodyText.includes("429")) return false;
  try {
    return answerSaysRateLimited(JSON.parse(bodyText));
  } catch {
    return false;
  }
}
