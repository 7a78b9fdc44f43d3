import type { FieldSpec } from "./types.js";

/**
 * Fields whose eq and in the spec calls exact, case included: §2.2 "Identity, matched exactly" and the platform
 * vocabulary "Matched exactly, not fuzzily", and the §2.3 fixed sets ("Spelling and capitalisation must match
 * exactly"). On every other field, whether eq ignores case is left open (s4-2-eq-equal-value).
 */
export function exactField(field: FieldSpec): boolean {
  return (
    field.values !== undefined ||
    field.group === "identity" ||
    field.group === "vocabulary" ||
    field.group === "language-level"
  );
}
