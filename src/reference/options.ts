import type { KeySpec, RateLimit } from "./keys.js";
import type { Store, StoreInput } from "./store/store.js";
import type { Tap } from "./tap.js";

export const DEFAULT_SEED = 20240611;
export const DEFAULT_SIZES = { people: 120_000, jobs: 30_000, companies: 10_000 } as const;
/** Most people, jobs or companies a reference server generates (memory bound). */
export const MAX_RECORDS = 1_000_000;

export interface ReferenceServiceOptions {
  /** Seed of the generated dataset and of the server secret (IDs, cursors). Default fixed: DEFAULT_SEED. */
  readonly seed?: number;
  readonly people?: number;
  readonly jobs?: number;
  readonly companies?: number;
  /** API keys; default: the three demo keys of keys.ts (active, exhausted, inactive). */
  readonly keys?: readonly KeySpec[];
  /** Per-key rate limit of keys that do not set their own. */
  readonly rateLimit?: RateLimit;
  /** Id of a mutant (mutants/index.ts) to serve instead of the correct behaviour. */
  readonly mutant?: string;
  /**
   * Id of a variant (variants/index.ts): a legal alternative, one choice the specification leaves open made
   * differently, which the suite must pass (docs/variants.md).
   */
  readonly variant?: string;
  /** A hand-built dataset in place of the generated one (tests, reference-only fixtures). */
  readonly data?: StoreInput;
  /**
   * A generated store built once by `prebuildStore` and shared by several servers, in place of generating
   * one; its seed, sizes and as-of day must be the ones asked for here.
   */
  readonly store?: PrebuiltStore;
  /** The day the generated dataset is as of (YYYY-MM-DD); default today (UTC). */
  readonly asOf?: string;
  /** The clock relative query dates count back from and the rate limiter runs on; default the system clock. */
  readonly now?: () => Date;
}

export interface ReferenceServerOptions extends ReferenceServiceOptions {
  /** TCP port; 0 (the default here) picks a free one. `tdss serve` defaults to 8080. */
  readonly port?: number;
  /** Interface to listen on; default 127.0.0.1 (loopback only). */
  readonly host?: string;
  /** Called with every exchange once its response is over (tests: every response against spec/openapi.yaml). */
  readonly tap?: Tap;
  /**
   * Milliseconds every HTTP request, REST and MCP, waits before it is served: the latency of a network between
   * the runner and a deployment (default 0, or the variant's own).
   */
  readonly latencyMs?: number;
}

/** Longest latency a reference server adds to each answer. */
export const MAX_LATENCY_MS = 60_000;

/**
 * A generated store built once and handed to several reference servers (`startReferenceServer({ store })`),
 * so that servers over the same dataset (the correct one and its mutants in `tdss selftest`) do not each
 * generate it. Each server keeps its own keys, Credit ledger, rate limit and faults; the store holds only
 * the records and the indexes built from them, which no request changes.
 */
export interface PrebuiltStore {
  /** Seed, sizes and as-of day the store was generated with: a server given it must ask for the same. */
  readonly key: string;
  readonly store: Store;
}
