import type { OperationId } from "../../../contract/index.js";
import type { KeyAccount } from "../../keys.js";
import { Refusal } from "../../refusal.js";
import { operationOf, type Stage } from "../context.js";

/**
 * A different reading of the key (a fault): given the account the key ring found (undefined when it refused the
 * key), the account to serve the request with, or undefined to refuse it.
 */
export type Authorize = (
  operationId: OperationId,
  authorization: string | undefined,
  account: KeyAccount | undefined,
) => KeyAccount | undefined;

/**
 * The account of the request's Bearer key (§5): a missing, malformed or unknown key is refused with 401 and a
 * WWW-Authenticate challenge (src/reference/keys.ts). `alter` is a fault's reading of the key (faults.ts).
 */
export function keyWith(alter?: Authorize): Stage {
  return (ctx, next) => {
    let account: KeyAccount | undefined;
    let refusal: Refusal | undefined;
    try {
      account = ctx.service.keyRing.identify(ctx.authorization);
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      refusal = error;
    }
    if (alter) account = alter(operationOf(ctx), ctx.authorization, account);
    if (!account) throw refusal ?? new Refusal(401, "unknown API key (§5)");
    ctx.account = account;
    return next();
  };
}

export const key: Stage = keyWith();
