import { excerpt, fail, failOn, pass, type Check } from "./check.js";
import { withEnvelopeClauses } from "./envelope.js";

/**
 * Detail counts agree (§4.4 and the reading of clause s4-4-profile-total-meaning): found is the number
 * of records in results, and found plus the not_found entries make total, the IDs requested. Members a
 * jobs or companies response does not carry are not required (their members are not shown).
 */
export const detailCounts: Check<{ requested?: number }> = {
  description: "found = length of results and found + not_found = total (= IDs requested)",
  args: { type: "object", additionalProperties: false, properties: { requested: { type: "integer", minimum: 0 } } },
  run: (ctx, args) => {
    const e = ctx.exchanges.at(-1);
    if (!e) return fail("no response");
    const view = ctx.view(e);
    if (!view.success) return withEnvelopeClauses(e, fail("not a success response", "a success", e.status ?? e.error));
    const strict = ctx.operationId === "getProfiles";
    const { total, found, records, notFound } = view;
    const problems: string[] = [];
    if (!records) problems.push("no list of records");
    const isInteger = (n: unknown): n is number => Number.isInteger(n);
    if (strict || found !== undefined) {
      if (!isInteger(found)) problems.push(`found is ${excerpt(found, 40)}, not an integer`);
      else if (records && found !== records.length)
        problems.push(`found is ${found} but results holds ${records.length}`);
    }
    // What total counts is the project's reading (s4-4-profile-total-meaning): its sums are warnings, its type is not.
    const totalProblems: string[] = [];
    if (strict || total !== undefined) {
      if (!isInteger(total)) problems.push(`total is ${excerpt(total, 40)}, not an integer`);
      else if (isInteger(found) && notFound && found + notFound.length !== total)
        totalProblems.push(`found ${found} + not_found ${notFound.length} is not total ${total}`);
      else if (args?.requested !== undefined && total !== args.requested)
        totalProblems.push(`total is ${total} for ${args.requested} IDs requested`);
    }
    if (strict && !notFound) problems.push("no not_found list");
    const actual = { total, found, results: records?.length, not_found: notFound?.length };
    const out = [
      ...(problems.length
        ? [fail(problems.join("; "), { found: "= results", total: "= found + not_found" }, actual)]
        : []),
      ...(totalProblems.length
        ? [
            failOn(
              "s4-4-profile-total-meaning",
              totalProblems.join("; "),
              { total: "= found + not_found = IDs requested" },
              actual,
            ),
          ]
        : []),
    ];
    return out.length ? out : pass();
  },
};
