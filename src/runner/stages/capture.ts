import { getPointer } from "../../contract/json-pointer.js";
import type { StepPlan } from "../steps/index.js";
import { Unknown } from "../template.js";
import type { Exchange } from "../../checks/exchange.js";
import { viewOf } from "../../checks/views.js";
import { excerpt } from "../../checks/check.js";
import type { EngineDeps, Judged } from "./context.js";

function whereOf(exchange: Exchange | undefined): unknown {
  try {
    return (JSON.parse(exchange?.request.body ?? "null") as { where?: unknown } | null)?.where;
  } catch {
    return undefined;
  }
}

/** A captured value from a step's responses; `undefined` when the response lacks it. */
export function captureValue(
  source: string,
  exchanges: readonly Exchange[],
  plan: StepPlan,
  deps: Pick<EngineDeps, "state"> | undefined,
  estimating: boolean,
): unknown {
  if (estimating || !deps)
    return source === "ids" || source === "records" || source === "not_found"
      ? new Unknown("list", plan.maxItems)
      : new Unknown("value", 1);
  const last = exchanges.at(-1);
  if (source === "" || source.startsWith("/")) return last ? getPointer(last.json, source) : undefined;
  if (source === "pages") return exchanges.length;
  // The query of the last request (a `narrow:` step's: the set it found small enough).
  if (source === "where") return whereOf(last);
  const views = exchanges.map((e) => viewOf(e, plan.operationId, deps.state.implementation));
  const lastView = views.at(-1);
  switch (source) {
    case "ids":
      return views.every((v) => v.ids) ? views.flatMap((v) => v.ids!) : undefined;
    case "records":
      return views.every((v) => v.records) ? views.flatMap((v) => v.records!) : undefined;
    case "not_found":
      return views.every((v) => v.notFound) ? views.flatMap((v) => v.notFound!) : undefined;
    case "next":
      return lastView?.next;
    case "total":
      return lastView?.total;
    case "found":
      return lastView?.found;
    case "data":
      return lastView?.data;
  }
  return undefined;
}

/** Every capture of a step from its responses, and a failed outcome for each the responses lack. */
export function captureAll(
  captures: Readonly<Record<string, string>>,
  exchanges: readonly Exchange[],
  plan: StepPlan,
  deps: Pick<EngineDeps, "state">,
): { vars: Record<string, unknown>; missing: Judged[] } {
  const vars: Record<string, unknown> = {};
  const missing: Judged[] = [];
  for (const [name, source] of Object.entries(captures)) {
    const value = captureValue(source, exchanges, plan, deps, false);
    if (value !== undefined) vars[name] = value;
    else {
      const body = exchanges.at(-1)?.bodyText;
      missing.push({
        check: "capture",
        outcome: {
          status: "fail",
          message: `capture ${name}: ${source} is not in the response`,
          actual: body === undefined ? body : excerpt(body, 300),
        },
      });
    }
  }
  return { vars, missing };
}
