import { SCOPE_OF_ROUTE } from "../../keys.js";
import { Refusal } from "../../refusal.js";
import { operationOf, type Stage } from "../context.js";

/**
 * The key may serve the route: it is active and holds the route's scope (403 otherwise). Key status answers any
 * known key, active or not, since it is how a client learns the key's state (§4.5).
 */
export const scope: Stage = (ctx, next) => {
  const operationId = operationOf(ctx);
  if (operationId === "getKeyStatus") return next();
  const account = ctx.account!;
  if (!account.active)
    throw new Refusal(403, "the API key is inactive; " + "GET /auth/key/status reports its state (§4.5)");
  const needed = SCOPE_OF_ROUTE[operationId];
  if (needed && !account.scopes.includes(needed))
    throw new Refusal(403, `the API key lacks the scope ${needed} this route requires`);
  return next();
};
