/**
 * The check of a caller's per-rule severities (`LintOptions.rules`): the library refuses an unknown rule id or
 * severity as `tdss lint --rule` and the configuration file do, rather than running with the setting ignored.
 */
import { RULES } from "../../rules/all.js";
import { suggestionList } from "../lint/suggest.js";

const SEVERITIES: readonly unknown[] = ["error", "warning", "info", "off"];

/** Settings already checked: a loop over documents passing one object checks it once. */
const checked = new WeakSet<object>();

/** Throws a TypeError naming the first unknown rule id (with the closest ids) or severity in `rules`. */
export function checkRuleSettings(rules: unknown, where: string): void {
  if (rules === undefined) return;
  if (rules === null || typeof rules !== "object" || Array.isArray(rules))
    throw new TypeError(`${where}: expected an object of rule id to severity`);
  if (checked.has(rules)) return;
  const ids = RULES.map((r) => r.meta.id);
  for (const [id, severity] of Object.entries(rules)) {
    if (!ids.includes(id)) {
      const near = suggestionList(id, ids);
      const hint = near.length > 0 ? ` (did you mean ${near.map((n) => `"${n}"`).join(" or ")}?)` : "";
      throw new TypeError(`${where}: no rule "${id}"${hint}; docs/rules/ lists the rules`);
    }
    if (!SEVERITIES.includes(severity))
      throw new TypeError(`${where}.${id}: ${JSON.stringify(severity)} is not one of error, warning, info, off`);
  }
  checked.add(rules);
}
