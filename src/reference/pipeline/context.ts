import type { IncomingMessage, ServerResponse } from "node:http";
import type { OperationId } from "../../contract/index.js";
import type { KeyAccount, KeyRing } from "../keys.js";
import type { Service, ServiceResponse } from "../service.js";

/** The stages of the request path, in the order a REST request meets them (docs/reference.md). */
export type StageName =
  | "route"
  | "content-type"
  | "body-limit"
  | "json"
  | "key"
  | "rate-limit"
  | "scope"
  | "validation"
  | "handler"
  | "charge";

/** What the handler found: the response data and what the route's Credit formula counts (§8). */
export interface Outcome {
  readonly data: unknown;
  /** Returned IDs or found records. */
  readonly count: number;
  /** Data read once the request is charged, instead of `data`: key status reports the ledger after its own charge. */
  readonly charged?: () => unknown;
}

/** What the stages ask of the service behind them (ReferenceService). */
export interface PipelineService extends Service {
  readonly keyRing: KeyRing;
  /** The server's clock (a test may fix it). */
  now(): Date;
  /** The body read into what the handler needs, or a Refusal (400) naming what is wrong and where. */
  validate(operationId: OperationId, body: unknown): unknown;
  /** Runs a validated request for the account that sent it. */
  serve(operationId: OperationId, request: unknown, account: KeyAccount): Outcome;
}

/**
 * One request on its way through the stages. A REST request starts at `route` with `req`; an MCP tool call
 * starts at `key` with its operation and arguments already decoded by the transport.
 */
export interface RequestContext {
  readonly service: PipelineService;
  /** The HTTP request (REST only; absent for a tool call). */
  readonly req?: IncomingMessage;
  /** The HTTP response, for a stage that answers on the socket itself (REST only). */
  readonly res?: ServerResponse;
  readonly method: string;
  readonly path: string;
  readonly authorization: string | undefined;
  /** Set by `route` on REST, given by the transport for a tool call. */
  operationId?: OperationId;
  /** The body's bytes (`body-limit`), then its JSON value (`json`, or the tool call's arguments). */
  bytes?: Buffer;
  body?: unknown;
  /** The key's account (`key`). */
  account?: KeyAccount;
  /** The body as `validation` read it. */
  request?: unknown;
  /** What `handler` found. */
  outcome?: Outcome;
  /** The answer: set by `charge` on success, by the pipeline's onError on a refusal. */
  response?: ServiceResponse;
  /** The stage whose refusal became the response. */
  refusedAt?: StageName;
  /** True when the stage answered on the socket itself (the MCP transports). */
  answered?: boolean;
}

/** What a stage's `next` returns: nothing, or a promise of nothing when a later stage waits for the body. */
export type Pending = void | Promise<void>;

/**
 * A stage, as a Hono middleware: it reads and sets the context, then calls `next` to run the stages after it,
 * or throws a Refusal to stop the request there; it may also not call `next` once it has set `ctx.response`.
 */
export type Stage = (ctx: RequestContext, next: () => Pending) => Pending;

/** The operation a stage after `route` serves. */
export function operationOf(ctx: RequestContext): OperationId {
  if (ctx.operationId === undefined) throw new Error("a stage after route ran without an operation");
  return ctx.operationId;
}

/** Runs `then` after `pending` settles without error, at once when nothing is pending (the hot path stays sync). */
export function after(pending: Pending, then: () => void): Pending {
  if (pending instanceof Promise) return pending.then(then);
  then();
}

/**
 * How a mutant or a variant changes the request path: it wraps a stage (runs before it, after it, or instead of
 * calling it) or replaces it. A wrapper sees the stage as the pipeline runs it: once it calls the stage, the
 * answer of that stage and of every stage after it is in `ctx.response`, refusals included (compose.ts).
 */
export type StageHook =
  | { readonly stage: StageName; readonly wrap: (stage: Stage) => Stage }
  | { readonly stage: StageName; readonly replace: Stage };
