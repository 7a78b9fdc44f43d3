import { operationOf, type Stage } from "../context.js";

/**
 * The body checked by the linter's rules on every route with a body (src/reference/body-validation.ts), then read:
 * a body they refuse gets 400 naming what is wrong and where.
 */
export const validation: Stage = (ctx, next) => {
  ctx.request = ctx.service.validate(operationOf(ctx), ctx.body);
  return next();
};
