import type { ClauseArea, OperationId } from "../../contract/index.js";
import type { Faults } from "../faults.js";

/** A deliberately broken variant of the reference server: one fault, breaking one clause. */
export interface Mutant {
  /** Stable id, `<area>-<what breaks>`, used by `tdss serve --mutant <id>`. */
  readonly id: string;
  /** The clause of spec/clauses.yaml the fault breaks. */
  readonly clause: string;
  readonly area: ClauseArea;
  readonly description: string;
  readonly faults: Faults;
  /**
   * True when the fault only shows on the default dataset (e.g. a `total` fault needs 100000 matches); the
   * others show on a small one, which `tdss selftest` starts them with.
   */
  readonly needsDefaultDataset?: boolean;
  /**
   * The cases of its area that can show the fault, when fewer than all (e.g. the one case of the dataset a
   * semantic fault is on); cases citing its clause run too.
   */
  readonly cases?: readonly string[];
  /**
   * The routes whose behaviour the fault changes, when it changes only some (REST or their MCP tools):
   * `tdss selftest` then runs only the cases that call one of them, since no other case can see the fault.
   */
  readonly routes?: readonly OperationId[];
}
