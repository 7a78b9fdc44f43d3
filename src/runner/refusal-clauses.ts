import { OPERATION_IDS, type OperationId } from "../contract/index.js";
import { routeAccepts } from "../checks/mcp-tools.js";
import type { CorpusEntry } from "../lint/corpus.js";
import { judge } from "../validity/judge.js";
import { TemplateError } from "./template.js";

/**
 * The clauses a corpus entry's refusal rests on: those its `refused` diagnostics cite, where the second definition
 * of validity agrees the refusal is owed (src/validity/judge.ts); undefined where the two disagree, so that the
 * entry is not judged on a deployment (the disagreement fails src/validity/judge.property.test.ts at home). The
 * refusal is a `must` only when the clauses hold a `must` clause and no reading (src/runner/verdict.ts).
 */
export function refusalClauses(
  entry: Pick<CorpusEntry, "route" | "body" | "raw" | "expected">,
): readonly string[] | undefined {
  const judged = judge({
    route: entry.route,
    body: entry.body,
    ...(entry.raw !== undefined ? { raw: entry.raw } : {}),
    label: entry.expected,
  });
  return judged.verdict === "owed" ? judged.clauses : undefined;
}

interface Sample {
  readonly body: unknown;
  readonly note?: string;
  readonly clause?: string | readonly string[];
}

/** The refused samples of an `mcp-tool-schemas` argument as tool calls; see the generator of the same name. */
export function refusedToolSamples(
  samples: unknown,
): { operation: OperationId; body: unknown; clause: string | readonly string[]; note: string }[] {
  if (typeof samples !== "object" || samples === null)
    throw new TemplateError("refusedToolSamples: expected the samples object of mcp-tool-schemas");
  const bySize = (body: unknown) => {
    const size = (body as { size?: unknown } | null)?.size;
    return size === undefined || (Number.isInteger(size) && (size as number) >= 1 && (size as number) <= 100);
  };
  // The natural-language route is left out: its 5-Credit base would be priced for each call, over the default budget.
  return OPERATION_IDS.filter((operation) => operation !== "searchPeople").flatMap((operation) =>
    ((samples as Record<string, Sample[] | undefined>)[operation] ?? [])
      .filter((s) => !routeAccepts(operation, s.body) && bySize(s.body))
      .map((s) => ({
        operation,
        body: s.body,
        clause: s.clause ?? "s4-6-tool-per-route-same-rules",
        note: s.note ?? "",
      })),
  );
}
