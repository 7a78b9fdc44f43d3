/**
 * Position-by-position validation mutants, generated from the validation matrix (src/validity/matrix.ts):
 * each rejects a refusal class everywhere but at one structural position of the tree, on one dataset, the
 * way a validator that forgets to descend into `not`, or checks only the first level, lets a mistake through.
 * Each (dataset, rule) pair takes every other position below the top (its one position where it has one),
 * so that every position and every rule is faulted on every dataset without one mutant per cell
 * (docs/validity.md).
 */
import { clause as clauseOf, DATASETS } from "../../contract/index.js";
import { REFUSAL_CLASSES, positionsOf } from "../../validity/matrix.js";
import type { Mutant } from "./mutant.js";

const where = (position: string) => (position === "deep" ? "three levels down" : `directly inside ${position}`);

function generate(): Mutant[] {
  const out: Mutant[] = [];
  for (const dataset of DATASETS) {
    // A refusal only a reading asks for (the operator column, s2-2-operator-not-allowed) is no fault to inject:
    // serving it is a legal variant (src/reference/variants/), which the suite must pass.
    const classes = REFUSAL_CLASSES.filter(
      (c) => clauseOf(c.clause).kind === "must" && positionsOf(dataset).some((p) => c.node(dataset, p) !== undefined),
    );
    const rules = [...new Set(classes.map((c) => c.rule))];
    rules.forEach((rule, r) => {
      const clause = classes.find((c) => c.rule === rule)!.clause;
      const positions = positionsOf(dataset).filter(
        (p) => p !== "top" && classes.some((c) => c.rule === rule && c.node(dataset, p) !== undefined),
      );
      positions.forEach((position, p) => {
        if ((r + p) % 2 !== 0 && positions.length > 1) return;
        out.push({
          id: `validation-${dataset}-${rule}-at-${position.replaceAll("_", "-")}`,
          clause,
          area: "validation",
          description: `On ${dataset}, what ${rule} refuses is served when the node sits ${where(position)}.`,
          faults: { validation: [{ rule, at: position, dataset }] },
        });
      });
    });
  }
  return out;
}

export const VALIDATION_MUTANTS: readonly Mutant[] = generate();
