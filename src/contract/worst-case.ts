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

/** Where a search's page comes from: the `size` sent, the default (`size` left out), the largest page (not valid). */
export type PageBasis = "size" | "default" | "largest";

/** A request's worst case and what it rests on (the `cost` rule words its message from it). */
export interface WorstCase {
  readonly credits: number;
  /** The IDs priced: a search's page (at most `idsBound`), a detail call's IDs that could resolve, else 0. */
  readonly ids: number;
  /** For a search, where its page comes from. */
  readonly page?: PageBasis;
}

/**
 * The most Credits one request can cost under the §8 formulas, decided from the request alone before it is sent,
 * for a server that accepts the request as it is (one that should refuse it may not; a refusal costs nothing, §7).
 * One set of assumptions for the run's plan and budget, the `cost` lint rule and the gateway (docs/run.md, "Budget"):
 * - a search returns at most its `size` IDs: the route's default when `size` is left out (§4.2), the largest page
 *   when `size` is not a whole number from 1 (a server that accepts it may ignore it), and never more than
 *   `idsBound`; a server that accepts a `size` above the largest page (s4-2-size-range) may honour it, so the bound
 *   is the size sent;
 * - a natural-language search adds its base (§8);
 * - a detail call is charged for at most the IDs it sends that could resolve (`resolvable`; IDs not found are
 *   free, §8), all of them when a server accepts more than the limit (§8, IDs per detail request);
 * - GET /version costs `versionCost` (0 when not given), key status nothing.
 */
export function worstCase(operationId: OperationId, body: unknown, ctx: WorstCaseContext = {}): WorstCase {
  if (operationId === "getVersion") return { credits: ctx.versionCost ?? 0, ids: 0 };
  const route = bodyOperation(operationId);
  if (!route) return { credits: 0, ids: 0 };
  const member = (name: string): unknown =>
    body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>)[name] : undefined;
  if (route.kind === "detail") {
    const list = member(route.idsMember);
    const ids = ctx.resolvable ? ctx.resolvable(list) : Array.isArray(list) ? list.length : 0;
    return { credits: creditCost(operationId, ids) ?? 0, ids };
  }
  const size = member("size");
  const range = pageRange(operationId);
  const page: PageBasis =
    size === undefined ? "default" : Number.isInteger(size) && (size as number) >= 1 ? "size" : "largest";
  const asked = page === "size" ? (size as number) : page === "default" ? range.default : range.max;
  const ids = Math.min(asked, ctx.idsBound ?? Infinity);
  return { credits: creditCost(operationId, ids) ?? 0, ids, page };
}

/** The Credits of `worstCase`: what the plan reserves and the gateway counts as averted. */
export function worstCaseCredits(operationId: OperationId, body: unknown, ctx: WorstCaseContext = {}): number {
  return worstCase(operationId, body, ctx).credits;
}

/** The `size` range of a search route (§4.2, §8; a natural-language search's is a reading, s4-3-nl-size-range). */
export function pageRange(operationId: OperationId): {
  readonly min: number;
  readonly max: number;
  readonly default: number;
} {
  const limits = loadContract().limits;
  return bodyOperation(operationId)?.kind === "natural-language" ? limits.naturalLanguage.size : limits.search.size;
}
