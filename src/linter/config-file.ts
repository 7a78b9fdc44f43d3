/**
 * The one configuration file of tdss and its sections (docs/lint.md and docs/run.md, "Configuration"): the run's
 * settings at the top level, `tdss lint`'s under `lint`. Both commands look for the same names, and both refuse
 * lint settings left at the top level with the same line. Kept apart from config-schema.ts, which loads the rule
 * table, so that `tdss run` can read it cheaply.
 */

/** The names looked for in a folder, first found wins. */
export const CONFIG_FILES: readonly string[] = ["tdss.config.yaml", "tdss.config.yml", "tdss.config.json"];

/** The keys of the `lint` section (its JSON Schema's properties, checked by src/linter/config-schema.test.ts). */
export const LINT_KEYS: readonly string[] = [
  "route",
  "rules",
  "scopes",
  "format",
  "failOn",
  "maxWarnings",
  "cost",
  "ext",
  "ignores",
  "overrides",
];

/** What to do about lint settings at the top level of a configuration, or undefined when there are none. */
export function misplacedLintKeys(value: unknown): string | undefined {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return undefined;
  const keys = Object.keys(value).filter((k) => LINT_KEYS.includes(k));
  if (keys.length === 0) return undefined;
  return (
    `${keys.join(", ")} ${keys.length === 1 ? "is a lint setting" : "are lint settings"}: move ` +
    `${keys.length === 1 ? "it" : "them"} under "lint" ({"lint": {"${keys[0]}": ...}}); the top level holds ` +
    `tdss run's settings (docs/lint.md, "Configuration")`
  );
}
