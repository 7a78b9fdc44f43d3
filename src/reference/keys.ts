// Stryker disable all: the sandbox's own keys (their types, the demo keys, the parsing of --keys): configuration of the
// reference, not the contract; mutated from KeyAccount on (docs/selftest.md, "Stryker on the reference").
import type { OperationId } from "../contract/index.js";
import { Refusal } from "./refusal.js";

export interface RateLimit {
  /** Requests a key may make per window... */
  readonly requests: number;
  /** ...of this many seconds (a token bucket refilled evenly over the window). */
  readonly perSeconds: number;
}

export interface KeySpec {
  /** The API key; begins with the service prefix svc_ (§5). */
  readonly key: string;
  /** Credits the key starts with (default 1,000,000). */
  readonly credits?: number;
  /** False for a key that exists but is switched off (403; key status still answers, §4.5). Default true. */
  readonly active?: boolean;
  /** Scopes of the key (default all three); see SCOPE_OF_ROUTE. */
  readonly scopes?: readonly string[];
  readonly rateLimit?: RateLimit;
}

const KEY_PREFIX = "svc_";
const SCOPES = ["people:read", "jobs:read", "companies:read"] as const;
const DEFAULT_CREDITS = 1_000_000;
/** Generous by default so that benchmarks and suites are not throttled; `--rate-limit` lowers it. */
export const DEFAULT_RATE_LIMIT: RateLimit = { requests: 1_000_000, perSeconds: 60 };

/** The scope each route requires (§5: scope names are not shown; these are the reference's). */
export const SCOPE_OF_ROUTE: Readonly<Record<OperationId, string | null>> = {
  queryPeople: "people:read",
  searchPeople: "people:read",
  getProfiles: "people:read",
  queryJobs: "jobs:read",
  getJobs: "jobs:read",
  queryCompanies: "companies:read",
  getCompanies: "companies:read",
  getVersion: null,
  getKeyStatus: null,
};

/** The built-in demo keys, public and documented in README: an active key, an exhausted one and an inactive one. */
export const DEMO_KEYS = {
  active: { key: "svc_demo_active_reference_key", credits: 1_000_000_000 },
  exhausted: { key: "svc_demo_exhausted_reference_key", credits: 0 },
  inactive: { key: "svc_demo_inactive_reference_key", credits: 1_000, active: false },
} as const satisfies Record<string, KeySpec>;

/** Validates key specs read from a --keys file; each problem names the entry and member. */
export function parseKeySpecs(value: unknown, source: string): KeySpec[] {
  const list = Array.isArray(value) ? value : (value as { keys?: unknown } | null)?.keys;
  if (!Array.isArray(list) || list.length === 0)
    throw new Error(`${source}: expected a non-empty list of keys (or an object with a "keys" list)`);
  const seen = new Set<string>();
  return list.map((entry, i) => {
    const at = `${source}: keys[${i}]`;
    if (typeof entry !== "object" || entry === null || Array.isArray(entry))
      throw new Error(`${at}: must be an object with a "key" member`);
    const e = entry as Record<string, unknown>;
    const unknown = Object.keys(e).find((k) => !["key", "credits", "active", "scopes", "rateLimit"].includes(k));
    if (unknown) throw new Error(`${at}: unknown member "${unknown}" (key, credits, active, scopes, rateLimit)`);
    if (typeof e.key !== "string" || !e.key.startsWith(KEY_PREFIX) || !/^[A-Za-z0-9_-]{8,200}$/.test(e.key)) {
      throw new Error(`${at}.key: must be a string of 8 to 200 letters, digits, _ or - beginning with ${KEY_PREFIX}`);
    }
    if (seen.has(e.key)) throw new Error(`${at}.key: the same key is listed twice`);
    seen.add(e.key);
    if (e.credits !== undefined && (!Number.isSafeInteger(e.credits) || (e.credits as number) < 0))
      throw new Error(`${at}.credits: must be a non-negative integer`);
    if (e.active !== undefined && typeof e.active !== "boolean") throw new Error(`${at}.active: must be true or false`);
    if (e.scopes !== undefined) {
      if (!Array.isArray(e.scopes)) throw new Error(`${at}.scopes: must be a list among ${SCOPES.join(", ")}`);
      const bad: unknown = e.scopes.find((s) => !(SCOPES as readonly unknown[]).includes(s));
      if (bad !== undefined)
        throw new Error(`${at}.scopes: unknown scope ${JSON.stringify(bad)} (${SCOPES.join(", ")})`);
    }
    if (e.rateLimit !== undefined) {
      const r = e.rateLimit as Record<string, unknown> | null;
      if (
        !r ||
        !Number.isSafeInteger(r.requests) ||
        (r.requests as number) < 1 ||
        typeof r.perSeconds !== "number" ||
        !(r.perSeconds > 0)
      ) {
        throw new Error(`${at}.rateLimit: must be {"requests": <integer >= 1>, "perSeconds": <number > 0>}`);
      }
    }
    return e as unknown as KeySpec;
  });
}

