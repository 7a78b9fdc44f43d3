import type { ServerResponse } from "node:http";
import type { Dataset, OperationId } from "../contract/index.js";
import type { IdEncryption, IdKind } from "./ids.js";
import type { KeyAccount } from "./keys.js";
import type { StageHook } from "./pipeline/context.js";
import type { EvaluationFaults } from "./query/evaluate.js";
import type { Plan } from "./query/plan.js";
import type { RuleSwitch } from "./body-validation.js";
import type { ValidationStep } from "./refusal.js";
import type { Service, ServiceResponse } from "./service.js";
import type { Refresh } from "./snapshot.js";
import type { StoreInput } from "./store/store.js";

/**
 * The places a single deliberate fault can be injected into the reference server (mutants, suite strength).
 * The correct server uses none of them; a mutant (mutants/index.ts) sets one to break exactly one clause, and a
 * variant (variants/index.ts) sets some to make a choice the specification leaves open differently.
 * On the request path a fault wraps or replaces a stage (`stages`, docs/reference.md); `request`, `authorize`,
 * `charge`, `chargeRefusal`, `response` and `routes` are each one such stage hook (pipeline/hooks.ts).
 */
export interface Faults {
  /** Stages of the request path wrapped or replaced (src/reference/pipeline/hooks.ts). */
  readonly stages?: readonly StageHook[];
  /** Validation steps switched off: what they refuse is let through (see refusal.ts VALIDATION_STEPS). */
  readonly skip?: readonly ValidationStep[];
  /**
   * Lint rules switched off in the validation of search bodies (body-validation.ts), everywhere or only for
   * nodes at one structural position of the tree: what they refuse is let through.
   */
  readonly validation?: readonly RuleSwitch[];
  /** Page size of a search that omits size (correct: 100, s4-2-size-default-100). */
  readonly defaultSize?: number;
  /**
   * Rewrites a request body before it is validated (a wrapper of the validation stage); a fault may also refuse
   * the request by throwing a Refusal.
   */
  readonly request?: (operationId: OperationId, body: unknown) => unknown;
  /**
   * Credits charged for a successful request, given the correct charge, the count its formula counts (§8) and
   * the response data (replaces the charge stage). Also consulted for GET /auth/key/status, whose correct charge
   * is 0.
   */
  readonly charge?: (operationId: OperationId, correct: number, count: number, data: unknown) => number;
  /** Credits charged for a request refused after its key was accepted (correct: 0, s7-translated-before-charge). */
  readonly chargeRefusal?: (operationId: OperationId, status: number) => number;
  /**
   * Rewrites a finished response (status, envelope, headers), successes and refusals alike, of every stage from
   * the key on (a wrapper of the key stage): the transport's own refusals (404, 405, 413, 415, JSON) pass as they are.
   */
  readonly response?: (operationId: OperationId, response: ServiceResponse) => ServiceResponse;
  /**
   * Writes a finished REST answer in place of the reference's compact JSON with Content-Length: how a deployment's own
   * stack, or a proxy in front of it, may carry the same envelope (a variant; http.ts).
   */
  readonly writeAnswer?: (res: ServerResponse, response: ServiceResponse) => void;
  /**
   * How the IDs the server issues are encrypted (correct: `deterministic`, one string a record); `per-call` gives
   * every ID issued a fresh random nonce, as randomized encryption does (a variant, s2-1-id-stability-not-shown).
   */
  readonly idEncryption?: IdEncryption;
  /** Alters the row a detail ID or LinkedIn URL resolves to (undefined: not_found). */
  readonly resolve?: (kind: IdKind, id: string, row: number | undefined) => number | undefined;
  /**
   * Alters the key check (replaces the key stage): the account a request is served with, or undefined to refuse
   * it as unknown (401).
   */
  readonly authorize?: (
    operationId: OperationId,
    authorization: string | undefined,
    account: KeyAccount | undefined,
  ) => KeyAccount | undefined;
  /** Alters the dataset before it is stored (generated or hand-built). */
  readonly dataset?: (input: StoreInput) => StoreInput;
  /**
   * The data refreshed while the server runs: snapshots of it served in turn, switched every so many priced
   * requests (a variant, s1-snapshot-data-lag; src/reference/snapshot.ts).
   */
  readonly refresh?: Refresh;
  /** Alters a translated query before it is evaluated. */
  readonly plan?: (dataset: Dataset, plan: Plan) => Plan;
  /** Alters how a translated query is evaluated: the rows of a leaf, the sub-records a scope counts. */
  readonly evaluation?: EvaluationFaults;
  /** Alters the fields a detail request selects; `explicit` is false when the request gave no selection. */
  readonly selection?: (kind: IdKind, fields: readonly string[], explicit: boolean) => string[];
  /**
   * Published profile fields of the deployment's own, which the contract never names
   * (s2-4-full-record-fields-not-shown), each with its value for a row: `_source` may name them, and a `selection`
   * fault may put them in the default record.
   */
  readonly ownProfileFields?: Readonly<Record<string, (row: number) => unknown>>;
  /** Alters one detail record after field selection. */
  readonly record?: (kind: IdKind, record: Record<string, unknown>) => Record<string, unknown>;
  /**
   * Routes served beside the nine of §4.1, by `METHOD /path` (the correct server answers 404): each answers
   * from the Service, the request's JSON body (undefined when it has none or it is not JSON) and its
   * Authorization header.
   */
  readonly routes?: Readonly<
    Record<string, (service: Service, body: unknown, authorization: string | undefined) => Promise<ServiceResponse>>
  >;
  /**
   * Whether a search page carries `next`, given where it starts, what it returned, its size and the matches
   * (correct: more matches remain after it, s4-3-next-present-absent). A `next` a fault adds is a real cursor.
   */
  readonly nextWhen?: (dataset: Dataset, page: SearchPage) => boolean;
  /**
   * Where a search page read through a cursor starts, given the offset the cursor holds and the page's size (correct:
   * that offset). A variant starts it earlier, as offset paging over an index that gained a record before the offset
   * between two calls does (s4-2-rule5-page-contents: pages are not consistent with each other).
   */
  readonly cursorOffset?: (dataset: Dataset, offset: number, size: number) => number;
  /**
   * Closed postings resolve to their records on the jobs detail route instead of not_found (a variant's choice, §3).
   */
  readonly servesClosedPostings?: boolean;
  /**
   * A detail ID of the IDs' own form (22 base64url characters) that the codec did not issue (one character changed)
   * resolves all the same, to a row of its own drawn from its text, where the data holds that row: IDs encrypted
   * without authentication in a dense space, as format-preserving encryption or a reversible encoding of row numbers
   * gives (a variant's choice: §2.1 says only "opaque encrypted strings").
   */
  readonly idsWithoutAuthentication?: boolean;
  /**
   * A LinkedIn URL that several profiles carry resolves to the last of them in row order, the one collected last,
   * instead of the first (a variant's choice: §2.1 does not say that one URL belongs to one profile).
   */
  readonly linkedinUrlLastCollected?: boolean;
  /**
   * The moment a query's relative dates (now-30d) count back from, given the server's clock (correct: that moment, on
   * its UTC date): a variant reads them on a local date of another time zone, or by a clock that is off.
   */
  readonly relativeDatesNow?: (now: Date) => Date;
  /** Passed as-is to createMcpHandler as options.faults (McpFaults of src/reference/mcp/faults.ts). */
  readonly mcp?: Readonly<Record<string, unknown>>;
}

/** Where a search page starts, the IDs it returned, its size and the matches of its query. */
interface SearchPage {
  readonly offset: number;
  readonly returned: number;
  readonly size: number;
  readonly total: number;
}

export const NO_FAULTS: Faults = Object.freeze({});
