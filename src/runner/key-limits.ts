import type { BalanceMeter } from "./balance.js";
import { describeKeyState, scopeRefusal, type KeyState } from "../checks/key-state.js";
import { NotRun } from "./not-run.js";
import type { Exchange } from "../checks/exchange.js";
import type { OperationId } from "../contract/index.js";
import type { KeyScopes } from "./key-scopes.js";

/** Statuses by which a service may refuse a request for its key's balance or rate (docs/design.md, "A refusal"). */
type LimitStatus = 402 | 403 | 429;
const LIMIT_STATUSES: ReadonlySet<number> = new Set([402, 403, 429]);

/**
 * Whether an answer to the tester's key may be a refusal for its balance or rate, and by which status: an HTTP
 * 402/403/429 (also on an MCP session the server would not open), an envelope code 402/403/429 (REST or a tool
 * result), or a refusal the client read as the rate limit by its words (429); `unshown` for an MCP refusal that
 * carries no status (a JSON-RPC error, a tool error without an envelope code), which only key status can tell from the
 * deployment's own refusal. Undefined otherwise.
 */
function limitSignal(exchange: Exchange): LimitStatus | "unshown" | undefined {
  if (exchange.status !== undefined && LIMIT_STATUSES.has(exchange.status)) return exchange.status as LimitStatus;
  const code = (exchange.json as { code?: unknown } | null | undefined)?.code;
  if (typeof code === "number" && LIMIT_STATUSES.has(code)) return code as LimitStatus;
  // The client found a rate-limit refusal in a body under another status (src/client/rate-limit-answer.ts).
  if (exchange.rateLimited) return 429;
  if (exchange.toolError) return "unshown";
  return undefined;
}

/** The signal of a step's exchanges sent with the primary key: a 402 or 403 first, then 429, then unshown. */
function strongestSignal(exchanges: readonly Exchange[]): LimitStatus | "unshown" | undefined {
  const signals = exchanges.filter((e) => e.request.auth === "primary").map(limitSignal);
  return ([402, 403, 429, "unshown"] as const).find((s) => signals.includes(s));
}

/**
 * The tester's own key during a run: its balance and rate are the tester's limits, never the deployment's failure
 * (docs/design.md, "Conditions of a real deployment"). When a step of the primary key did not get what it expected
 * and an answer may be a balance or rate refusal, key status (free, §4.5) tells which it is (§7): a key it refuses or
 * reports inactive, or a balance below what the step could cost, is the tester's balance, and from then on every
 * priced step is not run; a 429 with a balance that can pay is the rate limit, for that case alone; a 401 or 403 with
 * a balance that can pay, from a key status that lists the key's scopes, may be the key's scope, which `scopes`
 * decides (src/runner/key-scopes.ts). Otherwise the refusal was the deployment's and its verdict stands.
 */
export class KeyLimits {
  private exhaustedBy: string | undefined;

  constructor(
    private readonly meter: BalanceMeter,
    /** How the run tells a route out of the key's scope; without it, no refusal is read as the key's scope. */
    private readonly scopes?: KeyScopes,
  ) {}

  /** Why the key can no longer pay, once a step found so; undefined while it can. */
  get exhausted(): string | undefined {
    return this.exhaustedBy;
  }

  /** The routes found out of the key's scope during the run (src/runner/key-scopes.ts). */
  get outOfScope(): readonly string[] {
    return this.scopes?.routes ?? [];
  }

  /** Every answer to the tester's key, for telling a route within its scope (src/runner/key-scopes.ts). */
  noteAnswers(exchanges: readonly Exchange[]): void {
    this.scopes?.noteAnswers(exchanges);
  }

  /** The key's balance is known to be spent (`reason` says how): this and every later priced step are not run. */
  exhaust(reason: string): NotRun {
    this.exhaustedBy ??= reason;
    return new NotRun("balance", reason);
  }

  /**
   * Before a step of the primary key on `route`: not run once the balance is known to be spent (a priced step), or
   * once the route is known to be out of the key's scope.
   */
  guard(label: string, worstCase: number, route?: OperationId): void {
    if (this.exhaustedBy !== undefined && worstCase > 0)
      throw new NotRun("balance", `${label} was not sent: ${this.exhaustedBy}`);
    this.scopes?.guard(label, route);
  }

  /**
   * After a step of the primary key that did not pass: a NotRun when its answers were the key's balance or rate,
   * undefined when the verdict stands. `worstCase` is the most the step could cost.
   */
  async judge(label: string, exchanges: readonly Exchange[], worstCase: number): Promise<NotRun | undefined> {
    const signal = strongestSignal(exchanges);
    // Only a 403 may be the key's scope (src/runner/key-scopes.ts): a 401 alone asks key status nothing.
    const keyRefused =
      this.scopes !== undefined && exchanges.some((e) => e.request.auth === "primary" && scopeRefusal(e));
    if (signal === undefined && !keyRefused) return undefined;
    const state = await this.meter.state("primary");
    const needed = Math.max(1, worstCase);
    const exhausted = signal === undefined ? undefined : this.balanceOf(label, signal, state, needed);
    if (exhausted !== undefined) return this.exhaust(exhausted);
    // A key that can pay refused on a route, by a key status that lists its scopes: perhaps the key's scope.
    if (keyRefused && state.kind === "active" && state.scopes && (state.remaining ?? 0) >= needed) {
      const scope = await this.scopes?.judge(label, exchanges, state.scopes);
      if (scope) return scope;
    }
    if (signal === 429)
      return new NotRun("rate limit", `${label} was still answered 429 (rate limited) after the retries ran out`);
    return undefined;
  }

  /** Why a refusal by `signal` is the key's balance, given what key status says now; undefined when it is not. */
  private balanceOf(label: string, signal: LimitStatus | "unshown", state: KeyState, needed: number) {
    const answered = signal === "unshown" ? "an MCP refusal without a status" : String(signal);
    if (state.kind === "refused" || state.kind === "inactive")
      return `the key was refused during the run (${describeKeyState(state)})`;
    if (state.kind === "active" && state.remaining !== undefined)
      return state.remaining < needed
        ? `the key's balance ran out: ${label} was answered ${answered} and key status reports ` +
            `${state.remaining} Credits left, less than the ${needed} it may cost`
        : undefined;
    if (signal === 402 || signal === 403) {
      // Key status does not show the balance (or did not answer): the refusal cannot be told from the deployment's
      // own, so it is read as the tester's balance; the run is then incomplete (exit 2), never passed or failed.
      const why = state.kind === "unknown" ? describeKeyState(state) : "key status does not show the balance";
      return `${label} was answered ${answered} and ${why}, so the refusal is read as the key's balance`;
    }
    return undefined;
  }
}
