import { classify, lint } from "../linter/index.js";
import type { Consequence, Diagnostic, LintableOperationId } from "../linter/index.js";
import { worstCaseCredits } from "../contract/worst-case.js";
import { CONSEQUENCE_ORDER, type FindingClass } from "../lint/consequence.js";

/** A consequence the gateway can block on: what the service would do with the request (docs/gateway.md). */
export type Blockable = FindingClass;
export const DEFAULT_BLOCK: readonly Blockable[] = ["refused", "empty"];

const RANK = (c: Consequence) => CONSEQUENCE_ORDER.indexOf(c);

/** Consequences under which the service spends nothing: a refusal (§7) or a query certain to match nobody. */
const FREE_UPSTREAM: ReadonlySet<Consequence> = new Set(["refused", "empty"]);

export interface Verdict {
  /** Diagnostics worth telling a client (the `cost` line is information, not a finding). */
  readonly diagnostics: readonly Diagnostic[];
  /** The diagnostics whose consequence is blocked; the request is answered by the gateway when there is one. */
  readonly blocking: readonly Diagnostic[];
  /** The worst consequence, or "clean". */
  readonly worst: Consequence | "clean";
  /**
   * Credits a blocked request could have cost had it been sent: its §8 worst case when the service would have
   * served and billed it, 0 when it would have been refused or matched nobody (a mistake caught, not Credits saved).
   */
  readonly creditsAverted: number;
}

/**
 * Lints a request body on its way to `operationId`. Undefined when the body is not UTF-8 JSON: the gateway
 * forwards what it cannot read and lets the upstream decide.
 */
export function judge(
  operationId: LintableOperationId,
  body: Uint8Array,
  block: ReadonlySet<Consequence>,
): Verdict | undefined {
  let text: string;
  let value: unknown;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(body);
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const diagnostics = lint(text, { route: operationId }).filter((d) => d.consequence !== "cost");
  // The worst first: a refusal explains a blocked request better than a style note beside it.
  const blocking = diagnostics
    .filter((d) => block.has(d.consequence))
    .sort((a, b) => RANK(a.consequence) - RANK(b.consequence));
  const servedAndBilled = blocking.length > 0 && !diagnostics.some((d) => FREE_UPSTREAM.has(d.consequence));
  return {
    diagnostics,
    blocking,
    worst: classify(diagnostics),
    creditsAverted: servedAndBilled ? worstCaseCredits(operationId, value) : 0,
  };
}
