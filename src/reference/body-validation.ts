/**
 * Validation of every request body (§4.2-§4.4, §8) by the linter's own rules, on the seven routes that take one:
 * the reference refuses a body exactly when the linter reports a `refused` diagnostic, or an `unspecified` one its
 * reading refuses (readings.ts). Nothing about what is valid is written here, in the translator or in the
 * reading of natural-language and detail bodies (docs/validity.md).
 */
// Stryker disable all: declarations, and the tables of the rules a hand-written mutant's fault switches off
// (faults.ts); mutated from refuses() on, the readings and the wording left out (docs/selftest.md, "Stryker on the
// reference").
import { RULES } from "../../rules/all.js";
import type { BodyOperationId, Dataset } from "../contract/index.js";
import { runRules } from "../lint/engine.js";
import { atPosition, nodeChain, type Position } from "../lint/positions.js";
import { decodePointer } from "../contract/json-pointer.js";
import type { Diagnostic } from "../lint/types.js";
import { badRequest, type ValidationStep } from "./refusal.js";
import { readingOf } from "./readings.js";

/** A lint rule switched off (a mutant's fault), everywhere or only for nodes at one structural position. */
export interface RuleSwitch {
  readonly rule: string;
  readonly at?: Position;
  /** Only on this dataset's route. */
  readonly dataset?: Dataset;
}

/** The rules that can make a body refused: `refused` ones, and `unspecified` ones through a reading. */
const VALIDITY_RULES = Object.freeze(
  RULES.filter((r) => r.meta.consequence === "refused" || r.meta.consequence === "unspecified"),
);

/**
 * The rules (or `rule/messageId` forms) each validation step of refusal.ts stands for, so that a fault naming a
 * step switches them off.
 */
const STEP_RULES: Readonly<Partial<Record<ValidationStep, readonly string[]>>> = {
  "body-object": ["body-not-object"],
  "body-members": ["extra-member"],
  "where-required": ["where-required"],
  "size-range": ["size-range", "nl-unspecified/size"],
  "tree-shape": ["node-shape"],
  "nesting-depth": ["max-depth"],
  "unknown-field": ["unknown-field"],
  "one-operator": ["leaf-operator-count"],
  "operator-allowed": ["operator-not-allowed", "operator-type", "match-role-company-type"],
  "value-kind": ["operator-value-kind", "value-type"],
  "date-format": ["date-format", "relative-date-unit"],
  "scope-people-only": ["scope-not-allowed"],
  "nl-members": ["nl-body/member"],
  "nl-text-length": ["nl-body/missing", "nl-body/kind", "nl-body/empty", "nl-body/long", "nl-unspecified/codePoints"],
  "detail-id-count": ["detail-ids/tooFew", "detail-ids/tooMany"],
  "source-names": ["detail-source/unknown", "source-unspecified/unpublished"],
};

function valueAt(body: unknown, pointer: string): unknown {
  let value = body;
  for (const segment of decodePointer(pointer))
    value = typeof value === "object" && value !== null ? (value as Record<string, unknown>)[segment] : undefined;
  return value;
}

// Stryker restore all
/**
 * Whether a diagnostic makes the reference refuse `body`; `ownFields` are the fields of the reference's record
 * on a detail route, which decide an unpublished `_source` name.
 */
export function refuses(d: Diagnostic, body: unknown, ownFields: readonly string[] = []): boolean {
  if (d.consequence === "refused") return true;
  // Stryker disable all: how the readings of open clauses apply (readings.ts, valueAt), the wording of a refusal
  // (placeOf), and the rules a hand-written mutant switches off (switchedOff)
  if (d.consequence !== "unspecified") return false;
  const reading = readingOf(d.ruleId, d.messageId);
  if (reading === "refuse-unless-own-field") return !ownFields.includes(valueAt(body, d.path) as string);
  return reading === "refuse";
}

/** `/where/all/1/has_experience/field` → `where.all[1].has_experience.field` (the place a refusal names). */
export function placeOf(pointer: string): string {
  let out = "";
  for (const s of decodePointer(pointer)) out += /^\d+$/.test(s) ? `[${s}]` : out === "" ? s : `.${s}`;
  return out;
}

export interface ValidateOptions {
  readonly dataset: Dataset;
  /** The day relative dates count back from (the linter's contradiction checks). */
  readonly now: Date;
  readonly skip?: ReadonlySet<ValidationStep>;
  readonly off?: readonly RuleSwitch[];
  /** The fields of the reference's record on a detail route. */
  readonly ownFields?: readonly string[];
}

/** The rules and message forms a fault switches off: everywhere, and at positions. */
function switchedOff(options: ValidateOptions): { everywhere: Set<string>; positional: RuleSwitch[] } {
  const everywhere = new Set<string>();
  const positional: RuleSwitch[] = [];
  for (const step of options.skip ?? []) for (const rule of STEP_RULES[step] ?? []) everywhere.add(rule);
  for (const s of options.off ?? []) {
    if (s.dataset !== undefined && s.dataset !== options.dataset) continue;
    if (s.at === undefined) everywhere.add(s.rule);
    else positional.push(s);
  }
  return { everywhere, positional };
}

// Stryker restore all
/** Throws a 400 Refusal naming the place and the reason of the first diagnostic that refuses the body. */
export function validateBody(body: unknown, operationId: BodyOperationId, options: ValidateOptions): void {
  const { everywhere, positional } = switchedOff(options);
  const wholeRules: Record<string, "off"> = {};
  // Stryker disable next-line all: rules a hand-written mutant switches off, never set where Stryker mutates
  for (const r of everywhere) if (!r.includes("/")) wholeRules[r] = "off";
  const diagnostics = runRules(body, VALIDITY_RULES, {
    route: operationId,
    now: options.now,
    // Stryker disable next-line all: a file's bare-node reading, which refuses the same bodies (readings.ts) and
    // changes only the rule a refusal's message names (§7), and the time it takes (a timeout under load, not a fault)
    bareNodes: false,
    // Stryker disable next-line all: rules a hand-written mutant switches off, never set where Stryker mutates
    ...(Object.keys(wholeRules).length > 0 ? { rules: wholeRules } : {}),
  });
  for (const d of diagnostics) {
    if (everywhere.has(`${d.ruleId}/${d.messageId}`) || !refuses(d, body, options.ownFields)) continue;
    // Stryker disable all: the rules a hand-written mutant switches off at a position, and the refusal's wording (§7)
    if (
      positional.some(
        (s) => s.rule === d.ruleId && d.path.startsWith("/where") && atPosition(nodeChain(d.path, 1), s.at!),
      )
    )
      continue;
    const place = placeOf(d.path);
    throw badRequest(`${place === "" ? "" : `${place}: `}${d.message} (${d.ruleId}, ${d.clauses[0] ?? "§4.2"})`);
  }
}
