/**
 * Validation of a search body (§4.2) by the linter's own rules: the reference refuses a body exactly when
 * the linter reports a `refused` diagnostic, or an `unspecified` one its reading refuses (readings.ts).
 * Nothing about what is valid is written here or in the translator (docs/validity.md).
 */
import { RULES } from "../../../rules/all.js";
import type { Dataset, OperationId } from "../../contract/index.js";
import { runRules } from "../../lint/engine.js";
import { atPosition, nodeChain, type Position } from "../../lint/positions.js";
import { decodePointer } from "../../lint/pointer.js";
import type { Diagnostic } from "../../lint/types.js";
import { badRequest, type ValidationStep } from "../refusal.js";
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

/** The rules each validation step of refusal.ts stands for, so that a fault naming a step switches them off. */
const STEP_RULES: Readonly<Partial<Record<ValidationStep, readonly string[]>>> = {
  "body-object": ["body-not-object"],
  "body-members": ["extra-member"],
  "where-required": ["where-required"],
  "size-range": ["size-range"],
  "tree-shape": ["node-shape"],
  "nesting-depth": ["max-depth"],
  "unknown-field": ["unknown-field"],
  "one-operator": ["leaf-operator-count"],
  "operator-allowed": ["operator-not-allowed", "operator-type", "match-role-company-type"],
  "value-kind": ["operator-value-kind", "value-type"],
  "date-format": ["date-format", "relative-date-unit"],
  "scope-people-only": ["scope-not-allowed"],
};

/** Whether a diagnostic makes the reference refuse the request. */
export function refuses(d: Diagnostic): boolean {
  return (
    d.consequence === "refused" || (d.consequence === "unspecified" && readingOf(d.ruleId, d.messageId) === "refuse")
  );
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
}

/** Throws a 400 Refusal naming the place and the reason of the first diagnostic that refuses the body. */
export function validateSearch(body: unknown, operationId: OperationId, options: ValidateOptions): void {
  const offEverywhere: Record<string, "off"> = {};
  const positional: RuleSwitch[] = [];
  for (const step of options.skip ?? []) for (const rule of STEP_RULES[step] ?? []) offEverywhere[rule] = "off";
  for (const s of options.off ?? []) {
    if (s.dataset !== undefined && s.dataset !== options.dataset) continue;
    if (s.at === undefined) offEverywhere[s.rule] = "off";
    else positional.push(s);
  }
  const rules = Object.keys(offEverywhere).length > 0 ? offEverywhere : undefined;
  const diagnostics = runRules(body, VALIDITY_RULES, {
    route: operationId as "queryPeople",
    now: options.now,
    bareNodes: false,
    ...(rules ? { rules } : {}),
  });
  for (const d of diagnostics) {
    if (!refuses(d)) continue;
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
