import type { OperationId } from "../contract/index.js";
import { worstCaseCredits as requestWorstCase } from "../contract/worst-case.js";
import { Unknown } from "./template.js";
import type { AuthMode } from "../checks/exchange.js";

export interface WorstCaseContext {
  /** IDs the run invented; they cannot resolve, so they cannot be charged (§8: not_found rows are free). */
  readonly bogus: ReadonlySet<string>;
  /** Credits one GET /version is assumed to cost: the observed cost once known, else the reserve. */
  readonly versionCost: number;
  /** An upper bound on the IDs a search can return, established earlier in the case (e.g. its total). */
  readonly idsBound?: number;
}

/**
 * The most Credits one request can cost the run's key (src/contract/worst-case.ts has the assumptions): requests
 * without one of the run's keys cannot be charged to it, invented IDs cannot resolve, placeholders count at their
 * bound.
 */
export function worstCaseCredits(
  operationId: OperationId | undefined,
  body: unknown,
  auth: AuthMode,
  ctx: WorstCaseContext,
): number {
  if (!operationId || auth === "none" || auth === "unknown") return 0;
  return requestWorstCase(operationId, body, {
    versionCost: ctx.versionCost,
    idsBound: ctx.idsBound,
    resolvable: (ids) => countResolvable(ids, ctx.bogus),
  });
}

/** How many items of an ID list could resolve to a record: invented IDs cannot; placeholders count at their bound. */
export function countResolvable(ids: unknown, bogus: ReadonlySet<string>): number {
  if (ids instanceof Unknown) return ids.kind === "list" ? ids.max : 1;
  if (!Array.isArray(ids)) return 0;
  let n = 0;
  for (const id of ids)
    n += id instanceof Unknown ? (id.kind === "list" ? id.max : 1) : typeof id === "string" && bogus.has(id) ? 0 : 1;
  return n;
}

/**
 * The run's Credit budget. A step reserves its worst case before it is sent and is skipped when that
 * would not fit; afterwards the reservation is replaced by what it really cost, so concurrent steps can
 * never together exceed the limit.
 */
export class Budget {
  private spentCredits = 0;
  private reserved = 0;
  /** What the steps were booked at (`settle`), whatever the balance said. */
  private booked = 0;
  private balanceIgnored = false;

  constructor(readonly limit: number) {}

  get spent(): number {
    return this.spentCredits;
  }

  /** False once another client was seen spending on the key (`ignoreBalance`). */
  get followsBalance(): boolean {
    return !this.balanceIgnored;
  }

  get remaining(): number {
    return this.limit - this.spentCredits - this.reserved;
  }

  /** Reserves `worstCase` Credits; false (and nothing reserved) when they do not fit. */
  reserve(worstCase: number): boolean {
    if (worstCase > this.remaining) return false;
    this.reserved += worstCase;
    return true;
  }

  /**
   * Catches up with the key's balance: `total` is what the balance says the run has spent so far, read
   * while no charged request was in flight. A deployment that charges more than the §8 formulas (which
   * unmeasured steps are booked at) is caught up with here, so it cannot take the run over its limit.
   */
  sync(total: number): void {
    if (!this.balanceIgnored && total > this.spentCredits) this.spentCredits = total;
  }

  /**
   * Another client spends on the key (src/runner/stages/meter.ts): its balance no longer tells what the run spent, so
   * the run counts what its own steps were booked at, from the start, and reads no more from the balance.
   */
  ignoreBalance(): void {
    this.balanceIgnored = true;
    this.spentCredits = this.booked;
  }

  /** Releases a reservation and books what the step really cost. */
  settle(reservation: number, actual: number): void {
    this.reserved -= reservation;
    this.spentCredits += Math.max(0, actual);
    this.booked += Math.max(0, actual);
  }
}
