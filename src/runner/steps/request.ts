import { bodyOperation, loadContract, type OperationId } from "../../contract/index.js";
import { worstCase } from "../../contract/worst-case.js";
import { countResolvable, worstCaseCredits } from "../budget.js";
import type { Credentials } from "../credentials.js";
import type { AuthMode, Exchange } from "../../checks/exchange.js";
import type { ExecuteContext, PlanContext, StepExecution, StepKind, StepPlan } from "./step-kind.js";
import type { HttpClient } from "../../client/http.js";

/** The `request:` member of a step, after templates are resolved. */
export interface RequestSpec {
  readonly operation?: OperationId;
  readonly method?: string;
  readonly path?: string;
  readonly auth?: AuthMode;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: unknown;
  readonly raw_body?: string;
  readonly content_type?: string;
}

export interface PreparedRequest {
  readonly operationId?: OperationId;
  readonly method: string;
  readonly path: string;
  readonly auth: AuthMode;
  readonly body?: unknown;
  readonly bodyText?: string;
  readonly extraHeaders: Readonly<Record<string, string>>;
}

/** Method, path and route of a request spec; a raw method and path that name a route count as that route. */
export function prepareRequest(spec: RequestSpec): PreparedRequest {
  const contract = loadContract();
  let operationId = spec.operation;
  let method = spec.method?.toUpperCase();
  let path = spec.path;
  if (operationId) {
    const op = contract.operations.get(operationId);
    if (!op) throw new Error(`unknown operation ${JSON.stringify(operationId)}`);
    method ??= op.method;
    path ??= op.path;
  } else if (method && path) {
    operationId = [...contract.operations.values()].find((o) => o.method === method && o.path === path)?.operationId;
  } else {
    throw new Error("a request names an operation, or a method and a path");
  }
  const bodyText = spec.raw_body ?? (spec.body === undefined ? undefined : JSON.stringify(spec.body));
  const headers: Record<string, string> = {};
  // §4: "Every POST sends Content-Type: application/json."
  if (bodyText !== undefined || method === "POST") headers["content-type"] = spec.content_type ?? "application/json";
  for (const [k, v] of Object.entries(spec.headers ?? {})) headers[k.toLowerCase()] = String(v);
  return {
    ...(operationId ? { operationId } : {}),
    method: method,
    path: path,
    auth: spec.auth ?? "primary",
    ...(spec.body !== undefined ? { body: spec.body } : {}),
    ...(bodyText !== undefined ? { bodyText } : {}),
    extraHeaders: headers,
  };
}

/** Items a request's responses can hold: the page cap of a search, the IDs sent to a detail route (§8's worst case). */
function maxItems(prepared: PreparedRequest, idsBound?: number): number {
  const op = prepared.operationId;
  if (!op || !bodyOperation(op)) return 1;
  return worstCase(op, prepared.body, { idsBound, resolvable: (ids) => countResolvable(ids, new Set()) }).ids;
}

export function planRequest(prepared: PreparedRequest, ctx: PlanContext): StepPlan {
  return {
    ...(prepared.operationId ? { operationId: prepared.operationId } : {}),
    auth: prepared.auth,
    worstCase: worstCaseCredits(prepared.operationId, prepared.body, prepared.auth, ctx),
    maxItems: maxItems(prepared, ctx.idsBound),
    ...(prepared.body !== undefined ? { body: prepared.body } : {}),
  };
}

/** Sends a prepared request and reads the answer as JSON where it is JSON. */
export async function sendRequest(
  prepared: PreparedRequest,
  http: HttpClient,
  credentials: Credentials,
): Promise<Exchange> {
  const headers: Record<string, string> = { accept: "application/json" };
  const authorization = credentials.header(prepared.auth);
  if (authorization !== undefined) headers.authorization = authorization;
  Object.assign(headers, prepared.extraHeaders);
  const result = await http.send({
    method: prepared.method,
    path: prepared.path,
    headers,
    ...(prepared.bodyText !== undefined ? { body: prepared.bodyText } : {}),
    // The second key is the exhausted one: what its priced requests owe is a refusal for the balance, and a 429 may
    // be that refusal (docs/runner-robustness.md, "One exception"), so one is kept as it came, not waited on.
    ...(prepared.auth === "second" && bodyOperation(prepared.operationId ?? "") ? { rateRetries: 0 } : {}),
  });
  const exchange: Exchange = {
    request: {
      method: prepared.method,
      path: prepared.path,
      url: result.url,
      headers,
      ...(prepared.bodyText !== undefined ? { body: prepared.bodyText } : {}),
      ...(prepared.operationId ? { operationId: prepared.operationId } : {}),
      auth: prepared.auth,
    },
    ...(result.status !== undefined ? { status: result.status } : {}),
    ...(result.headers ? { headers: result.headers } : {}),
    ...(result.bodyText !== undefined ? { bodyText: result.bodyText } : {}),
    ...(result.error !== undefined ? { error: result.error } : {}),
    // Every error of the HTTP client is its own giving up (a timeout, a failed connection, the body cap, a stopped
    // run) or a 503 with Retry-After still answered after its retries (the deployment did not handle the request):
    // src/client/http.ts returns the deployment's other answers, whatever they are, as answers.
    ...(result.rateLimited ? { rateLimited: true } : result.error !== undefined ? { unanswered: true } : {}),
    durationMs: result.durationMs,
  };
  if (result.bodyText === undefined || result.bodyText.length === 0)
    return result.bodyText === "" ? { ...exchange, jsonError: "empty body" } : exchange;
  try {
    return { ...exchange, json: JSON.parse(result.bodyText) };
  } catch (error) {
    return { ...exchange, jsonError: `body is not JSON: ${(error as Error).message}` };
  }
}

/** Sends a request once `ctx.admit` lets it go, holding the admission until its answer is in. */
export async function sendAdmitted(prepared: PreparedRequest, ctx: ExecuteContext): Promise<Exchange> {
  const release = ctx.admit ? await ctx.admit() : () => undefined;
  let exchange: Exchange | undefined;
  try {
    return (exchange = await sendRequest(prepared, ctx.http, ctx.credentials));
  } finally {
    release(exchange ? [exchange] : undefined);
  }
}

/** `request:` — one HTTP request, by operationId or by raw method and path. */
export const requestStep: StepKind = {
  plan: (spec, ctx) => planRequest(prepareRequest(spec as RequestSpec), ctx),
  async execute(spec, ctx: ExecuteContext): Promise<StepExecution> {
    return { exchanges: [await sendRequest(prepareRequest(spec as RequestSpec), ctx.http, ctx.credentials)] };
  },
};
