import { classifyAnswer } from "./answer.js";
import type { Implementation } from "./implementation.js";
import { getPointer } from "../contract/json-pointer.js";
import type { Exchange } from "./exchange.js";
import { balanceValue } from "./balance-value.js";

/**
 * What GET /auth/key/status says of the tester's key (§4.5: it is free, and tells a rejected key from an exhausted
 * balance, §7):
 * - `refused`: it refused the key with 401 or 403 (HTTP status or envelope code): the key is rejected;
 * - `inactive`: it answered, reporting the key as not active;
 * - `active`: it answered for an active key (or one whose activity it does not show), with the remaining Credits
 *   and the key's scopes when it shows them (a list, or one text of names split at spaces or commas, as OAuth's
 *   `scope` is written);
 * - `unknown`: any other answer (a 5xx, a 404, a body that is not the envelope): the deployment's key status is at
 *   fault, which the cases that check key status judge; it says nothing of the key.
 */
export type KeyState =
  | { readonly kind: "refused"; readonly summary: string }
  | { readonly kind: "inactive"; readonly value: unknown }
  | { readonly kind: "active"; readonly remaining?: number; readonly scopes?: readonly string[] }
  | { readonly kind: "unknown"; readonly reason: string };

/** Statuses by which a service refuses a key itself (RFC 9110 §15.5.2, §15.5.4). */
const KEY_REFUSED: ReadonlySet<number> = new Set([401, 403]);
const SCOPE_REFUSED: ReadonlySet<number> = new Set([403]);

/**
 * Whether a key status `active` member reports an active key: true (or 1, as a store without a boolean type writes
 * it; variant auth-key-status-active-as-integer), or a word saying so.
 */
export function reportsActive(value: unknown): boolean {
  return value === true || value === 1 || (typeof value === "string" && /^(active|enabled|ok|valid)$/i.test(value));
}

/** How an answer refuses the key itself (401 or 403, as HTTP status or envelope code); undefined when it does not. */
export function keyRefusal(exchange: Exchange): string | undefined {
  return refusalBy(exchange, KEY_REFUSED);
}

/**
 * How an answer refuses the key a permission (403, as HTTP status or envelope code); undefined when it does not. A
 * key without the scope a request needs is answered 403 (RFC 6750 §3.1, insufficient_scope; RFC 9110 §15.5.4),
 * where a 401 says the credentials themselves were not accepted (RFC 9110 §15.5.2).
 */
export function scopeRefusal(exchange: Exchange): string | undefined {
  return refusalBy(exchange, SCOPE_REFUSED);
}

/** The summary of a refusal whose HTTP status or envelope code is one of `statuses`; undefined otherwise. */
function refusalBy(exchange: Exchange, statuses: ReadonlySet<number>): string | undefined {
  const answer = classifyAnswer(exchange);
  if (answer.kind !== "refusal") return undefined;
  return [answer.status, answer.code].some((s) => s !== undefined && statuses.has(s)) ? answer.summary : undefined;
}

export function keyStateOf(exchange: Exchange, implementation: Implementation): KeyState {
  const answer = classifyAnswer(exchange);
  if (answer.kind === "refusal") {
    const refused = keyRefusal(exchange);
    if (refused !== undefined) return { kind: "refused", summary: refused };
    return { kind: "unknown", reason: `it refused the request (${answer.summary})` };
  }
  if (answer.kind === "neither") return { kind: "unknown", reason: answer.reason };
  const members = implementation.keyStatus(exchange.json);
  const active = members.active ? getPointer(exchange.json, members.active) : undefined;
  if (active !== undefined && !reportsActive(active)) return { kind: "inactive", value: active };
  const remaining = balanceValue(members.remaining ? getPointer(exchange.json, members.remaining) : undefined);
  const scopes = scopeList(members.scopes ? getPointer(exchange.json, members.scopes) : undefined);
  return { kind: "active", ...(remaining !== undefined ? { remaining } : {}), ...(scopes ? { scopes } : {}) };
}

/** The scope names a key status member lists: a list of strings, or a text of names; undefined for anything else. */
function scopeList(value: unknown): readonly string[] | undefined {
  if (typeof value === "string") return value.split(/[\s,]+/).filter((s) => s !== "");
  if (Array.isArray(value) && value.every((s) => typeof s === "string")) return value;
  return undefined;
}

/** One line saying what a key state is, for messages. */
export function describeKeyState(state: KeyState): string {
  switch (state.kind) {
    case "refused":
      return `GET /auth/key/status refused the key (${state.summary})`;
    case "inactive":
      return `GET /auth/key/status reports the key as not active (${JSON.stringify(state.value)})`;
    case "active":
      return state.remaining === undefined
        ? "GET /auth/key/status reports the key active, without its balance"
        : `GET /auth/key/status reports ${state.remaining} Credits left`;
    case "unknown":
      return `GET /auth/key/status did not answer with a success (${state.reason})`;
  }
}
