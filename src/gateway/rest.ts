import type { IncomingMessage, ServerResponse } from "node:http";
import { pipeline } from "node:stream/promises";
import type { Consequence, LintableOperationId } from "../linter/index.js";
import { BLOCKED_STATUS, blockedEnvelope, ruleIds } from "./blocked.js";
import type { DecisionLog } from "./log.js";
import type { GatewayMetrics } from "./metrics.js";
import { endToEnd, UpstreamError, type Upstream } from "./upstream.js";
import { judge, type Verdict } from "./verdict.js";

/** Largest request body the gateway reads, as the service's own limit (docs/gateway.md). */
const MAX_BODY_BYTES = 1024 * 1024;

export interface RestContext {
  readonly upstream: Upstream;
  readonly block: ReadonlySet<Consequence>;
  readonly metrics: GatewayMetrics;
  readonly log?: DecisionLog;
}

export function sendEnvelope(
  res: ServerResponse,
  status: number,
  envelope: unknown,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent || res.destroyed) return;
  const body = JSON.stringify(envelope);
  res.writeHead(status, {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(body),
    ...headers,
  });
  res.end(body);
}

/** The body of a request, or undefined when it is larger than `limit` (the rest is drained, not kept). */
function readBody(req: IncomingMessage, limit: number): Promise<Uint8Array | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    req.on("end", () => resolve(size > limit ? undefined : Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

/** `Tdss-Lint` on a forwarded response: how many findings and which rules, when the linter had something to say. */
function lintHeader(verdict: Verdict | undefined): Record<string, string> {
  if (!verdict?.diagnostics.length) return {};
  const n = verdict.diagnostics.length;
  return { "Tdss-Lint": `${n} warning${n === 1 ? "" : "s"}; rules=${ruleIds(verdict.diagnostics).join(",")}` };
}

/**
 * One of the nine routes of §4.1 through the gateway: a body the linter blocks is answered here with 422 and
 * never reaches the upstream; anything else is forwarded with its headers (the key included, to the upstream's
 * origin only) and the upstream's response is relayed as it came, plus `Tdss-Lint`.
 */
export async function handleRoute(
  req: IncomingMessage,
  res: ServerResponse,
  route: string,
  lintable: boolean,
  ctx: RestContext,
): Promise<void> {
  const method = (req.method ?? "GET").toUpperCase();
  let body: Uint8Array | undefined;
  let verdict: Verdict | undefined;
  if (method !== "GET" && method !== "HEAD") {
    const read = await readBody(req, MAX_BODY_BYTES);
    if (read === undefined) {
      ctx.metrics.request("rest", route, "blocked");
      return sendEnvelope(
        res,
        413,
        {
          code: 413,
          msg: `The request body is larger than ${MAX_BODY_BYTES} bytes, the most the gateway reads.`,
          data: null,
        },
        { Connection: "close" },
      );
    }
    body = read;
    if (lintable) verdict = judge(route as LintableOperationId, body, ctx.block);
  } else req.resume();
  if (verdict) {
    ctx.metrics.linted(route, verdict);
    ctx.log?.write("rest", route, verdict);
    if (verdict.blocking.length > 0) {
      ctx.metrics.request("rest", route, "blocked");
      return sendEnvelope(res, BLOCKED_STATUS, blockedEnvelope(verdict.blocking, verdict.diagnostics), {
        "Tdss-Blocked": ruleIds(verdict.blocking).join(","),
      });
    }
  }
  const started = performance.now();
  let upstream;
  try {
    upstream = await ctx.upstream.send(method, req.url ?? "/", endToEnd(req.headers), body);
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    ctx.metrics.request("rest", route, "upstream_error");
    return sendEnvelope(res, error.status, { code: error.status, msg: error.message, data: null });
  }
  ctx.metrics.upstream("rest", route, (performance.now() - started) / 1000);
  ctx.metrics.request("rest", route, verdict ? "forwarded" : "unlinted");
  res.writeHead(upstream.status, { ...upstream.headers, ...lintHeader(verdict) });
  try {
    await pipeline(upstream.body, res);
  } catch {
    // The upstream broke off or overran the timeout mid-body: the client sees the connection end, as it would direct.
    res.destroy();
  }
}
