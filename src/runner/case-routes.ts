import type { OperationId } from "../contract/index.js";
import { resolve } from "./template.js";
import type { CaseDef } from "./types.js";

/** Step kinds that call no route: they send nothing, or only list tools or open MCP sessions. */
const NO_ROUTE_KINDS = new Set(["verify", "mcp_tools", "mcp_probe"]);

/**
 * The routes a case calls, read from its steps' `operation` (a template is resolved with the case's own
 * variables, e.g. the route of a case-level for_each); undefined when a step's route cannot be known
 * before the run (a captured operation, a raw path, a step that picks its routes itself).
 */
export function routesCalled(c: CaseDef): Set<OperationId> | undefined {
  const routes = new Set<OperationId>();
  for (const step of c.steps) {
    if (NO_ROUTE_KINDS.has(step.kind)) continue;
    const raw = (step.spec as { operation?: unknown } | null)?.operation;
    let operation: unknown;
    try {
      operation = resolve(raw, { vars: c.vars ?? {}, generators: {}, estimating: false });
    } catch {
      return undefined;
    }
    if (typeof operation !== "string") return undefined;
    routes.add(operation as OperationId);
  }
  return routes;
}
