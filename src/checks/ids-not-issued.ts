import { canonicalJson } from "../contract/index.js";
import { failOn, pass, type Check, type CheckOutcome } from "./check.js";
import { notFoundOfLast } from "./not-found.js";

interface Args {
  /** Issued IDs, each with one character changed (`tamper`), all sent in the step's detail request. */
  ids: unknown[];
}

/** The reading that such an ID is not found (docs/verdicts.md, "IDs the server never issued"). */
const READING = "s2-1-ids-not-issued";
/** What §7 compels of an ID that cannot be resolved. */
const NOT_FOUND_CLAUSE = "s7-unresolved-id-not-found-free";
/** So many made-up IDs all resolved to one record are a fallback, not a decryption, by any odds a dataset gives. */
const FALLBACK_AT_LEAST = 4;

/**
 * IDs the server never issued (issued ones with one character changed) are listed in not_found: a reading, since IDs
 * encrypted without authentication in a dense space decrypt them to other records, found and charged, and §2.1 says
 * only "opaque encrypted strings" (s2-1-ids-not-issued). What fails is a fallback: four or more such IDs, made from
 * different issued ones, all resolved, and one record answered for every one of them (results, in any order, hold it
 * at least as many times as IDs were made up), which no decryption gives, and an ID that cannot be resolved then goes
 * unlisted (s7-unresolved-id-not-found-free). That one of a dense space's records is drawn so often has odds of about
 * 25 / N^3 among N records (1 in 70,000 for 120). Counts and Credits are judged by detail-counts and the step's
 * `credits:`.
 */
export const idsNotIssued: Check<Args> = {
  description:
    "IDs with one character changed are listed in not_found (a reading), and never all answered by one record",
  args: {
    type: "object",
    required: ["ids"],
    additionalProperties: false,
    properties: { ids: { type: "array" } },
  },
  run: (ctx, args) => {
    const answer = notFoundOfLast(ctx);
    if ("status" in answer) return answer;
    const { view, notFound } = answer;
    const resolved = args.ids.filter((id) => !notFound.includes(id));
    if (resolved.length === 0) return pass();
    const outcomes: CheckOutcome[] = [];
    const times = new Map<string, number>();
    for (const record of view.records ?? []) {
      const key = canonicalJson(record);
      times.set(key, (times.get(key) ?? 0) + 1);
    }
    const most = Math.max(0, ...times.values());
    if (resolved.length >= FALLBACK_AT_LEAST && most >= resolved.length)
      outcomes.push(
        failOn(
          NOT_FOUND_CLAUSE,
          `${resolved.length} IDs the server never issued (issued ones with one character changed) were all ` +
            `resolved, and one record is answered ${most} times: a fallback to one record, not a resolution of each ID`,
          "each ID that cannot be resolved in not_found",
          { resolved: resolved.slice(0, 5), not_found: notFound.slice(0, 10) },
        ),
      );
    outcomes.push(
      failOn(
        READING,
        `${resolved.length} of ${args.ids.length} IDs with one character changed resolved to records, as IDs ` +
          `encrypted without authentication in a dense space do`,
        "listed in not_found",
        resolved.slice(0, 5),
      ),
    );
    return outcomes;
  },
};
