/**
 * The Query Spec lint rules as a Spectral ruleset, built from the same rule objects as the native
 * engine (not a second copy): each Spectral rule is a custom function that runs that one rule's
 * create() over the document Spectral parsed. A team that already runs Spectral lints query files
 * with it:
 *
 *   const spectral = new Spectral();
 *   spectral.setRuleset(spectralRuleset({ route: "queryPeople" }));
 *   await spectral.run(new Document(text, Parsers.Json, "query.json"));
 *
 * invalid-json, duplicate-key, byte-order-mark and body-size read the raw text of the document (Spectral's own parser
 * is
 * lenient about both); the others read the parsed value.
 */
import type { IFunctionResult, RulesetDefinition, RulesetFunctionContext } from "@stoplight/spectral-core";
import { runRules } from "../src/lint/engine.js";
import { parseSource } from "../src/lint/json/source.js";
import { decodePointer } from "../src/contract/json-pointer.js";
import type { Rule } from "../src/lint/rule.js";
import type { LintOptions, Severity } from "../src/lint/types.js";
import { RULES } from "./all.js";

export type SpectralRulesetOptions = Omit<LintOptions, "rules">;

/** Spectral's DiagnosticSeverity: 0 error, 1 warning, 2 information. */
const SPECTRAL_SEVERITY: Readonly<Record<Severity, 0 | 1 | 2>> = { error: 0, warning: 1, info: 2 };

/** Rules that judge the text itself rather than the parsed value. */
const TEXT_RULES = new Set(["invalid-json", "duplicate-key", "byte-order-mark", "body-size"]);

export function spectralRuleset(options: SpectralRulesetOptions = {}): RulesetDefinition {
  const rules: Record<string, unknown> = {};
  for (const rule of RULES) {
    rules[rule.meta.id] = {
      description: rule.meta.description,
      message: "{{error}}",
      severity: SPECTRAL_SEVERITY[rule.meta.severity],
      given: "$",
      then: { function: spectralFunction(rule, options) },
    };
  }
  return { rules } as RulesetDefinition;
}

/**
 * Whether a document's text is JSON, read once per document: the native engine runs no other rule on text that is not.
 */
const isJson = new WeakMap<object, boolean>();

function textOf(context: RulesetFunctionContext): string | undefined {
  const text = (context.document as unknown as { input?: unknown }).input;
  return typeof text === "string" ? text : undefined;
}

function spectralFunction(rule: Rule, options: SpectralRulesetOptions) {
  const only = [rule];
  const fn = (target: unknown, _options: unknown, context: RulesetFunctionContext): IFunctionResult[] => {
    let input: unknown = target;
    const text = textOf(context);
    if (TEXT_RULES.has(rule.meta.id)) {
      if (text === undefined) return [];
      input = text;
    } else if (text !== undefined) {
      let json = isJson.get(context.document);
      if (json === undefined) isJson.set(context.document, (json = parseSource(text).ok));
      if (!json) return [];
    }
    return runRules(input, only, options).map((d) => ({ message: d.message, path: decodePointer(d.path) }));
  };
  Object.defineProperty(fn, "name", { value: rule.meta.id });
  return fn;
}
