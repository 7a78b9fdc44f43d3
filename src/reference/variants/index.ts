import { composeVariants } from "./compose.js";
import { CURSOR_VARIANTS } from "./cursors.js";
import { DATA_VARIANTS, PENDING_DATA_VARIANTS } from "./data.js";
import { DEPLOYMENT_VARIANTS } from "./deployment.js";
import { DETAIL_VARIANTS } from "./detail.js";
import { FAILURE_VARIANTS } from "./failures.js";
import { FRAMEWORK_VARIANTS } from "./framework.js";
import { KEY_SCOPE_VARIANTS } from "./key-scopes.js";
import { OPERATOR_VARIANTS } from "./operators.js";
import { MEMBER_VARIANTS } from "./members.js";
import { QUERY_VARIANTS } from "./query.js";
import { PENDING_SERVICE_VARIANTS, SERVICE_VARIANTS } from "./service.js";
import type { Variant } from "./variant.js";

export type { DatasetSizes, Variant } from "./variant.js";

/** Every variant of the reference server: legal alternatives the suite must pass (docs/variants.md). */
export const VARIANTS: readonly Variant[] = [
  ...FAILURE_VARIANTS,
  ...MEMBER_VARIANTS,
  ...KEY_SCOPE_VARIANTS,
  ...QUERY_VARIANTS,
  ...OPERATOR_VARIANTS,
  ...DETAIL_VARIANTS,
  ...FRAMEWORK_VARIANTS,
  ...CURSOR_VARIANTS,
  ...SERVICE_VARIANTS,
  ...DATA_VARIANTS,
  ...DEPLOYMENT_VARIANTS,
];

/**
 * Variants built but not yet held by selftest: a case still fails them, which a line of WITHOUT_VARIANT names.
 * `tdss serve --variant` serves them, to reproduce the failure (docs/variants.md, "Not yet held").
 */
export const PENDING_VARIANTS: readonly Variant[] = [...PENDING_DATA_VARIANTS, ...PENDING_SERVICE_VARIANTS];

/**
 * The variant of an id, or of ids separated by commas served together (`composeVariants`); undefined when an id is
 * unknown (`unknownVariants` names it). A RangeError when two of the ids make one choice two ways.
 */
export function findVariant(id: string): Variant | undefined {
  const ids = id.split(",").map((part) => part.trim());
  const parts = ids.map((one) => VARIANTS.find((v) => v.id === one) ?? PENDING_VARIANTS.find((v) => v.id === one));
  if (parts.some((part) => part === undefined)) return undefined;
  return composeVariants(parts as Variant[]);
}

/** The ids of a comma-separated list that name no variant. */
export function unknownVariants(id: string): string[] {
  return id
    .split(",")
    .map((part) => part.trim())
    .filter((one) => !VARIANTS.some((v) => v.id === one) && !PENDING_VARIANTS.some((v) => v.id === one));
}

/**
 * Implementation-defined and ambiguous clauses with no variant, and why (src/reference/variants/variants.test.ts
 * requires every such clause to have a variant or a line here).
 */
export const WITHOUT_VARIANT: Readonly<Record<string, string>> = {
  "s4-bodies-json-encoding":
    "Not built: the reference has no hook to accept a byte-order mark or other encodings yet (docs/lint.md).",
  "s5-key-prefix":
    "The prefix belongs to the key the user gives the run, not to the server; the runner only records it.",
  "s6-events-not-shown":
    "Any event or webhook endpoint would be a tenth route, which §1 forbids (s1-nine-routes-total).",
  "s2-1-detail-limit-ids-or-urls":
    "Not built: the two readings differ only past 100 items of one kind, which the suite never sends in a mix.",
  "s9-result-window":
    "Not built: stopping paging at 1000 results needs " +
    "the cursor's offset, which no hook sees; the suite " +
    "pages far less.",
};
