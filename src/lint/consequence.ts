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

/**
 * The consequences that say what the service would do with a request: the classes `tdss lint --fail-on` can fail a
 * run on and `tdss gateway --block` can answer a request for (docs/lint.md, docs/gateway.md); `cost` and `style`
 * are information. In CONSEQUENCE_ORDER's order.
 */
export const FINDING_CLASSES = [
  "refused",
  "empty",
  "broadened",
  "narrowed",
  "unspecified",
] as const satisfies readonly Consequence[];
export type FindingClass = (typeof FINDING_CLASSES)[number];
