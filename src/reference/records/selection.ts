import { badRequest } from "../refusal.js";

export interface SelectionRules {
  /** Every name the record can carry. */
  readonly known: readonly string[];
  /** The default record (selection omitted). */
  readonly defaults: readonly string[];
  /** Whether the object and boolean forms are taken (profiles, companies) or only the array form (jobs, §4.4). */
  readonly forms: "array" | "array-object-boolean";
  readonly record: string;
  /** False when a fault lets unknown names through (mutants only). */
  readonly checkNames: boolean;
}

function names(value: unknown, rules: SelectionRules, path: string): string[] {
  if (!Array.isArray(value)) throw badRequest(`${path}: must be an array of field names`);
  const known = new Set(rules.known);
  const out: string[] = [];
  value.forEach((name, i) => {
    if (typeof name !== "string") throw badRequest(`${path}[${i}]: must be a field name (a string)`);
    if (!known.has(name)) {
      if (rules.checkNames)
        throw badRequest(
          `${path}[${i}]: unknown field ${JSON.stringify(name)} of the ${rules.record} record ` +
            `(s7-unknown-source-name-refused); see README for the record's fields`,
        );
      return;
    }
    if (!out.includes(name)) out.push(name);
  });
  return out;
}

/**
 * The fields a detail request selects (§4.4). An array names the fields; `true` selects the full record and
 * `false` none beyond the ID; an object `{includes, excludes}` starts from `includes` (default record when
 * absent) and removes `excludes`. The meaning of the object and boolean forms is the reference's choice
 * (s4-4-source-object-boolean-not-shown).
 */
export function selectFields(value: unknown, rules: SelectionRules, path: string): string[] {
  if (value === undefined) return [...rules.defaults];
  if (Array.isArray(value)) return names(value, rules, path);
  if (rules.forms === "array")
    throw badRequest(
      `${path}: the ${rules.record} route takes an array of field names (§4.4), ` +
        `got ${value === null ? "null" : typeof value}`,
    );
  if (value === true) return [...rules.known];
  if (value === false) return [];
  if (typeof value === "object" && value !== null) {
    const members = value as Record<string, unknown>;
    const extra = Object.keys(members).find((k) => k !== "includes" && k !== "excludes");
    if (extra !== undefined)
      throw badRequest(
        `${path}: unknown member ${JSON.stringify(extra)}; the object form takes includes and excludes ` +
          `(arrays of field names)`,
      );
    const included =
      members.includes === undefined ? [...rules.defaults] : names(members.includes, rules, `${path}.includes`);
    const excluded = members.excludes === undefined ? [] : names(members.excludes, rules, `${path}.excludes`);
    return included.filter((f) => !excluded.includes(f));
  }
  throw badRequest(
    `${path}: must be an array of field names, an object {includes, excludes} or a boolean (§4.4), ` +
      `got ${value === null ? "null" : typeof value}`,
  );
}
