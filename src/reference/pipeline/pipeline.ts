import type { NamedStage } from "./compose.js";
import { compose } from "./compose.js";
import type { Pending, RequestContext, Stage, StageName } from "./context.js";
import type { StageHook } from "./context.js";
import { bodyLimit } from "./stages/body-limit.js";
import { charge } from "./stages/charge.js";
import { contentType } from "./stages/content-type.js";
import { handler } from "./stages/handler.js";
import { json } from "./stages/json.js";
import { key } from "./stages/key.js";
import { rateLimit } from "./stages/rate-limit.js";
import { route, type McpHandler } from "./stages/route.js";
import { scope } from "./stages/scope.js";
import { validation } from "./stages/validation.js";

/**
 * The rate limit counts HTTP requests, one token each on every surface: a REST request meets it after its key, an MCP
 * HTTP request (initialize, tools/list, a tool call, a stream, ...) at its admission (src/reference/mcp/auth.ts).
 */
const RATE_LIMIT: NamedStage = { name: "rate-limit", run: rateLimit };

/**
 * The stages a request meets once its transport has decoded it and counted it against the rate limit: REST requests
 * and MCP tool calls alike (§4.6).
 */
const CALL_STAGES: readonly NamedStage[] = [
  { name: "key", run: key },
  { name: "scope", run: scope },
  { name: "validation", run: validation },
  { name: "handler", run: handler },
  { name: "charge", run: charge },
];

/** The REST transport's own stages, before the shared ones. */
function restStages(mcp: () => McpHandler | undefined): NamedStage[] {
  return [
    { name: "route", run: route(mcp) },
    { name: "content-type", run: contentType },
    { name: "body-limit", run: bodyLimit() },
    { name: "json", run: json },
    CALL_STAGES[0]!,
    RATE_LIMIT,
    ...CALL_STAGES.slice(1),
  ];
}

/** The stages with a fault's hooks applied: replacements in place, wrappers around the stage as it runs. */
function composeHooked(stages: readonly NamedStage[], hooks: readonly StageHook[]): (ctx: RequestContext) => Pending {
  const replaced = stages.map((stage) => {
    const replacement = hooks.findLast((hook) => hook.stage === stage.name && "replace" in hook);
    return replacement && "replace" in replacement ? { name: stage.name, run: replacement.replace } : stage;
  });
  const wrappers = hooks.filter((hook) => "wrap" in hook);
  if (wrappers.length === 0) return compose(replaced);
  return compose(replaced, (name: StageName, stage: Stage) =>
    wrappers.reduce((inner, hook) => (hook.stage === name && "wrap" in hook ? hook.wrap(inner) : inner), stage),
  );
}

/**
 * The request path of the reference server, composed here and nowhere else (docs/reference.md):
 * route → content type → body limit → JSON → key → rate limit → scope → validation → handler
 * → charge.
 * `rest` runs all of them for a REST request; `call` runs the shared ones (key, then scope on) for a request whose
 * transport decoded it already (an MCP tool call, `Service.call`), so a rule checked on one surface is checked
 * on every surface; `admit` runs the rate limit alone, for each HTTP request of the MCP transports, whose key is
 * already known (`ctx.account`).
 */
export function createPipeline(hooks: readonly StageHook[], mcp: () => McpHandler | undefined = () => undefined) {
  return {
    rest: composeHooked(restStages(mcp), hooks),
    call: composeHooked(CALL_STAGES, hooks),
    admit: composeHooked([RATE_LIMIT], hooks),
  };
}
