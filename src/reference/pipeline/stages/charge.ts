import { creditCost, type OperationId } from "../../../contract/index.js";
import { Refusal } from "../../refusal.js";
import { operationOf, type Stage } from "../context.js";

/**
 * A different Credit charge (a fault): given the correct charge, the count its formula counts (§8) and the
 * response data, the Credits to charge.
 */
export type Cost = (operationId: OperationId, correct: number, count: number, data: unknown) => number;

/**
 * Charges the request by its route's Credit formula (§8) and answers the success envelope {code: 200, msg: "ok",
 * data}. A balance that cannot pay is refused with 402 at no cost; key status costs nothing and is never refused
 * for its balance (§4.5). It runs last, so a refusal of any stage before it is never charged
 * (s7-translated-before-charge). `cost` is a fault's charge (faults.ts).
 */
export function chargeWith(cost?: Cost): Stage {
  return (ctx, next) => {
    const operationId = operationOf(ctx);
    const { data, count } = ctx.outcome!;
    const account = ctx.account!;
    const correct = creditCost(operationId, count) ?? 0;
    const credits = cost ? cost(operationId, correct, count, data) : correct;
    if (!account.charge(credits) && operationId !== "getKeyStatus") {
      throw new Refusal(
        402,
        `the request costs ${credits} Credits and the key has ${account.remaining} left; ` +
          "it was refused at no cost (§8)",
      );
    }
    const answer = ctx.outcome!.charged ? ctx.outcome!.charged() : data;
    ctx.response = { status: 200, envelope: { code: 200, msg: "ok", data: answer } };
    return next();
  };
}

export const charge: Stage = chargeWith();
