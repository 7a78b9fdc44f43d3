import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestContext } from "./pipeline/context.js";
import { createPipeline } from "./pipeline/pipeline.js";
import type { McpHandler } from "./pipeline/stages/route.js";
import { failure } from "./refusal.js";
import type { ReferenceService } from "./reference-service.js";
import type { ServiceResponse } from "./service.js";

export { MAX_BODY_BYTES } from "./pipeline/stages/body-limit.js";
export type { McpHandler } from "./pipeline/stages/route.js";

function send(res: ServerResponse, response: ServiceResponse): void {
  if (res.headersSent || res.destroyed) return;
  const body = JSON.stringify(response.envelope);
  res.writeHead(response.status, {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(body),
    ...response.headers,
  });
  res.end(body);
}

/**
 * The REST transport of the reference: Node's own http server, because the nine routes need no routing
 * framework and every byte of the hot path stays visible (speed targets in docs/benchmarks.md). A request runs
 * through the stages of src/reference/pipeline/ (docs/reference.md); every answer, success or failure, is the
 * envelope {code, msg, data} (s1-envelope-every-success, s7-failure-shape-not-shown).
 */
export function createRequestListener(service: ReferenceService, mcp: () => McpHandler | undefined) {
  const { rest } = createPipeline(service.hooks, mcp);
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const ctx: RequestContext = {
      service,
      req,
      res,
      method: (req.method ?? "GET").toUpperCase(),
      path: (req.url ?? "/").split("?")[0]!,
      authorization: req.headers.authorization,
    };
    await rest(ctx);
    if (ctx.answered) return;
    // Whatever of the body no stage read is drained, so the connection can carry the next request.
    req.resume();
    const response = ctx.response ?? failure(500, "internal error; the request was not charged");
    if (service.answerWriter && !res.headersSent && !res.destroyed) service.answerWriter(res, response);
    else send(res, response);
  };
}
