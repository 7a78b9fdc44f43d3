import { operationOf, type Stage } from "../context.js";

/**
 * The body checked and read by the contract's rules (src/reference/query/validate.ts for search bodies, the
 * route's own members and limits for the others): a body they refuse gets 400 naming what is wrong and where.
 */
export const validation: Stage = (ctx, next) => {
  ctx.request = ctx.service.validate(operationOf(ctx), ctx.body);
  return next();
};
