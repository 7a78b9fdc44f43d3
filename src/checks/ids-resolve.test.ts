import { describe, expect, it } from "vitest";
import { idsResolve } from "./ids-resolve.js";
import { context, ok } from "./testing/context.js";

const profiles = (ids: string[], notFound: string[] = []) =>
  ok({ results: ids.map((profile_id) => ({ profile_id })), not_found: notFound });

/** The check over one detail answer: as first judged, or judged again with `firstLook` (a second look's). */
function run(body: unknown, args: { ids: string[]; allow_not_found?: boolean }, firstLook?: { ids: string[] }) {
  const ctx = { ...context("getProfiles", [body]), ...(firstLook ? { firstLook } : {}) };
  return { outcome: [idsResolve.run(ctx, args)].flat()[0]!, observed: ctx.run.observed };
}

describe("ids-resolve (§2.1)", () => {
  it("wants every ID sent resolved, and no stranger in not_found", () => {
    expect(run(profiles(["a", "b"]), { ids: ["a", "b"] }).outcome.status).toBe("pass");
    expect(run(profiles(["a"], ["b"]), { ids: ["a", "b"] }).outcome).toMatchObject({
      status: "fail",
      message: "1 of 2 IDs from a search did not resolve",
      actual: ["b"],
    });
    expect(run(profiles(["a", "b"], ["c"]), { ids: ["a", "b"] }).outcome.message).toMatch(/IDs that were not sent/);
    expect(run(profiles(["a"]), { ids: ["a", "b"] }).outcome.message).toBe("1 records and 0 not_found for 2 IDs");
  });

  it("excuses, by a second look, an ID the search asked again no longer returns, and observes it", () => {
    // The search first returned a, b, c; detail found b gone; asked again, the search returns a, c, d.
    const { outcome, observed } = run(profiles(["a", "c"], ["b"]), { ids: ["a", "c", "d"] }, { ids: ["a", "b", "c"] });
    expect(outcome.status).toBe("pass");
    expect(observed.get("second-look.snapshot-changed.people")).toEqual([
      "1 of 3 IDs from a search not found by detail, and no longer returned when the search was asked again",
    ]);
  });

  it("still fails an ID the search asked again returns again, and the counts of the IDs sent", () => {
    const again = run(profiles(["a", "c"], ["b"]), { ids: ["a", "b", "c"] }, { ids: ["a", "b", "c"] }).outcome;
    expect(again).toMatchObject({ status: "fail", message: "1 of 3 IDs from a search did not resolve" });
    const short = run(profiles(["a"], ["b"]), { ids: ["a"] }, { ids: ["a", "b", "c"] }).outcome;
    expect(short).toMatchObject({ status: "fail", message: "1 records and 1 not_found for 3 IDs" });
  });
});
