import { creditCost, searchRoutes, type OperationId } from "../../contract/index.js";
import { maxProbes, narrowSet, ownValueLeaves } from "../narrowing.js";
import { Session } from "./oracle-session.js";
import { Unknown } from "../template.js";
import type { StepKind } from "./step-kind.js";

/** The `narrow:` member of a step, after templates are resolved. */
interface NarrowSpec {
  readonly operation: OperationId;
  /** Records read from the deployment (a detail step's `records`): their own values make the conditions. */
  readonly records: unknown;
  /** Record fields, queryable under the same name, in the order their values are added. */
  readonly fields: readonly string[];
  /** The most IDs the set may hold: what the case after it pays to page. */
  readonly at_most: number;
}

/** Records whose values are used: enough for a set of several, few enough to keep the worst case small. */
const MAX_RECORDS = 3;

function recordCount(records: unknown): number {
  if (Array.isArray(records)) return Math.min(records.length, MAX_RECORDS);
  return records instanceof Unknown && records.kind === "list" ? Math.min(records.max, MAX_RECORDS) : MAX_RECORDS;
}

/** Probes one narrowing may send: a record gives at most one leaf per field. */
const probeBound = (s: NarrowSpec) => maxProbes(s.fields.length, recordCount(s.records));

/**
 * `narrow:` — finds a set small enough to collect whole on any data: searches with conditions built from the given
 * records' own values (`eq` on each field, added one field a round) until one page of `at_most` IDs comes back
 * without `next` (src/runner/narrowing.ts). Capture its query with `where` (the last request's): the steps after it
 * page that set, whose size is at most `at_most`. Refused probes and probes that lose the records cost nothing to
 * the verdict: they are left out. When more than `at_most` records share every value, the step is inconclusive.
 */
export const narrowStep: StepKind = {
  schema: {
    type: "object",
    additionalProperties: false,
    required: ["operation", "records", "fields", "at_most"],
    properties: {
      operation: { type: "string" },
      records: {},
      fields: { oneOf: [{ type: "array", items: { type: "string" } }, { type: "string" }] },
      at_most: { type: "integer", minimum: 1, maximum: 100 },
    },
  },
  admitsEachRequest: true,
  plan(spec) {
    const s = spec as NarrowSpec;
    if (!searchRoutes().some((r) => r.operation === s.operation))
      throw new Error(`narrow: ${JSON.stringify(s.operation)} is not a Query Spec search`);
    if (!Array.isArray(s.fields)) throw new Error("narrow: fields is not a list of field names");
    const perProbe = creditCost(s.operation, s.at_most) ?? 0;
    return { operationId: s.operation, auth: "primary", worstCase: perProbe * probeBound(s), maxItems: s.at_most };
  },
  async execute(spec, ctx) {
    const s = spec as NarrowSpec;
    const dataset = searchRoutes().find((r) => r.operation === s.operation)!.dataset;
    const session = new Session(ctx, (creditCost(s.operation, s.at_most) ?? 0) * probeBound(s));
    const records = Array.isArray(s.records) ? s.records.slice(0, MAX_RECORDS) : [];
    const candidates = records.map((r) => ownValueLeaves(r, s.fields)).filter((leaves) => leaves.length > 0);
    if (candidates.length === 0)
      return { exchanges: [], inconclusive: `no record holds a value of ${s.fields.join(", ")} to narrow by` };
    let narrowed: Awaited<ReturnType<typeof narrowSet>>;
    try {
      narrowed = await narrowSet({
        candidates,
        size: s.at_most,
        search: (where, size) => session.search(dataset, where, size),
      });
    } catch (error) {
      // The exchanges sent so far are kept: one that got no answer makes the case not run (src/runner/stages/judge.ts)
      // rather than failed, and each is priced by what came back.
      return { exchanges: session.exchanges, failure: `the narrowing could not run: ${(error as Error).message}` };
    }
    return {
      exchanges: session.exchanges,
      ...(narrowed.where ? {} : { inconclusive: narrowed.reason ?? "no small set was found" }),
    };
  },
};
