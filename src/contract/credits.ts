import { loadContract } from "./load.js";
import type { CreditFormulaName, OperationId } from "./types.js";

/**
 * Credits charged by a successful request (§8): base + ceil(count / per).
 * `count` is what the formula counts: returned IDs for searches, found records for detail.
 * Returns null where the specification does not show the cost (GET /version).
 */
export function creditCost(operation: OperationId | CreditFormulaName, count: number): number | null {
  if (!Number.isInteger(count) || count < 0)
    throw new RangeError(`creditCost: count must be a non-negative integer, got ${count}`);
  const contract = loadContract();
  const name = contract.operations.get(operation as OperationId)?.creditFormula ?? (operation as CreditFormulaName);
  const formula = contract.credits[name];
  if (!formula) throw new RangeError(`creditCost: unknown operation or formula ${operation}`);
  if (formula.base === null) return null;
  if (formula.per === null) return formula.base;
  return formula.base + Math.ceil(count / formula.per);
}
