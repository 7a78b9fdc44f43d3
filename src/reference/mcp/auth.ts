import type { Service } from "../service.js";

/** Whether an MCP request may proceed, and if not, the HTTP refusal it gets. */
export type AuthVerdict =
  | { readonly ok: true }
  | { readonly ok: false; readonly status: number; readonly message: string; readonly headers: Readonly<Record<string, string>> };

/** Decides from the raw Authorization header whether an MCP request may proceed. */
export type Authenticate = (authorization: string | undefined) => Promise<AuthVerdict>;

const DEFAULT_CHALLENGE = 'Bearer realm="tdss"';

/**
 * Authenticates MCP requests through the Service's own key status route (§4.5: it costs nothing), so MCP
 * accepts exactly the keys REST accepts (s5-same-key-rest-mcp). A key the route rejects (401, 403) is
 * refused on the transport; any other answer lets the request through, and the tool call then meets the same
 * refusals (inactive key, exhausted balance, rate limit) as its REST route.
 */
export function keyStatusAuthenticator(service: Service): Authenticate {
  return async (authorization) => {
    const response = await service.call("getKeyStatus", undefined, authorization);
    if (response.status !== 401 && response.status !== 403) return { ok: true };
    const headers = { ...(response.headers ?? {}) };
    const hasChallenge = Object.keys(headers).some((name) => name.toLowerCase() === "www-authenticate");
    if (response.status === 401 && !hasChallenge) headers["WWW-Authenticate"] = DEFAULT_CHALLENGE;
    return { ok: false, status: response.status, message: String(response.envelope.msg), headers };
  };
}

/** The token of a Bearer Authorization header, or undefined. */
export function bearerToken(authorization: string | undefined): string | undefined {
  return /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "")?.[1];
}
