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
 * The consequences that say what the service would do with a request, and so the ones `tdss gateway` can answer
 * for it (docs/gateway.md); `cost` and `style` are information.
 */
export const GATEWAY_BLOCKABLE = [
  "refused",
  "empty",
  "broadened",
  "unspecified",
] as const satisfies readonly Consequence[];
