import { creditCost } from "./credits.js";
import { loadContract } from "./load.js";
import { bodyOperation } from "./routes.js";
import type { OperationId } from "./types.js";

/** What the caller knows beyond the body itself. */
export interface WorstCaseContext {
  /** Credits one GET /version is assumed to cost (§8 does not show it): the runner's observed cost or reserve. */
  readonly versionCost?: number;
  /** An upper bound on the IDs a search can return, established earlier (e.g. by a total). */
  readonly idsBound?: number;
  /**
   * How many items of a detail call's ID list could resolve to a record. By default every item counts; the runner
   * leaves out the IDs it invented (they cannot resolve) and counts its placeholders at their bound.
   */
  readonly resolvable?: (ids: unknown) => number;
}

/**
 * The most Credits one request can cost under the §8 formulas, decided from the request alone before it is sent,
 * for a server that accepts the request as it is (one that should refuse it may not; a refusal costs nothing, §7).
 * One set of assumptions for the run's plan and budget, the `cost` lint rule and the gateway (docs/run.md, "Budget"):
 * - a search returns at most its `size` IDs: the route's default when `size` is left out (§4.2), the largest page
 *   when `size` is not a valid one (a server that accepts it may ignore it), and never more than `idsBound`;
 * - a natural-language search adds its base (§8);
 * - a detail call is charged for at most the IDs it sends that could resolve (`resolvable`; IDs not found are
 *   free, §8);
 * - GET /version costs `versionCost` (0 when not given), key status nothing.
 */
export function worstCaseCredits(operationId: OperationId, body: unknown, ctx: WorstCaseContext = {}): number {
  if (operationId === "getVersion") return ctx.versionCost ?? 0;
  const route = bodyOperation(operationId);
  if (!route) return 0;
  const member = (name: string): unknown =>
    body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>)[name] : undefined;
  if (route.kind === "detail") {
    const ids = member(route.idsMember);
    const count = ctx.resolvable ? ctx.resolvable(ids) : Array.isArray(ids) ? ids.length : 0;
    return creditCost(operationId, count) ?? 0;
  }
  return creditCost(operationId, Math.min(worstCasePage(operationId, member("size")), ctx.idsBound ?? Infinity)) ?? 0;
}

/** The most IDs a search with this `size` member can return, under the assumptions of `worstCaseCredits`. */
export function worstCasePage(operationId: OperationId, size: unknown): number {
  const limits = loadContract().limits;
  const range =
    bodyOperation(operationId)?.kind === "natural-language" ? limits.naturalLanguage.size : limits.search.size;
  if (size === undefined) return range.default;
  return Number.isInteger(size) && (size as number) >= 1 ? (size as number) : range.max;
}
