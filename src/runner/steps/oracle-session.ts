import { creditCost, idsMemberOf, routeOf, type Dataset, type OperationId } from "../../contract/index.js";
import { prepareRequest, sendAdmitted } from "./request.js";
import type { ExecuteContext, StepFinding, StepObservation } from "./step-kind.js";
import type { Exchange } from "../../checks/exchange.js";
import { classifyAnswer } from "../../checks/answer.js";
import type { QueryNode } from "../semantics/judge.js";
import {
  AllowanceSpent,
  type DetailResult,
  type OracleFailure,
  type OracleRequests,
  type SearchResult,
} from "../semantics/oracle-requests.js";

/**
 * The requests of one oracle step. Every request is priced with the §8 formula at its worst (a full page, every
 * ID found) before it is sent, and refused when the step's allowance (its planned worst case, which the
 * engine reserved from the run's budget) cannot cover it; afterwards it books what the response says was
 * charged. So the step never spends more than the engine reserved for it.
 */
export class Session implements OracleRequests {
  readonly exchanges: Exchange[] = [];
  readonly findings: StepFinding[] = [];
  readonly observations: StepObservation[] = [];
  private spentCredits = 0;
  private inFlight = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly ctx: ExecuteContext,
    readonly allowance: number,
  ) {}

  get spent(): number {
    return this.spentCredits;
  }

  async search(dataset: Dataset, where: QueryNode, size: number): Promise<SearchResult> {
    const operation = routeOf(dataset, "search");
    const worstCase = creditCost(operation, size) ?? 0;
    const { exchange, index } = await this.send(operation, { where, size }, worstCase);
    const view = this.ctx.view!(exchange, operation);
    const answer = classifyAnswer(exchange);
    const refused = answer.kind !== "success";
    const ids = refused ? [] : (view.ids ?? []).filter((x): x is string => typeof x === "string");
    this.bookAnswer(worstCase, answer, creditCost(operation, ids.length));
    return {
      refused,
      ...(answer.kind === "neither" ? { failed: answer.reason } : {}),
      ids,
      total: view.total,
      hasNext: view.hasNext && view.next !== undefined && view.next !== null,
      exchange: index,
    };
  }

  async detail(dataset: Dataset, ids: readonly string[], source?: readonly string[]): Promise<DetailResult> {
    const operation = routeOf(dataset, "detail");
    const body = { [idsMemberOf(dataset)]: ids, ...(source ? { _source: source } : {}) };
    const worstCase = creditCost(operation, ids.length) ?? 0;
    const { exchange, index } = await this.send(operation, body, worstCase);
    const view = this.ctx.view!(exchange, operation);
    const answer = classifyAnswer(exchange);
    const refused = answer.kind !== "success";
    const records = refused
      ? []
      : (view.records ?? []).filter(
          (r): r is Record<string, unknown> => r !== null && typeof r === "object" && !Array.isArray(r),
        );
    this.bookAnswer(worstCase, answer, creditCost(operation, records.length));
    return { refused, records, exchange: index };
  }

  fail({ clauses, ...failure }: OracleFailure): void {
    this.findings.push({ ...failure, status: "fail", ...(clauses.length ? { clause: clauses } : {}) });
  }

  observe(topic: string, value: unknown, clause?: string): void {
    this.observations.push({ topic, value, ...(clause ? { clause } : {}) });
  }

  /**
   * Sends one request once its worst case fits what is left of the allowance (requests in flight count at their worst
   * case, since oracles send side by side); returns it with its index among the step's exchanges.
   */
  private async send(
    operation: OperationId,
    body: unknown,
    worstCase: number,
  ): Promise<{ exchange: Exchange; index: number }> {
    // A request whose worst case fits only once those in flight have booked what they really cost waits for them.
    while (this.spentCredits + this.inFlight + worstCase > this.allowance) {
      if (this.spentCredits + worstCase > this.allowance)
        throw new AllowanceSpent(`the step's allowance of ${this.allowance} Credits is spent`);
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    this.inFlight += worstCase;
    let exchange: Exchange;
    try {
      exchange = await sendAdmitted(prepareRequest({ operation, body }), this.ctx);
    } catch (error) {
      this.book(worstCase, 0);
      throw error;
    }
    const index = this.exchanges.push(exchange) - 1;
    if (exchange.error) {
      this.book(worstCase, worstCase);
      throw new Error(`${operation}: ${exchange.error}`);
    }
    return { exchange, index };
  }

  /**
   * Books what an answer cost by the §8 formula (`formula`, from what it returned), or its worst case when it is
   * neither a success nor a refusal: it may have been charged for all the runner knows (src/runner/stages/price.ts).
   */
  private bookAnswer(worstCase: number, answer: { readonly kind: string }, formula: number | null): void {
    this.book(worstCase, answer.kind === "neither" ? worstCase : (formula ?? 0));
  }

  private book(worstCase: number, credits: number): void {
    this.inFlight -= worstCase;
    this.spentCredits += credits;
    for (const wake of this.waiting.splice(0)) wake();
  }
}
