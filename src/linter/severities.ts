/**
 * The severity of each rule as `tdss lint` sets it (docs/lint.md, "Exit status"): a consequence class listed in
 * --fail-on (or the configuration's failOn) is an error, and a rule's own setting (configuration, then --rule)
 * wins over its class's. The language server maps severities through the same table.
 */
import { RULES } from "../../rules/all.js";
import type { FailOnClass } from "./config-schema.js";
import type { RuleSettings } from "./config.js";
import { DEFAULT_SEVERITY } from "../lint/consequence.js";
import type { Consequence, Severity } from "../lint/types.js";

/**
 * The severity of each class with --fail-on: a listed class is an error, an unlisted refused or empty a
 * warning, the others as their class has them (src/lint/consequence.ts).
 */
export function classSeverity(consequence: Consequence, failOn: readonly FailOnClass[]): Severity {
  if ((failOn as readonly string[]).includes(consequence)) return "error";
  const usual = DEFAULT_SEVERITY[consequence];
  return usual === "error" ? "warning" : usual;
}

/** Per-rule severities: a rule's own setting (configuration, then --rule) over its class's under --fail-on. */
export function severities(own: RuleSettings, failOn: readonly FailOnClass[]): Record<string, Severity | "off"> {
  const out: Record<string, Severity | "off"> = {};
  for (const { meta } of RULES) {
    const severity = own[meta.id] ?? classSeverity(meta.consequence, failOn);
    if (severity !== meta.severity) out[meta.id] = severity;
  }
  return out;
}
