import type { Service, ServiceResponse } from "../service.js";

/** Whether an MCP request may proceed, and if not, the HTTP refusal it gets. */
type AuthVerdict =
  | { readonly ok: true }
  | {
      readonly ok: false;
      readonly status: number;
      readonly message: string;
      readonly headers: Readonly<Record<string, string>>;
    };

/** Decides from the raw Authorization header whether an MCP request may proceed. */
export type Authenticate = (authorization: string | undefined) => Promise<AuthVerdict>;

const DEFAULT_CHALLENGE = 'Bearer realm="tdss"';

/**
 * Authenticates MCP requests through the Service's own key status route (§4.5: it costs nothing), so MCP
 * accepts exactly the keys REST accepts (s5-same-key-rest-mcp). A key the route rejects (401, 403) is
 * refused on the transport; any other answer lets the request through, and the tool call then meets the same
 * refusals (inactive key, exhausted balance, rate limit) as its REST route. Each check goes through the
 * Service's rate limit, so prefer an authenticator that does not (keyRingAuthenticator) where there is one.
 */
function keyStatusAuthenticator(service: Service): Authenticate {
  return async (authorization) => {
    const response = await service.call("getKeyStatus", undefined, authorization);
    if (response.status !== 401 && response.status !== 403) return { ok: true };
    const headers = { ...(response.headers ?? {}) };
    const hasChallenge = Object.keys(headers).some((name) => name.toLowerCase() === "www-authenticate");
    if (response.status === 401 && !hasChallenge) headers["WWW-Authenticate"] = DEFAULT_CHALLENGE;
    return { ok: false, status: response.status, message: String(response.envelope.msg), headers };
  };
}

/** A Service that can identify a key without serving a request (the reference's ReferenceService). */
interface KeyRingService extends Service {
  readonly keyRing: { identify(authorization: string | undefined): unknown };
  /** Counts one HTTP request of the key against its rate limit: undefined when admitted, else the refusal (429). */
  admit?(authorization: string | undefined): ServiceResponse | undefined;
}

export function hasKeyRing(service: Service): service is KeyRingService {
  const ring = (service as Partial<KeyRingService>).keyRing;
  return typeof ring === "object" && ring !== null && typeof ring.identify === "function";
}

/**
 * Admits MCP requests with the reference's own key check, the one every route runs first, and its rate limit:
 * every MCP HTTP request (initialize, notifications, tools/list, a tool call, a stream opened, a session ended)
 * takes one token from the key's bucket, as every REST request does (§4.6: "the same key, limits and Credit
 * rules"), and an empty bucket is answered 429 on the transport. The tool call's own Service.call then takes
 * none, so each HTTP request counts once.
 */
function keyRingAuthenticator(service: KeyRingService): Authenticate {
  return async (authorization) => {
    try {
      service.keyRing.identify(authorization);
      const limited = service.admit?.(authorization);
      if (!limited) return { ok: true };
      return {
        ok: false,
        status: limited.status,
        message: String(limited.envelope.msg),
        headers: { ...limited.headers },
      };
    } catch (error) {
      const refusal = error as { status?: unknown; message?: string; headers?: Record<string, string> };
      if (typeof refusal.status !== "number") throw error;
      const headers = { ...(refusal.headers ?? {}) };
      if (refusal.status === 401 && !Object.keys(headers).some((n) => n.toLowerCase() === "www-authenticate"))
        headers["WWW-Authenticate"] = DEFAULT_CHALLENGE;
      return { ok: false, status: refusal.status, message: refusal.message ?? "unauthorized", headers };
    }
  };
}

/** The key check the MCP transports use by default: the key ring where the Service has one, else key status. */
export function defaultAuthenticator(service: Service): Authenticate {
  return hasKeyRing(service) ? keyRingAuthenticator(service) : keyStatusAuthenticator(service);
}

/** The token of a Bearer Authorization header, or undefined. */
export function bearerToken(authorization: string | undefined): string | undefined {
  return /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "")?.[1];
}
