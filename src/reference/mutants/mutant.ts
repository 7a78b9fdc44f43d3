import type { ClauseArea } from "../../contract/index.js";
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
}
