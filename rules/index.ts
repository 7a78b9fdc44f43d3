/**
 * The Query Spec lint rules (package export "tdss/rules"): the rule table, and the same rules as a
 * Spectral ruleset.
 */
export { RULES, ruleById } from "./all.js";
export { spectralRuleset, type SpectralRulesetOptions } from "./spectral.js";
