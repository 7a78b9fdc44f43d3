import { RULES } from "../../rules/all.js";
import { runRules } from "../lint/engine.js";
import { checkRuleSettings } from "./rule-settings.js";
import type { Diagnostic, LintOptions } from "../lint/types.js";

/**
 * Lints one request body and returns its diagnostics, synchronously and without I/O.
 *
 * `body` is JSON text (a string, or UTF-8 bytes as a Uint8Array), in which case each diagnostic
 * carries its line and column, or an already parsed value. A string is always read as JSON text.
 * The route is `options.route` (an operationId or people/jobs/companies), else inferred from the
 * body's members (queryPeople by default). An unknown rule id or severity in `options.rules` throws a TypeError.
 */
export function lint(body: unknown, options: LintOptions = {}): Diagnostic[] {
  checkRuleSettings(options.rules, "lint(): options.rules");
  return runRules(body, RULES, options);
}
