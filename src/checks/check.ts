import type { OperationId } from "../contract/index.js";
import type { Implementation } from "./implementation.js";
import type { Observed } from "./observed.js";
import type { ToolNameMap } from "../client/tool-match.js";
import type { CheckStatus, Exchange } from "./exchange.js";
import type { ResponseView } from "./views.js";
import { escapeToken } from "../contract/json-pointer.js";

/** What the whole run shares with checks. */
export interface RunState {
  readonly observed: Observed;
  readonly implementation: Implementation;
  /** Contract fingerprint pinned in the config; a different one is drift. */
  readonly pinnedFingerprint?: string;
  /** Every people record any step fetched (for the §1 privacy scan). */
  readonly peopleRecords: unknown[];
  /** MCP tool names pinned in the config (`mcp.tools`). */
  readonly mcpTools?: ToolNameMap;
}

export interface CheckContext {
  /** The step's responses: one for a request, one per page for paginate, none for verify. */
  readonly exchanges: readonly Exchange[];
  readonly operationId?: OperationId;
  /** The request body as sent. */
  readonly requestBody?: unknown;
  /** Captured values, including this step's own captures. */
  readonly vars: Readonly<Record<string, unknown>>;
  readonly run: RunState;
  view(exchange: Exchange): ResponseView;
  /**
   * Set only where a second look judges the call a last time (src/runner/stages/second-look.ts): its arguments as the
   * earlier step's first answer gave them, while `vars` hold its second answer. Two answers to one request show what
   * the deployment answers afresh on every call, as IDs encrypted with a random nonce (s2-1-id-stability-not-shown).
   */
  readonly firstLook?: unknown;
}

export interface CheckOutcome {
  readonly status: CheckStatus;
  readonly message?: string;
  readonly expected?: unknown;
  readonly actual?: unknown;
  /** Index of the exchange that failed (its curl command goes in the report); the last one by default. */
  readonly exchange?: number;
  /** Indexes of further exchanges the fault is read against (e.g. the whole set its parts disagree with). */
  readonly related?: readonly number[];
  /**
   * The clause id(s) this outcome rests on, when the check itself knows (e.g. which direction of a tool schema
   * disagreement it saw): its verdict (src/runner/verdict.ts), winning over the suite's `clause` and the check's
   * `clauses`, and the clauses a failure marks broken (src/checks/failed-clauses.ts).
   */
  readonly clause?: string | readonly string[];
  /**
   * There was nothing to judge (`nothingToJudge`): the step ends its case as not run for the data, unless another
   * outcome of the step failed.
   */
  readonly nothingToJudge?: string;
}

/**
 * A named check of the library (`expect:` entries of suite files). It returns one outcome, or one per
 * thing it looked at; any `fail` fails the step. A check never throws for a bad response: it says what
 * it expected and what it got.
 */
/** A check of any argument type, as the registries hold them: the engine validates each one's arguments. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- arguments are checked against the check's own schema
export type AnyCheck = Check<any>;

export interface Check<A = Record<string, unknown>> {
  readonly description: string;
  /**
   * The clauses a failure of this check rests on when neither the outcome nor the suite names one (e.g. the
   * envelope check: the envelope clauses). Leave it out for a check whose meaning depends on the case
   * (`refused`): its failures then rest on the call's `clause` or the case's `must` clauses.
   */
  readonly clauses?: readonly string[];
  /** JSON Schema of the arguments (validated when suites load and again once templates resolve). */
  readonly args?: object;
  run(ctx: CheckContext, args: A): CheckOutcome | CheckOutcome[];
}

export const pass = (message?: string): CheckOutcome => ({ status: "pass", ...(message ? { message } : {}) });

/** No verdict either way: what the check looks at is not there (why says what is missing). */
export const nothingToJudge = (why: string): CheckOutcome => ({ status: "pass", message: why, nothingToJudge: why });

export function fail(message: string, expected?: unknown, actual?: unknown, exchange?: number): CheckOutcome {
  return {
    status: "fail",
    message,
    ...(expected !== undefined ? { expected } : {}),
    ...(actual !== undefined ? { actual } : {}),
    ...(exchange !== undefined ? { exchange } : {}),
  };
}

/**
 * A failure resting on `clause`, which the check itself knows (CheckOutcome.clause): it wins over the suite's and the
 * check's own clauses.
 */
export function failOn(
  clause: string | readonly string[],
  message: string,
  expected?: unknown,
  actual?: unknown,
): CheckOutcome {
  return { ...fail(message, expected, actual), clause };
}

/** A short, readable excerpt of a value for failure messages. */
export function excerpt(value: unknown, max = 300): string {
  const text = typeof value === "string" ? value : JSON.stringify(value);
  if (text === undefined) return "undefined";
  return text.length > max ? `${text.slice(0, max)}… (${text.length} characters)` : text;
}

/** The first `max` items, and a last one saying how many were left out: a cut list is always marked. */
export function firstOf(items: readonly string[], max: number): string[] {
  return items.length > max ? [...items.slice(0, max), `… ${items.length - max} more`] : [...items];
}

/** Why an exchange is not a readable JSON response, or undefined when it is one. */
export function unreadable(exchange: Exchange): string | undefined {
  if (exchange.error) return `no usable response: ${exchange.error}`;
  if (exchange.status !== undefined && exchange.status >= 300 && exchange.status < 400) {
    return (
      `HTTP ${exchange.status}: a redirect to ${exchange.headers?.location ?? "nowhere"}, not followed (the ` +
      `runner sends requests, and the key, to the base URL only)`
    );
  }
  if (exchange.rpcError) return `answered with ${exchange.jsonError ?? `a JSON-RPC error ${exchange.rpcError.code}`}`;
  if (exchange.jsonError) {
    const body = exchange.bodyText ? ` (${excerpt(exchange.bodyText, 120)})` : "";
    return `HTTP ${exchange.status ?? "?"}: ${exchange.jsonError}${body}`;
  }
  return undefined;
}

/** Each exchange's outcome, or one pass when the step had none. */
export function eachExchange(
  ctx: CheckContext,
  fn: (exchange: Exchange, index: number) => CheckOutcome | undefined,
): CheckOutcome[] {
  const out = ctx.exchanges.map((e, i) => {
    const r = fn(e, i);
    return r && r.status !== "pass" && r.exchange === undefined ? { ...r, exchange: i } : r;
  });
  const failures = out.filter((r): r is CheckOutcome => r !== undefined && r.status !== "pass");
  return failures.length ? failures : [pass()];
}

export function pageLabel(ctx: CheckContext, index: number): string {
  return ctx.exchanges.length > 1 ? `page ${index + 1}: ` : "";
}

/**
 * Members of a response's data object (as JSON Pointers) of a fitting value that no detected or pinned pointer reaches:
 * where member names are not shown, a member the runner could not place may be one it looks for under a name of
 * its own.
 */
export function unclaimedMembers(
  body: unknown,
  claimed: readonly (string | undefined)[],
  fits: (value: unknown) => boolean = () => true,
): string[] {
  const data = (body as { data?: unknown } | null)?.data;
  if (data === null || typeof data !== "object" || Array.isArray(data)) return [];
  const used = claimed.filter((p): p is string => p !== undefined);
  return Object.entries(data)
    .filter(([, value]) => fits(value))
    .map(([k]) => `/data/${escapeToken(k)}`)
    .filter((p) => !used.some((u) => u === p || u.startsWith(`${p}/`)));
}
