/**
 * Which refusals a vendor owes (docs/validity.md, "The judge"): a body is owed a refusal only where two definitions
 * that share no code agree that it is invalid: the linter's rules (a `refused` diagnostic) and a second one, the
 * JSON Schemas of schema-verdict.ts, or, for what no schema can see (invalid JSON, a repeated key, a byte-order
 * mark, a tree nested too deep for the validator), the corpus's hand-written label. Where they disagree the body
 * is not judged on a deployment, and src/validity/judge.property.test.ts fails, so the disagreement is found at
 * home.
 */
import type { BodyOperationId } from "../contract/index.js";
import type { Diagnostic } from "../lint/types.js";
import { lint } from "../linter/lint.js";
import { schemaRefuses } from "./schema-verdict.js";

export type Judgement =
  /** Both definitions refuse it; the clauses the linter's refused diagnostics cite. */
  | { readonly verdict: "owed"; readonly clauses: readonly string[] }
  /** The linter does not refuse it: no refusal is owed (the schemas are stricter on purpose). */
  | { readonly verdict: "not-owed" }
  /** The linter refuses it and the second definition does not: not judged on a deployment. */
  | { readonly verdict: "disagreement"; readonly rules: readonly string[] };

export interface JudgedBody {
  readonly route: BodyOperationId;
  readonly body: unknown;
  /** The exact bytes sent, when they are not JSON.stringify(body). */
  readonly raw?: string;
  /** A hand-written label of the bytes (the corpus's `expected`): the second definition where `raw` is set. */
  readonly label?: string;
}

/**
 * Whether a deployment owes `body` a refusal, by the two definitions. `diagnostics` are the linter's on the same bytes
 * when the caller has them already (generated.ts lints every body it draws): linting is most of a judgement's cost.
 */
export function judge(
  { route, body, raw, label }: JudgedBody,
  diagnostics: readonly Diagnostic[] = lint(raw ?? body, { route }),
): Judgement {
  const refused = diagnostics.filter((d) => d.consequence === "refused");
  if (refused.length === 0) return { verdict: "not-owed" };
  const second = (raw === undefined ? schemaRefuses(route, body) : undefined) ?? label === "refused";
  if (!second) return { verdict: "disagreement", rules: [...new Set(refused.map((d) => d.ruleId))] };
  return { verdict: "owed", clauses: [...new Set(refused.flatMap((d) => d.clauses))] };
}
