import { operationOf, type Stage } from "../context.js";

/** Runs the validated request: evaluates the query, resolves the IDs, reads the records or the key's state. */
export const handler: Stage = (ctx, next) => {
  ctx.outcome = ctx.service.serve(operationOf(ctx), ctx.request, ctx.account!);
  return next();
};
