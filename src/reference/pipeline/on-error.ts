import { failure, Refusal } from "../refusal.js";
import type { RequestContext, StageName } from "./context.js";

/**
 * The one place a refusal becomes a response (as Hono's onError): a Refusal thrown by any stage, or by a fault
 * wrapping one, becomes the failure envelope with its status and headers; any other error is an internal error
 * (500), reported on stderr without its stack. Refusals are decided before the charge stage, so nothing is charged
 * (s7-translated-before-charge).
 */
export function onError(error: unknown, ctx: RequestContext, stage: StageName): void {
  if (error instanceof Refusal) {
    ctx.response = failure(error.status, error.message, error.headers);
    ctx.refusedAt = stage;
    return;
  }
  const where = ctx.operationId === undefined ? "" : ` in ${ctx.operationId}`;
  process.stderr.write(`tdss serve: internal error${where}: ${(error as Error).message}\n`);
  ctx.response = failure(500, `internal error${where}; the request was not charged`);
}
