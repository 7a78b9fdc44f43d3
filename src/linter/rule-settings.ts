/**
 * The check of a caller's per-rule severities (`LintOptions.rules`): the library refuses an unknown rule id or
 * severity as `tdss lint --rule` and the configuration file do, rather than running with the setting ignored.
 */
import { RULES } from "../../rules/all.js";
import { didYouMeanHint } from "../lint/suggest.js";

const SEVERITIES: readonly unknown[] = ["error", "warning", "info", "off"];

export const isRuleId = (id: string): boolean => RULES.some((r) => r.meta.id === id);

/**
 * `no rule "fixed-set-valu" (did you mean "fixed-set-value"?); docs/rules/ lists the rules`: how the library,
 * `tdss lint --rule` and `--explain` refuse an id no rule has.
 */
export function unknownRule(id: string): string {
  const ids = RULES.map((r) => r.meta.id);
  return `no rule "${id}"${didYouMeanHint(id, ids)}; docs/rules/ lists the rules`;
}

/** Settings already checked: a loop over documents passing one object checks it once. */
const checked = new WeakSet<object>();

/** Throws a TypeError naming the first unknown rule id (with the closest ids) or severity in `rules`. */
export function checkRuleSettings(rules: unknown, where: string): void {
  if (rules === undefined) return;
  if (rules === null || typeof rules !== "object" || Array.isArray(rules))
    throw new TypeError(`${where}: expected an object of rule id to severity`);
  if (checked.has(rules)) return;
  for (const [id, severity] of Object.entries(rules)) {
    if (!isRuleId(id)) throw new TypeError(`${where}: ${unknownRule(id)}`);
    if (!SEVERITIES.includes(severity))
      throw new TypeError(`${where}.${id}: ${JSON.stringify(severity)} is not one of error, warning, info, off`);
  }
  checked.add(rules);
}
