import { describe, expect, it } from "vitest";
import { nextPresence } from "./next-presence.js";
import { noTotal } from "./no-total.js";
import { pageSize } from "./page-size.js";
import { context, ok } from "./testing/context.js";

const people = (ids: string[], total: number, next?: string) =>
  ok({ profile_ids: ids, total, ...(next !== undefined ? { next } : {}) });
const run = (bodies: unknown[], args = {}) => [nextPresence.run(context("queryPeople", bodies), args)].flat();

describe("next-presence (§4.3)", () => {
  it("wants next exactly while matches remain", () => {
    expect(run([people(["a"], 2, "c")])[0]!.status).toBe("pass");
    expect(run([people(["a", "b"], 2)])[0]!.status).toBe("pass");
    expect(run([people(["a"], 2)])[0]).toMatchObject({ status: "fail", expected: "next present (more pages remain)" });
    // next and total disagree: the failure rests on both clauses, for one page cannot say which is wrong.
    expect(run([people(["a", "b"], 2, "c")])[0]).toMatchObject({
      status: "fail",
      expected: "no next (last page)",
      message:
        "next and total disagree: next is present after 2 IDs, and total counts 2 matches; one of the two is wrong",
      clause: ["s4-3-next-present-absent", "s4-3-total-counts-matches"],
    });
    expect(run([people(["a"], 2, "")])[0]!.message).toMatch(/not a non-empty string/);
  });

  it("over pages, wants next on every page but the last, and honours an explicit expectation", () => {
    expect(run([people(["a"], 9, "c"), people(["b"], 9)])[0]!.status).toBe("pass");
    expect(run([people(["a"], 9), people(["b"], 9)])[0]!.message).toMatch(/page 1: a page before the last has no next/);
    expect(run([people(["a"], 9, "c")], { present: false })[0]!.status).toBe("fail");
  });
});

describe("a member written null where §4.3 says absent (s4-3-absent-member-null)", () => {
  const jobs = (data: Record<string, unknown>) => ok({ job_ids: ["a"], ...data });
  const noCount = (data: Record<string, unknown>) => [noTotal.run(context("queryJobs", [jobs(data)]), {})].flat()[0]!;

  it("reads next: null as absent, with a warning on the reading, and still fails what absence breaks", () => {
    expect(run([people(["a"], 3, "c"), ok({ profile_ids: ["b", "c"], total: 3, next: null })])[0]).toMatchObject({
      status: "fail",
      clause: "s4-3-absent-member-null",
      message: "page 2: next is null where no page remains: read as absent",
    });
    // A null next on a page before the last is a missing cursor: the must clause fails, not the reading.
    expect(run([ok({ profile_ids: ["a"], total: 3, next: null }), people(["b"], 3)])[0]).toMatchObject({
      message: expect.stringMatching(/next and total disagree|a page before the last has no next/),
    });
  });

  it("reads total: null on a jobs search as no count, with a warning; any other total fails", () => {
    expect(noCount({})).toMatchObject({ status: "pass" });
    expect(noCount({ total: null })).toMatchObject({ status: "fail", clause: "s4-3-absent-member-null" });
    expect(noCount({ total: 1 })).toMatchObject({ status: "fail", message: "data has a total member" });
    expect(noCount({ total: 1 }).clause).toBeUndefined();
  });
});

describe("page-size (§4.2, §8)", () => {
  const size = (body: unknown, requestBody: unknown, args = {}) =>
    [pageSize.run({ ...context("queryPeople", [body], { requestBody }) }, args)].flat()[0]!;
  it("caps a page at size, 100 when omitted, and with full wants a full first page", () => {
    expect(size(people(["a", "b"], 5, "c"), { size: 2 }).status).toBe("pass");
    expect(size(people(["a", "b", "c"], 5, "c"), { size: 2 }).status).toBe("fail");
    const hundred = Array.from({ length: 100 }, (_, i) => `id${i}`);
    expect(size(people([...hundred, "x"], 500, "c"), {}).status).toBe("fail");
    expect(size(people(hundred.slice(0, 50), 500, "c"), {}, { max: 100, full: true })).toMatchObject({
      status: "fail",
      expected: 100,
      actual: 50,
    });
    expect(size(people(hundred.slice(0, 7), 7), {}, { max: 100, full: true }).status).toBe("pass");
  });
});
