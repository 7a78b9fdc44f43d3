import type { OperationId } from "../../contract/index.js";
import { Implementation, type ImplementationPointers } from "../implementation.js";
import { Observed } from "../observed.js";
import type { Exchange } from "../exchange.js";
import { viewOf } from "../views.js";
import type { CheckContext, RunState } from "../check.js";

/** An exchange that answered with `body` (JSON) and `status`, for check tests. */
function exchange(body: unknown, status = 200, operationId?: OperationId): Exchange {
  return {
    request: {
      method: "POST",
      path: "/x",
      url: "http://127.0.0.1/x",
      headers: {},
      auth: "primary",
      ...(operationId ? { operationId } : {}),
    },
    status,
    headers: { "content-type": "application/json" },
    bodyText: JSON.stringify(body),
    json: body,
    durationMs: 1,
  };
}

/** A success envelope around `data`. */
export const ok = (data: unknown) => ({ code: 200, msg: "ok", data });

/** A check context over some responses of one route. */
export function context(
  operationId: OperationId | undefined,
  bodies: unknown[],
  options: { requestBody?: unknown; pinned?: ImplementationPointers; fingerprint?: string } = {},
): CheckContext & { run: RunState } {
  const observed = new Observed();
  const implementation = new Implementation(options.pinned ?? {}, observed);
  const run: RunState = {
    observed,
    implementation,
    peopleRecords: [],
    ...(options.fingerprint ? { pinnedFingerprint: options.fingerprint } : {}),
  };
  return {
    exchanges: bodies.map((b) => exchange(b, 200, operationId)),
    ...(operationId ? { operationId } : {}),
    ...(options.requestBody !== undefined ? { requestBody: options.requestBody } : {}),
    vars: {},
    run,
    view: (e) => viewOf(e, operationId, implementation),
  };
}
