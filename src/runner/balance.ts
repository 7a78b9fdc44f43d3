import type { HttpClient } from "../client/http.js";
import { excerpt } from "../checks/check.js";
import type { Credentials } from "./credentials.js";
import type { Implementation } from "../checks/implementation.js";
import { keyStateOf, type KeyState } from "../checks/key-state.js";
import { balanceValue, showsNoQuota } from "../checks/balance-value.js";
import { getPointer } from "../contract/json-pointer.js";
import { sendRequest, prepareRequest } from "./steps/request.js";
import { isSuccess } from "../checks/views.js";
import type { Exchange } from "../checks/exchange.js";

export interface BalanceReading {
  /**
   * A level that falls by what each charge costs: the remaining Credits, or, where key status shows no remaining
   * balance but counts the Credits used (a key without a quota), that count negated (`fromUse`). Measured costs are
   * differences of two readings, which both forms give alike.
   */
  readonly value?: number;
  /** `value` is the Credits used, negated: the key's balance itself is not shown. */
  readonly fromUse?: true;
  readonly error?: string;
  /**
   * Why key status gave no reading when it was the tester's limit: no answer came, the key's rate limit, or the
   * balance still moved when the run stopped waiting for it to settle (src/runner/settle.ts).
   */
  readonly limit?: "no answer" | "rate limit" | "unsettled";
  /** The key status answer that gave no balance (the evidence of `error`). */
  readonly exchange?: Exchange;
}

/**
 * Reads a key's remaining Credits from GET /auth/key/status (§4.5: it costs nothing). A reading is
 * reused while no charged request has been sent since (`touch` marks one), which halves the key status
 * calls of a run of consecutive measured steps.
 */
export class BalanceMeter {
  private epoch = 0;
  private readonly cache = new Map<string, { epoch: number; value: number; fromUse?: true }>();
  requests = 0;

  constructor(
    private readonly http: HttpClient,
    private readonly credentials: Credentials,
    private readonly implementation: Implementation,
    /** Read the balance on every call (a recorded or replayed run: each case's reads are then its own). */
    private readonly alwaysFresh = false,
  ) {}

  /** Every reading is fresh (a recorded or replayed run): a reading then belongs to the case that asked for it. */
  get readsEveryTime(): boolean {
    return this.alwaysFresh;
  }

  /** A charged request may have been sent: cached readings are stale. */
  touch(): void {
    this.epoch++;
  }

  async read(key: "primary" | "second", fresh = false): Promise<BalanceReading> {
    const cached = this.cache.get(key);
    if (!fresh && !this.alwaysFresh && cached && cached.epoch === this.epoch)
      return { value: cached.value, ...(cached.fromUse ? { fromUse: cached.fromUse } : {}) };
    const exchange = await this.send(key);
    if (!isSuccess(exchange)) {
      const limit = exchange.rateLimited ? "rate limit" : exchange.unanswered ? "no answer" : undefined;
      return {
        error:
          `GET /auth/key/status did not answer with a success ` +
          `(${exchange.error ?? `HTTP ${exchange.status}: ${excerpt(exchange.bodyText ?? "", 120)}`})`,
        ...(limit ? { limit } : {}),
        exchange,
      };
    }
    const members = this.implementation.keyStatus(exchange.json);
    const pointer = members.remaining;
    const shown = pointer ? getPointer(exchange.json, pointer) : undefined;
    const value = balanceValue(shown);
    // A key without a quota (remaining shown as null or "unlimited") is measured by the Credits it used, where counted.
    const used = members.used ? balanceValue(getPointer(exchange.json, members.used)) : undefined;
    if (value === undefined && pointer && showsNoQuota(shown) && used !== undefined) {
      this.cache.set(key, { epoch: this.epoch, value: -used, fromUse: true });
      return { value: -used, fromUse: true };
    }
    if (value === undefined) {
      return {
        error: pointer
          ? `remaining Credits at ${pointer} is ${excerpt(shown, 40)}, not a number`
          : "cannot find the remaining Credits in GET /auth/key/status; pin implementation.key_status.remaining " +
            "in the config",
        exchange,
      };
    }
    this.cache.set(key, { epoch: this.epoch, value });
    return { value };
  }

  /** What key status says of the key now: refused, inactive, or active with its balance (src/checks/key-state.ts). */
  async state(key: "primary" | "second"): Promise<KeyState> {
    const exchange = await this.send(key);
    if (exchange.error !== undefined) return { kind: "unknown", reason: `no answer: ${exchange.error}` };
    const state = keyStateOf(exchange, this.implementation);
    if (state.kind === "active" && state.remaining !== undefined) this.remember(key, state.remaining);
    return state;
  }

  private send(key: "primary" | "second") {
    this.requests++;
    return sendRequest(prepareRequest({ operation: "getKeyStatus", auth: key }), this.http, this.credentials);
  }

  /** After a measured step: the reading just taken is current. */
  remember(key: "primary" | "second", value: number): void {
    this.cache.set(key, { epoch: this.epoch, value });
  }
}