// Stryker restore all

/** One key's state: its Credit ledger and its rate-limit bucket. */
export class KeyAccount {
  remaining: number;
  used = 0;
  private tokens: number;
  private refilledAt: number;

  constructor(
    readonly spec: KeySpec,
    readonly rateLimit: RateLimit,
    now: number,
  ) {
    this.remaining = spec.credits ?? DEFAULT_CREDITS;
    this.tokens = rateLimit.requests;
    this.refilledAt = now;
  }

  get active(): boolean {
    return this.spec.active !== false;
  }

  get scopes(): readonly string[] {
    return this.spec.scopes ?? SCOPES;
  }

  /** Takes one request from the bucket; returns the seconds to wait when it is empty. */
  take(now: number): number | undefined {
    const rate = this.rateLimit.requests / (this.rateLimit.perSeconds * 1000);
    this.tokens = Math.min(this.rateLimit.requests, this.tokens + (now - this.refilledAt) * rate);
    this.refilledAt = now;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return undefined;
    }
    return Math.max(1, Math.ceil((1 - this.tokens) / rate / 1000));
  }

  /** Charges `credits` if the balance covers them; a request it cannot cover is refused at no cost. */
  charge(credits: number): boolean {
    if (credits > this.remaining) return false;
    this.remaining -= credits;
    this.used += credits;
    return true;
  }
}

function bearer(authorization: string | undefined): string {
  if (authorization === undefined || authorization.trim() === "") {
    // Stryker disable all: a refusal's wording and challenge, which §7 leaves open
    throw new Refusal(401, "missing Authorization header; send Authorization: Bearer <API key> (§5)", {
      "WWW-Authenticate": 'Bearer realm="tdss-reference"',
    });
  }
  // Stryker restore all
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization);
  if (!match)
    // Stryker disable all: a refusal's wording and challenge, which §7 leaves open
    throw new Refusal(401, "Authorization header must be Bearer <API key> (§5)", {
      "WWW-Authenticate": 'Bearer realm="tdss-reference"',
    });
  // Stryker restore all
  return match[1]!;
}

/** The keys a server knows. Messages never repeat a key (an API key never appears in output). */
export class KeyRing {
  private readonly accounts = new Map<string, KeyAccount>();

  constructor(specs: readonly KeySpec[], defaultRateLimit: RateLimit = DEFAULT_RATE_LIMIT, now = Date.now()) {
    for (const spec of specs)
      this.accounts.set(spec.key, new KeyAccount(spec, spec.rateLimit ?? defaultRateLimit, now));
  }

  /** The account of a request's key, or a 401 Refusal (missing, malformed or unknown key). */
  identify(authorization: string | undefined): KeyAccount {
    const account = this.accounts.get(bearer(authorization));
    if (!account)
      // Stryker disable all: a refusal's wording and challenge, which §7 leaves open
      throw new Refusal(401, "unknown API key (§5)", {
        "WWW-Authenticate": 'Bearer realm="tdss-reference", error="invalid_token"',
      });
    // Stryker restore all
    return account;
  }

  get(key: string): KeyAccount | undefined {
    return this.accounts.get(key);
  }
}
