import type { ClauseArea, OperationId } from "../../contract/index.js";
import type { Faults } from "../faults.js";
import type { GatewayConditions } from "../gateway.js";
import type { RateLimit } from "../keys.js";

/**
 * A legal alternative of the reference server: one choice the specification leaves open (an
 * `implementation-defined` or `ambiguous` clause) made differently, keeping every `must` clause. The
 * opposite of a mutant: `tdss selftest` requires the suite to pass it with zero failures (docs/variants.md).
 */
export interface Variant {
  /** Stable id, `<area>-<the choice>`, used by `tdss serve --variant <id>`. */
  readonly id: string;
  /** The implementation-defined or ambiguous clause of spec/clauses.yaml whose choice it makes differently. */
  readonly clause: string;
  readonly area: ClauseArea;
  readonly description: string;
  /** The hooks of src/reference/faults.ts that make the choice (the same hooks mutants use). */
  readonly faults: Faults;
  /** The variants a combination holds at once (src/reference/variants/deployment.ts); none for a single choice. */
  readonly parts?: readonly string[];
  /**
   * Conditions of a real deployment the server runs under (docs/design.md, "Conditions of a real deployment"):
   * the rate limit of keys that set none, the latency of every answer, and whether connections stay open.
   * `startReferenceServer` applies them unless its options set their own, so `tdss selftest` and `tdss serve
   * --variant` serve them alike.
   */
  readonly server?: {
    readonly rateLimit?: RateLimit;
    readonly latencyMs?: number;
    /**
     * Each answer comes up to this many milliseconds later again, drawn anew for every request, so that answers to
     * requests sent together come back in any order, as across a network whose paths and backends differ.
     */
    readonly latencyJitterMs?: number;
    /** `close`: every answer, REST and MCP, closes its connection (`Connection: close`), as a proxy may. */
    readonly connections?: "close";
    /**
     * Every connection, REST and MCP, idle this many milliseconds after an answer is closed by the server without
     * having announced it (no `Keep-Alive: timeout`), as a load balancer with a short keep-alive limit does (HAProxy's
     * `timeout http-keep-alive`): RFC 9112 §9.3 and §9.6 let a server close an idle connection at any time.
     */
    readonly idleCloseMs?: number;
    /**
     * Every this many-th HTTP request of a key (told apart by its Authorization header) on REST, and on MCP, is
     * answered 503 with `Retry-After: 1`, charged nothing and served nothing, as a load balancer does while a backend
     * is briefly away (RFC 9110 §15.6.4).
     */
    readonly unavailableEvery?: number;
    /**
     * Every new connection, REST and MCP, is read from only this many milliseconds after it was accepted, as one
     * through a distant load balancer or a slow TLS handshake opens late: nothing of its first request is answered
     * before then.
     */
    readonly openDelayMs?: number;
    /** An API gateway in front of the server: limits, a clock and headers of its own (src/reference/gateway.ts). */
    readonly gateway?: GatewayConditions;
    /**
     * The service served under this path (e.g. `/tdss`) and nowhere else, as behind a gateway that routes a path to
     * it: its base URL carries the path, and §4 and §4.6 put every route and both MCP transports under it.
     */
    readonly pathPrefix?: string;
  };
  /**
   * How many records the variant's server generates, where the choice is the deployment's data itself (selftest
   * starts it with these sizes instead of its small dataset).
   */
  readonly dataset?: DatasetSizes;
  /**
   * Routes the demo active key cannot reach (a scope it lacks, s5-scope-names-not-shown): the cases that call them are
   * the tester's limit, so selftest takes their "not run: scope" as the run's right answer, and requires it of them
   * (docs/variants.md, "How selftest runs them").
   */
  readonly keyOutOfScope?: readonly OperationId[];
}

/** Records generated per dataset. */
export interface DatasetSizes {
  readonly people: number;
  readonly jobs: number;
  readonly companies: number;
}
