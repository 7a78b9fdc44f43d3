import type { Consequence, Severity } from "./types.js";

/** Default severity of each consequence class (docs/design.md, "Consequence classes of a lint diagnostic"). */
export const DEFAULT_SEVERITY: Readonly<Record<Consequence, Severity>> = Object.freeze({
  refused: "error",
  empty: "error",
  broadened: "warning",
  narrowed: "warning",
  unspecified: "warning",
  cost: "info",
  style: "info",
});

/** Most to least serious, for classifying a request by its worst diagnostic. */
export const CONSEQUENCE_ORDER: readonly Consequence[] = [
  "refused",
  "empty",
  "broadened",
  "narrowed",
  "unspecified",
  "cost",
  "style",
];
