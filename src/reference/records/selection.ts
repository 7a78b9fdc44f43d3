export interface SelectionRules {
  /** Every name the record can carry. */
  readonly known: readonly string[];
  /** The default record (selection omitted). */
  readonly defaults: readonly string[];
  /** Whether the object and boolean forms are taken (profiles, companies) or only the array form (jobs, §4.4). */
  readonly forms: "array" | "array-object-boolean";
}

/** The known names of a list, each once, in its order; anything else validation let through is left out. */
function names(value: unknown, known: ReadonlySet<string>): string[] {
  if (!Array.isArray(value)) return [];
  return [...new Set(value.filter((name): name is string => typeof name === "string" && known.has(name)))];
}

/**
 * The fields a detail request selects (§4.4), read from a selection the linter's rules validated
 * (body-validation.ts). An array names the fields; `true` selects the full record and `false` none beyond the ID;
 * an object `{includes, excludes}` starts from `includes` (default record when absent) and removes `excludes`.
 * The meaning of the object and boolean forms is the reference's reading (s4-4-source-object-members).
 */
export function selectFields(value: unknown, rules: SelectionRules): string[] {
  const known = new Set(rules.known);
  if (value === undefined) return [...rules.defaults];
  if (Array.isArray(value)) return names(value, known);
  // Stryker disable all: the boolean and object forms of _source, the reference's reading of an open clause
  // (s4-4-source-object-members) that no case may hold a deployment to
  if (rules.forms === "array") return [...rules.defaults];
  if (value === true) return [...rules.known];
  if (value === false) return [];
  if (typeof value !== "object" || value === null) return [...rules.defaults];
  const { includes, excludes } = value as Record<string, unknown>;
  const included = includes === undefined ? [...rules.defaults] : names(includes, known);
  const excluded = names(excludes, known);
  return included.filter((f) => !excluded.includes(f));
}
