/**
 * The severity of each rule as `tdss lint` sets it (docs/lint.md, "Exit status"): a consequence class listed in
 * --fail-on (or the configuration's failOn) is an error, and a rule's own setting (configuration, then --rule)
 * wins over its class's. The language server maps severities through the same table.
 */
import { RULES } from "../../rules/all.js";
import type { FindingClass } from "../lint/consequence.js";
import type { RuleSettings } from "./config.js";
import { DEFAULT_SEVERITY } from "../lint/consequence.js";
import type { EngineOptions } from "../lint/engine.js";
import type { Consequence, Severity } from "../lint/types.js";

/**
 * The severity of each class with --fail-on: a listed class is an error, an unlisted refused or empty a
 * warning, the others as their class has them (src/lint/consequence.ts).
 */
export function classSeverity(consequence: Consequence, failOn: readonly FindingClass[]): Severity {
  if ((failOn as readonly string[]).includes(consequence)) return "error";
  const usual = DEFAULT_SEVERITY[consequence];
  return usual === "error" ? "warning" : usual;
}

/**
 * The engine's severity options under --fail-on: per-rule severities (a rule's own setting, configuration then
 * --rule, over its class's), and the severity of a diagnostic made `narrowed` after its rule ran, which no per-rule
 * setting can say (src/lint/engine.ts), with the rules whose setting is the caller's own.
 */
export function severities(
  own: RuleSettings,
  failOn: readonly FindingClass[],
): Required<Pick<EngineOptions, "rules" | "narrowedSeverity" | "ownRules">> {
  const rules: Record<string, Severity | "off"> = {};
  for (const { meta } of RULES) {
    const severity = own[meta.id] ?? classSeverity(meta.consequence, failOn);
    if (severity !== meta.severity) rules[meta.id] = severity;
  }
  return { rules, narrowedSeverity: classSeverity("narrowed", failOn), ownRules: new Set(Object.keys(own)) };
}
