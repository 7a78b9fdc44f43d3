import { canonicalJson } from "../contract/index.js";
import { excerpt, fail, failOn, pass, type Check } from "./check.js";
import { mask, REISSUED_CLAUSE, REISSUED_IDS, reissuedMembers } from "./reissued-ids.js";

interface Args {
  /** The record fetched earlier (captured). */
  expected: Record<string, unknown>;
  /** Members left out of the comparison (e.g. an ID a deployment may encrypt afresh on every call). */
  ignore?: string[];
  /**
   * A member several records may share (a LinkedIn URL two profiles carry, s2-1-linkedin-url-shared): a record with
   * the same value of it and another value of an ignored member (its ID) is another record, and its differences are
   * judged on `clause`, a reading, rather than failed.
   */
  shared?: { member: string; clause: string };
}

/**
 * The step's first record is the same record as one fetched before (§2.1 LinkedIn URL lookup, §2.6 re-read
 * by id). Judged against a second look of the earlier read (`ctx.firstLook`), the members that read answered with
 * other strings the second time (IDs encrypted afresh on every call, s2-1-id-stability-not-shown) are set aside.
 */
export const sameRecord: Check<Args> = {
  description: "the first record returned equals a record fetched earlier (except ignored members)",
  args: {
    type: "object",
    required: ["expected"],
    additionalProperties: false,
    properties: {
      expected: { type: "object" },
      ignore: { type: "array", items: { type: "string" } },
      shared: {
        type: "object",
        required: ["member", "clause"],
        additionalProperties: false,
        properties: { member: { type: "string" }, clause: { type: "string" } },
      },
    },
  },
  run: (ctx, args) => {
    const e = ctx.exchanges.at(-1);
    if (!e) return fail("no response");
    const view = ctx.view(e);
    const actual = view.records?.[0];
    if (!view.success || !actual || typeof actual !== "object")
      return fail(
        "no record returned",
        "one record",
        view.notFound ? { not_found: view.notFound } : (e.status ?? e.error),
      );
    const ignore = new Set(args.ignore ?? []);
    const strip = (r: object) => Object.fromEntries(Object.entries(r).filter(([k]) => !ignore.has(k)));
    const before = (ctx.firstLook as Partial<Args> | undefined)?.expected;
    const reissued = before ? reissuedMembers([strip(before)], [strip(args.expected)]) : [];
    const a = mask(strip(actual), reissued) as Record<string, unknown>;
    const b = mask(strip(args.expected), reissued) as Record<string, unknown>;
    if (reissued.length && canonicalJson(a) === canonicalJson(b))
      ctx.run.observed.add(
        `${REISSUED_IDS}.${ctx.operationId ?? "route"}`,
        `${reissued.join(", ")} answered with other strings by two reads of the same record`,
        REISSUED_CLAUSE,
      );
    if (canonicalJson(a) === canonicalJson(b)) {
      for (const k of ignore)
        ctx.run.observed.add(
          `records.same_${k}_on_every_lookup`,
          (actual as Record<string, unknown>)[k] === args.expected[k],
          REISSUED_CLAUSE,
        );
      return pass();
    }
    const differing = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter(
      (k) => canonicalJson(a[k]) !== canonicalJson(b[k]),
    );
    const record = actual as Record<string, unknown>;
    const shared = args.shared;
    const otherRecord = [...ignore].some((k) => canonicalJson(record[k]) !== canonicalJson(args.expected[k]));
    if (shared && otherRecord && !differing.includes(shared.member) && hasValue(a[shared.member]))
      return failOn(
        shared.clause,
        `another record carrying the same ${shared.member} was answered, differing in ` +
          differing.slice(0, 8).join(", "),
        excerpt(Object.fromEntries(differing.map((k) => [k, b[k]])), 300),
        excerpt(Object.fromEntries(differing.map((k) => [k, a[k]])), 300),
      );
    return fail(
      `the records differ in ${differing.slice(0, 8).join(", ")}`,
      excerpt(Object.fromEntries(differing.map((k) => [k, b[k]])), 300),
      excerpt(Object.fromEntries(differing.map((k) => [k, a[k]])), 300),
    );
  },
};

function hasValue(value: unknown): boolean {
  return value !== undefined && value !== null && value !== "";
}
