/**
 * A line of a JSON Lines input linted as `tdss lint` lints it (docs/lint.md, "Inputs"): with the route its
 * `{"route", "body"}` wrapper names and the body at /body, a wrapper's unknown route reported first.
 */
import type { JsonlRecord } from "../lint/cli-input.js";
import type { FindingClass } from "../lint/consequence.js";
import type { EngineOptions } from "../lint/engine.js";
import { classSeverity } from "./severities.js";
import type { Diagnostic } from "../lint/types.js";

/** The options a --jsonl line is linted with: the route its wrapper names, the body at /body. */
export function lineOptions(options: EngineOptions, record: JsonlRecord): EngineOptions {
  return {
    ...options,
    ...(record.route ? { route: record.route } : {}),
    ...(record.wrapped ? { bodyPath: ["body"] } : {}),
  };
}

/** A line's diagnostics, led by one for a wrapper's unknown route (the body is linted with the route inferred). */
export function lineDiagnostics(
  record: JsonlRecord,
  found: readonly Diagnostic[],
  failOn: readonly FindingClass[],
): readonly Diagnostic[] {
  if (record.routeError === undefined) return found;
  const route: Diagnostic = {
    ruleId: "jsonl-route",
    messageId: "unknownRoute",
    data: { error: record.routeError },
    severity: classSeverity("refused", failOn),
    consequence: "refused",
    path: "/route",
    line: record.line,
    column: 1,
    message: `The line's route is not a route with a body: ${record.routeError}.`,
    clauses: ["s4-1-nine-routes"],
    suggestions: [],
  };
  return [route, ...found];
}
