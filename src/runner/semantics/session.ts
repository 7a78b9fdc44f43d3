import { creditCost, idsMemberOf, routeOf, type Dataset, type OperationId } from "../../contract/index.js";
import { prepareRequest, sendRequest } from "../steps/request.js";
import type { ExecuteContext, StepFinding, StepObservation } from "../steps/step-kind.js";
import type { Exchange } from "../types.js";
import { isSuccess } from "../views.js";
import type { QueryNode } from "./judge.js";

export interface SearchResult {
  readonly refused: boolean;
  readonly ids: readonly string[];
  readonly total: unknown;
  readonly hasNext: boolean;
  /** Index of the exchange (for the failure's curl command). */
  readonly exchange: number;
}

export interface DetailResult {
  readonly refused: boolean;
  readonly records: readonly Record<string, unknown>[];
  readonly exchange: number;
}

/** The step's Credit allowance is used up: the oracles stop and the step says what it could not try. */
export class AllowanceSpent extends Error {}

/**
 * The requests of one oracle step. Every request is priced with the §8 formula at its worst (a full page, every
 * ID found) before it is sent, and refused when the step's allowance (its planned worst case, which the
 * engine reserved from the run's budget) cannot cover it; afterwards it books what the response says was
 * charged. So the step never spends more than the engine reserved for it.
 */
export class Session {
  readonly exchanges: Exchange[] = [];
  readonly findings: StepFinding[] = [];
  readonly observations: StepObservation[] = [];
  private spentCredits = 0;

  constructor(
    private readonly ctx: ExecuteContext,
    readonly allowance: number,
  ) {}

  get spent(): number {
    return this.spentCredits;
  }

  async search(dataset: Dataset, where: QueryNode, size: number): Promise<SearchResult> {
    const operation = routeOf(dataset, "search");
    const exchange = await this.send(operation, { where, size }, creditCost(operation, size) ?? 0);
    const view = this.ctx.view!(exchange, operation);
    const refused = !isSuccess(exchange);
    const ids = (view.ids ?? []).filter((x): x is string => typeof x === "string");
    this.book(creditCost(operation, refused ? 0 : ids.length) ?? 0);
    return {
      refused,
      ids,
      total: view.total,
      hasNext: view.hasNext && view.next !== undefined && view.next !== null,
      exchange: this.exchanges.length - 1,
    };
  }

  async detail(dataset: Dataset, ids: readonly string[], source?: readonly string[]): Promise<DetailResult> {
    const operation = routeOf(dataset, "detail");
    const body = { [idsMemberOf(dataset)]: ids, ...(source ? { _source: source } : {}) };
    const exchange = await this.send(operation, body, creditCost(operation, ids.length) ?? 0);
    const view = this.ctx.view!(exchange, operation);
    const refused = !isSuccess(exchange);
    const records = (view.records ?? []).filter(
      (r): r is Record<string, unknown> => r !== null && typeof r === "object" && !Array.isArray(r),
    );
    this.book(creditCost(operation, refused ? 0 : records.length) ?? 0);
    return { refused, records, exchange: this.exchanges.length - 1 };
  }

  fail(check: string, message: string, exchange: number, expected?: unknown, actual?: unknown): void {
    this.findings.push({
      check,
      status: "fail",
      message,
      exchange,
      ...(expected !== undefined ? { expected } : {}),
      ...(actual !== undefined ? { actual } : {}),
    });
  }

  observe(topic: string, value: unknown, clause?: string): void {
    this.observations.push({ topic, value, ...(clause ? { clause } : {}) });
  }

  private async send(operation: OperationId, body: unknown, worstCase: number): Promise<Exchange> {
    if (this.spentCredits + worstCase > this.allowance)
      throw new AllowanceSpent(`the step's allowance of ${this.allowance} Credits is spent`);
    const exchange = await sendRequest(prepareRequest({ operation, body }), this.ctx.http, this.ctx.credentials);
    this.exchanges.push(exchange);
    if (exchange.error) throw new Error(`${operation}: ${exchange.error}`);
    return exchange;
  }

  private book(credits: number): void {
    this.spentCredits += credits;
  }
}
